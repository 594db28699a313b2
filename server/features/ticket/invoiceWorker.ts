import { parentPort } from 'node:worker_threads';
import type { EshopRow, OrderRow } from '../../kernel/db/tables';
import { invoicePdf, type InvoiceItem } from './invoice';

/** A render asked of the thread, and its answer. */
export interface InvoiceTask {
  id: number;
  eshop: EshopRow;
  order: OrderRow;
  items: InvoiceItem[];
}
export type InvoiceAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

// the thread of invoiceThreads.ts: renders invoices off the server's event loop
parentPort?.on('message', (task: InvoiceTask) => {
  invoicePdf(task.eshop, task.order, task.items).then(
    (pdf) => parentPort?.postMessage({ id: task.id, pdf } satisfies InvoiceAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: task.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies InvoiceAnswer),
  );
});
