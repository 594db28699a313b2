import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seedBenchShop } from './benchShop';
import { checkout, type BuyersReport, type PaymentPlace } from './checkoutBuyers';
import { startInProcessServer, type InProcessServer } from './inProcessServer';
import { BENCH_STRIPE_KEYS, type BenchMessage, type StandInMessage } from './stripeStandInProcess';
import { CHECKOUT_PREFIX } from '../server/features/ticket';
import { type BenchDatabase, percentile, row } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);

/** The buyers' process (checkoutBuyers.ts) against the server: each checkout's ms, and the buyers' CPU. */
function runBuyers(
  url: string,
  eshopId: string,
  productId: string,
  place: PaymentPlace,
): Promise<BuyersReport> {
  return new Promise((resolve, reject) => {
    let report: BuyersReport | undefined;
    const child = fork(path.join(__dirname, 'checkoutBuyers.js'), [
      url,
      eshopId,
      productId,
      String(BUYERS),
      String(SECONDS),
      place,
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

/** The Stripe stand-in in its own process: its address, the webhook it is told, and the CPU it used. */
async function startStripeProcess(): Promise<{
  url: string;
  setWebhookUrl(url: string): void;
  cpuMs(): Promise<number>;
  close(): void;
}> {
  const child = fork(path.join(__dirname, 'stripeStandInProcess.js'));
  const next = () =>
    new Promise<StandInMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as StandInMessage));
      child.once('error', reject);
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the Stripe stand-in did not start');
  return {
    url: ready.url,
    setWebhookUrl: (url) => child.send({ type: 'webhook', url } satisfies BenchMessage),
    async cpuMs() {
      const answer = next();
      child.send({ type: 'cpu' } satisfies BenchMessage);
      const message = await answer;
      return message.type === 'cpu' ? message.ms : 0;
    },
    close: () => child.disconnect(),
  };
}

/** The e-shop sells through the Stripe stand-in: its settings through the API, as an administrator sets them. */
async function sellThroughStripe(server: InProcessServer, eshopId: string, apiBase: string): Promise<void> {
  const response = await fetch(`${server.url}/api/ticket/v1/eshop/${eshopId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paymentGateway: { kind: 'stripe', test: true, apiBase, ...BENCH_STRIPE_KEYS } }),
  });
  if (response.status !== 200)
    throw new Error(`the Stripe settings: ${response.status} ${await response.text()}`);
}

/**
 * Checkouts/s through the whole flow (the storefront's order form → pay → numbers → passes; the email with its
 * invoice PDF, an .eml file, from the job queue), BUYERS concurrent buyers (BENCH_BUYERS, 16 unless told) in a
 * process of their own for BENCH_SECONDS, the server in this process, on each database; paid at the simulated bank
 * in the server, then on the page of a Stripe stand-in in a third process (a Checkout Session per order, the signed
 * webhook, the session read back, the return to the order's page), whose CPU is reported apart. Printed: the server's
 * CPU time per checkout meanwhile (its threads: requests, and the invoices the queue renders meanwhile), which a
 * loaded machine changes less than the rate, the buyers' and the stand-in's (they share the cores); then how long the
 * queue took to send the emails still due when the buyers stopped.
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
      'Stripe CPU ms',
      'queue drain s',
      'overall/s',
      'mail files',
    ]),
  );
  for (const database of databases)
    for (const place of ['simulated', 'stripe'] as const) {
      const server = await startInProcessServer(0, {
        CHECKOUT_RATE_LIMIT: '0',
        SMTP_URL: '',
        ...database.env,
      });
      const stripe = place === 'stripe' ? await startStripeProcess() : undefined;
      try {
        const { url } = server;
        const { eshopId, productId } = await seedBenchShop(server, 'Bench checkout', 150);
        if (stripe) {
          await sellThroughStripe(server, eshopId, stripe.url);
          stripe.setWebhookUrl(`${url}${CHECKOUT_PREFIX}/eshop/${eshopId}/gateway/stripe`);
        }
        for (let warm = 0; warm < 5; warm += 1) await checkout(url, eshopId, productId, place);
        await server.jobs.idle();
        const stripeCpu = (await stripe?.cpuMs()) ?? 0;
        const cpu = process.cpuUsage();
        const started = performance.now();
        const { timings, cpuMs: buyersCpu } = await runBuyers(url, eshopId, productId, place);
        const answered = performance.now();
        const used = process.cpuUsage(cpu);
        const stripeUsed = stripe ? (await stripe.cpuMs()) - stripeCpu : undefined;
        const seconds = (answered - started) / 1000;
        // the emails (invoice PDF attached) go out from the job queue: the time until it has none left
        await server.jobs.idle();
        const drained = (performance.now() - answered) / 1000;
        const mails = fs.readdirSync(path.join(server.dataDir, 'mail')).length;
        const paidAt = place === 'stripe' ? 'Stripe stand-in' : 'simulated bank';
        console.log(
          row([
            `${BUYERS} buyers × 2 tickets, ${paidAt} (${database.name})`,
            (timings.length / seconds).toFixed(1),
            percentile(timings, 50).toFixed(1),
            percentile(timings, 99).toFixed(1),
            ((used.user + used.system) / 1000 / timings.length).toFixed(1),
            (buyersCpu / timings.length).toFixed(1),
            stripeUsed === undefined ? '-' : (stripeUsed / timings.length).toFixed(1),
            drained.toFixed(1),
            (timings.length / (seconds + drained)).toFixed(1),
            mails,
          ]),
        );
      } finally {
        stripe?.close();
        await server.close();
      }
    }
}
