import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver heard. */
export interface Heard {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * What the receiver answers at a path: `ok` 200; `failOnce` 500 to the first POST of each event, then 200;
 * `hangOnce` no answer to the first POST of each event, then 200; `always500` 500.
 */
export type Behaviour = 'ok' | 'failOnce' | 'hangOnce' | 'always500';

/**
 * A real HTTP receiver of webhook deliveries on 127.0.0.1: `/<behaviour>/<anything>` answers as the behaviour says,
 * and every POST is kept.
 *
 * @example const receiver = await startReceiver(); const url = receiver.url('ok', 'a')
 */
export async function startReceiver() {
  const heard: Heard[] = [];
  const seen = new Set<string>();
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const json = JSON.parse(body) as Heard['json'];
      heard.push({ path, headers: request.headers, body, json });
      const behaviour = path.split('/')[1] as Behaviour;
      const first = !seen.has(`${path}:${json.id}`);
      seen.add(`${path}:${json.id}`);
      if (behaviour === 'always500' || (behaviour === 'failOnce' && first)) {
        response.writeHead(500).end('receiver says no');
        return;
      }
      if (behaviour === 'hangOnce' && first) {
        hanging.push(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    heard,
    port,
    url: (behaviour: Behaviour, name: string) => `http://127.0.0.1:${port}/${behaviour}/${name}`,
    /** The POSTs to one path. */
    at: (behaviour: Behaviour, name: string) =>
      heard.filter((entry) => entry.path === `/${behaviour}/${name}`),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Checks a Passbase-Signature header as a receiver would: `t=<seconds>,v1=<hex>[,v1=<hex>]`, one v1 the HMAC-SHA256
 * of `<t>.<body>` under the secret. Answers the v1 signatures that match.
 */
export function matchingSignatures(header: string, body: string, secret: string): number {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = parts.find(([key]) => key === 't')?.[1];
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return parts.filter(([key, value]) => key === 'v1' && value === expected).length;
}

/** Asks until `check` holds (at most `ms`), then answers its last value. */
export async function waitFor<T>(
  ask: () => Promise<T> | T,
  check: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const ends = Date.now() + ms;
  let value = await ask();
  while (!check(value) && Date.now() < ends) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await ask();
  }
  return value;
}
