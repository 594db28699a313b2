import { startStripeStandIn } from '../tests/server/stripeStandIn';

/** The stand-in's keys in the bench: the e-shop is given the same. */
export const BENCH_STRIPE_KEYS = { secretKey: 'sk_test_bench', webhookSecret: 'whsec_bench' };

/** What the stand-in's process tells the bench. */
export type StandInMessage = { type: 'ready'; url: string } | { type: 'cpu'; ms: number };
/** What the bench tells it. */
export type BenchMessage = { type: 'webhook'; url: string } | { type: 'cpu' };

/**
 * The Stripe stand-in (tests/server/stripeStandIn.ts) in a process of its own, so that the checkout bench reports
 * its CPU apart from the server's: `node stripeStandInProcess.js` answers `ready` with its address, takes the webhook
 * address, and tells the CPU it used when asked.
 */
async function main(): Promise<void> {
  const stripe = await startStripeStandIn(BENCH_STRIPE_KEYS);
  const cpu = process.cpuUsage();
  process.on('message', (message: BenchMessage) => {
    if (message.type === 'webhook') stripe.setWebhookUrl(message.url);
    if (message.type === 'cpu') {
      const used = process.cpuUsage(cpu);
      process.send?.({ type: 'cpu', ms: (used.user + used.system) / 1000 } satisfies StandInMessage);
    }
  });
  process.on('disconnect', () => void stripe.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', url: stripe.url } satisfies StandInMessage);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
