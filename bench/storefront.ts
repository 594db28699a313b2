import { seedBenchShop } from './benchShop';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, row, throughput } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

/**
 * The storefront's page (`GET /shop/{eshopId}`: the e-shop, its products on sale and the order form, rendered on
 * the server) at CONNECTIONS concurrent connections for BENCH_SECONDS, on each database: requests/s, p50 and p99,
 * and the page's size; the server in this process.
 */
export async function benchStorefront(databases: BenchDatabase[]): Promise<void> {
  console.log(row(['', 'pages/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'page bytes']));
  for (const database of databases) {
    const server = await startInProcessServer(0, { CHECKOUT_RATE_LIMIT: '0', ...database.env });
    try {
      const { eshopId } = await seedBenchShop(server, 'Bench storefront', 150);
      const page = `${server.url}/shop/${eshopId}`;
      const first = await fetch(page);
      const bytes = (await first.arrayBuffer()).byteLength;
      if (first.status !== 200) throw new Error(`GET ${page}: ${first.status}`);
      const result = await throughput(page, { accept: 'text/html' }, SECONDS, CONNECTIONS);
      console.log(
        row([
          `storefront page, ${CONNECTIONS} connections (${database.name})`,
          result.requestsPerSecond,
          result.p50Ms,
          result.p99Ms,
          result.maxMs,
          result.errors,
          bytes,
        ]),
      );
    } finally {
      await server.close();
    }
  }
}
