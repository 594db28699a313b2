import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seedBenchShop } from './benchShop';
import { checkout, type BuyersReport } from './checkoutBuyers';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, percentile, row } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);

/** The buyers' process (checkoutBuyers.ts) against the server: each checkout's ms, and the buyers' CPU. */
function runBuyers(url: string, eshopId: string, productId: string): Promise<BuyersReport> {
  return new Promise((resolve, reject) => {
    let report: BuyersReport | undefined;
    const child = fork(path.join(__dirname, 'checkoutBuyers.js'), [
      url,
      eshopId,
      productId,
      String(BUYERS),
      String(SECONDS),
    ]);
    child.on('message', (message) => {
      report = message as BuyersReport;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      report ? resolve(report) : reject(new Error(`the buyers' process exited with ${code}`)),
    );
  });
}

/**
 * Checkouts/s through the whole flow with the simulated bank (the storefront's order form → pay → numbers → passes; the email with
 * its invoice PDF, an .eml file, from the job queue), BUYERS concurrent buyers (BENCH_BUYERS, 16 unless told) in a
 * process of their own for BENCH_SECONDS, the server in this process, on each database; the server's CPU time per
 * checkout meanwhile (its threads: requests, and the invoices the queue renders meanwhile), which a loaded machine
 * changes less than the rate, and the buyers' (they share the cores); then how long the queue took to send the
 * emails still due when the buyers stopped.
 */
export async function benchCheckout(databases: BenchDatabase[]): Promise<void> {
  console.log(
    row([
      '',
      'checkouts/s',
      'p50 ms',
      'p99 ms',
      'server CPU ms',
      'buyers CPU ms',
      'queue drain s',
      'overall/s',
      'mail files',
    ]),
  );
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
      await server.jobs.idle();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const { timings, cpuMs: buyersCpu } = await runBuyers(url, eshopId, productId);
      const answered = performance.now();
      const used = process.cpuUsage(cpu);
      const seconds = (answered - started) / 1000;
      // the emails (invoice PDF attached) go out from the job queue: the time until it has none left
      await server.jobs.idle();
      const drained = (performance.now() - answered) / 1000;
      const mails = fs.readdirSync(path.join(server.dataDir, 'mail')).length;
      console.log(
        row([
          `storefront checkout, ${BUYERS} buyers, 2 tickets (${database.name})`,
          (timings.length / seconds).toFixed(1),
          percentile(timings, 50).toFixed(1),
          percentile(timings, 99).toFixed(1),
          ((used.user + used.system) / 1000 / timings.length).toFixed(1),
          (buyersCpu / timings.length).toFixed(1),
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
