import crypto from 'node:crypto';
import http from 'node:http';

/**
 * The buyers of the checkout bench, in a process of their own so that the server's event loop serves the checkouts
 * alone, each ordering through the storefront's form as a customer does: `node checkoutBuyers.js <url> <eshopId> <productId> <buyers> <seconds> [simulated|stripe]` runs the buyers concurrently for
 * the seconds given and sends the parent each checkout's milliseconds and the CPU the buyers used. They talk plain
 * HTTP/1.1 over kept-alive connections (node:http, as autocannon does for the other sections), so that the load
 * generator takes as little as it can of the cores the server runs on.
 */
/** What the buyers' process tells the bench when its time is up. */
export interface BuyersReport {
  timings: number[];
  /** the buyers' own CPU (user + system), ms */
  cpuMs: number;
}

const agent = new http.Agent({ keepAlive: true });

/** POSTs the JSON body; answers the parsed answer when its status is the expected one, throws otherwise. */
function post(url: string, body: unknown, what: string, status: number): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== status) reject(new Error(`${what}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text) as Record<string, unknown>);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * POSTs a form (urlencoded: the storefront's order, the Stripe stand-in's Pay) and answers where its 303 sends the
 * buyer; throws on another status, with the page's problems.
 */
function postForm(url: string, fields: Record<string, string>, what: string): Promise<string> {
  const payload = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const location = response.headers.location;
          if (response.statusCode !== 303 || !location)
            reject(new Error(`${what}: ${response.statusCode} ${Buffer.concat(chunks).toString('utf8')}`));
          else resolve(location);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** GETs the JSON answer of an address (the order's status link). */
function getJson(url: string, what: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers: { accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`${what}: ${response.statusCode} ${text}`));
        else resolve(JSON.parse(text) as Record<string, unknown>);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Where the buyers pay: the simulated bank in the server, or Stripe's page (its stand-in's, another process). */
export type PaymentPlace = 'simulated' | 'stripe';

/**
 * One buyer's whole checkout as a customer makes it: the storefront's form with 2 tickets of the product and a name
 * on each (a fresh form key each time), then Pay at the simulated bank, or on Stripe's page (whose signed webhook
 * reaches the server before Stripe sends the buyer back to the order's page, which then says paid); answers its ms.
 */
export async function checkout(
  url: string,
  eshopId: string,
  productId: string,
  place: PaymentPlace = 'simulated',
): Promise<number> {
  const started = performance.now();
  const paymentPage = await postForm(
    `${url}/shop/${eshopId}/order`,
    {
      submission: crypto.randomBytes(18).toString('base64url'),
      lang: 'cs',
      [`quantity.${productId}`]: '2',
      [`holder.${productId}.1`]: 'Jana Nováková',
      [`holder.${productId}.2`]: 'Petr Novák',
      email: 'buyer@example.com',
      terms: 'on',
    },
    'order in the storefront',
  );
  if (place === 'stripe') {
    const orderPage = await postForm(`${paymentPage}/pay`, {}, 'pay on the Stripe page');
    // the order's page on the address the bench reaches the server at
    const back = new URL(orderPage, url);
    const order = await getJson(`${url}${back.pathname}${back.search}`, 'the order page');
    if (order.paymentState !== 'paid') throw new Error(`pay at Stripe: ${JSON.stringify(order)}`);
    return performance.now() - started;
  }
  const paid = await post(`${url}${new URL(paymentPage, url).pathname}`, { outcome: 'paid' }, 'pay', 200);
  if (paid.paymentState !== 'paid') throw new Error(`pay: ${JSON.stringify(paid)}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const [url, eshopId, productId, buyers, seconds, place] = process.argv.slice(2);
  const timings: number[] = [];
  const cpu = process.cpuUsage();
  const until = performance.now() + Number(seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(buyers) }, async () => {
      while (performance.now() < until)
        timings.push(await checkout(url, eshopId, productId, place as PaymentPlace));
    }),
  );
  const used = process.cpuUsage(cpu);
  const report: BuyersReport = { timings, cpuMs: (used.user + used.system) / 1000 };
  process.send?.(report);
  agent.destroy();
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
