/**
 * The buyers of the checkout bench, in a process of their own so that the server's event loop serves the checkouts
 * alone: `node checkoutBuyers.js <url> <eshopId> <productId> <buyers> <seconds>` runs the buyers concurrently for
 * the seconds given and sends the parent each checkout's milliseconds.
 */
const BASE = '/api/ticket/public/v1';

async function json(response: Response, what: string, status = 200): Promise<Record<string, unknown>> {
  const body = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** One buyer's whole checkout: create the order (2 tickets), pay it at the simulated bank; answers its ms. */
export async function checkout(url: string, eshopId: string, productId: string): Promise<number> {
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

async function main(): Promise<void> {
  const [url, eshopId, productId, buyers, seconds] = process.argv.slice(2);
  const timings: number[] = [];
  const until = performance.now() + Number(seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(buyers) }, async () => {
      while (performance.now() < until) timings.push(await checkout(url, eshopId, productId));
    }),
  );
  process.send?.(timings);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
