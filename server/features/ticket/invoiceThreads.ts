import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EshopRow, OrderRow } from '../../kernel/db/tables';
import { invoicePdf, type InvoiceItem } from './invoice';
import type { InvoiceAnswer, InvoiceTask } from './invoiceWorker';

export type RenderInvoice = (eshop: EshopRow, order: OrderRow, items: InvoiceItem[]) => Promise<Buffer>;

export interface InvoiceThreads {
  render: RenderInvoice;
  close(): Promise<void>;
}

/** The compiled thread's script; the sources (tests) have none and render in the calling thread. */
const WORKER_SCRIPT = path.join(__dirname, 'invoiceWorker.js');
const compiled = __filename.endsWith('.js');

/**
 * Renders invoice PDFs in `size` worker threads, so that the order emails of the job queue never hold up the
 * requests of the event loop (an invoice takes tens of milliseconds of CPU). Threads start on the first render, do
 * not keep the process alive, and a thread that dies is replaced by the next render.
 *
 * @example const invoices = createInvoiceThreads(1); const pdf = await invoices.render(eshop, order, items)
 */
export function createInvoiceThreads(size: number): InvoiceThreads {
  if (!compiled) return { render: invoicePdf, close: async () => undefined };
  type Thread = { worker: Worker; tasks: Set<number> };
  const threads: Thread[] = [];
  const waiting = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();
  let nextId = 0;

  function start(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_SCRIPT), tasks: new Set() };
    thread.worker.unref();
    thread.worker.on('message', (answer: InvoiceAnswer) => {
      thread.tasks.delete(answer.id);
      const task = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('pdf' in answer) task?.resolve(Buffer.from(answer.pdf));
      else task?.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      // its tasks are lost with it: their callers fail (a job is retried)
      for (const id of thread.tasks) {
        waiting.get(id)?.reject(new Error(`The invoice thread stopped: ${error.message}`));
        waiting.delete(id);
      }
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`exit code ${code}`));
    });
    threads.push(thread);
    return thread;
  }

  return {
    render(eshop, order, items) {
      const thread =
        threads.length < size
          ? start()
          : threads.reduce((least, candidate) =>
              candidate.tasks.size < least.tasks.size ? candidate : least,
            );
      const id = (nextId += 1);
      thread.tasks.add(id);
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.worker.postMessage({ id, eshop, order, items } satisfies InvoiceTask);
      });
    },
    async close() {
      const stopping = threads.splice(0);
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}
