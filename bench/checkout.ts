import fs from 'node:fs';
import path from 'node:path';
import { seedBenchShop } from './benchShop';
import { startInProcessServer } from './inProcessServer';
import { percentile, row } from './measure';

type Database = { name: string; env: Record<string, string> };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUYERS = 8;
const BASE = '/api/ticket/public/v1';

async function json(response: Response, what: string, status = 200): Promise<Record<string, unknown>> {
  const body = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** One buyer's whole checkout: create the order (2 tickets), pay it at the simulated bank; answers its ms. */
async function checkout(url: string, eshopId: string, productId: string): Promise<number> {
  const started = performance.now();
  const order = await json(
    await fetch(`${url}${BASE}/eshop/${eshopId}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', locale: 'cs', items: [{ productId, count: 2 }] }),
    }),
    'create order',
    201,
  );
  const paid = await json(
    await fetch(new URL(String(order.paymentUrl)).pathname.replace(/^/, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    }),
    'pay',
  );
  if (paid.paymentState !== 'paid') throw new Error(`pay: ${JSON.stringify(paid)}`);
  return performance.now() - started;
}

/**
 * Checkouts/s through the whole flow with the simulated bank (create order → pay → numbers → passes; the email with
 * its invoice PDF, an .eml file, from the job queue), BUYERS concurrent buyers for BENCH_SECONDS, server in this
 * process, on each database; then how long the queue took to send the emails still due when the buyers stopped.
 */
export async function benchCheckout(databases: Database[]): Promise<void> {
  console.log(row(['', 'checkouts/s', 'p50 ms', 'p99 ms', 'queue drain s', 'overall/s', 'mail files']));
  for (const database of databases) {
    const server = await startInProcessServer(0, {
      CHECKOUT_RATE_LIMIT: '0',
      SMTP_URL: '',
      ...database.env,
    });
    try {
      const { url } = server;
      const { eshopId, productId } = await seedBenchShop(server, 'Bench checkout', 150);
      for (let warm = 0; warm < 5; warm += 1) await checkout(url, eshopId, productId);
      const timings: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: BUYERS }, async () => {
          while (performance.now() < until) timings.push(await checkout(url, eshopId, productId));
        }),
      );
      const answered = performance.now();
      const seconds = (answered - started) / 1000;
      // the emails (invoice PDF attached) go out from the job queue: the time until it has none left
      await server.jobs.idle();
      const drained = (performance.now() - answered) / 1000;
      const mails = fs.readdirSync(path.join(server.dataDir, 'mail')).length;
      console.log(
        row([
          `checkout, ${BUYERS} buyers, 2 tickets (${database.name})`,
          (timings.length / seconds).toFixed(1),
          percentile(timings, 50).toFixed(1),
          percentile(timings, 99).toFixed(1),
          drained.toFixed(1),
          (timings.length / (seconds + drained)).toFixed(1),
          mails,
        ]),
      );
    } finally {
      await server.close();
    }
  }
}
