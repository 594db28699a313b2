import { sql } from 'kysely';
import { seedBenchShop } from './benchShop';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, percentile, row } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 20;
const TICKETS = Number(process.env.BENCH_GATE_TICKETS ?? 20_000);

/** One scan at the gate; answers its ms, and fails on anything but the expected result. */
async function scan(url: string, token: string, code: string, expected: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/ticket/v1/entry`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json()) as { result?: string };
  if (response.status !== 200 || body.result !== expected)
    throw new Error(`entry ${code}: ${response.status} ${JSON.stringify(body)}`);
  return performance.now() - started;
}

/**
 * Entries/s at the gate: CLIENTS gates scanning for BENCH_SECONDS, each scan a different paid single-entry ticket
 * with a pass (accepted: counted, recorded, its pass updated), then the same tickets again (used: refused,
 * recorded). BENCH_GATE_TICKETS tickets are seeded in SQL; server in this process, on each database.
 */
export async function benchGate(databases: BenchDatabase[]): Promise<void> {
  console.log(row(['', 'entries/s', 'p50 ms', 'p99 ms', 'scans']));
  for (const [index, database] of databases.entries()) {
    const server = await startInProcessServer(18520 + index, { ...database.env });
    try {
      const { url, db, token } = server;
      const { projectId, templateId, eshopId, productId } = await seedBenchShop(server, 'Bench gate', 100);
      const order = await sql<{ id: string }>`insert into "order" ("eshopId", "projectId", "orderNumber",
        "yearSerial", "locale", "email", "paymentState", "paymentSuccessAt", "totalWithoutVat", "totalWithVat")
        values (${eshopId}, ${projectId}, '9000000001', 1, 'cs', 'bench@example.com', 'paid', now(), 0, 0)
        returning "id"`.execute(db);
      await sql`with passes as (
          insert into "pass" ("projectId", "templateId", "dynamicData", "dynamicImages", "voided")
          select ${projectId}, ${templateId}, '{}'::jsonb, '{}'::jsonb, false from generate_series(1, ${TICKETS})
          returning "id")
        insert into "orderItem" ("orderId", "productId", "productName", "productMaxEntries", "priceWithoutVat",
          "vat", "price", "discountedPrice", "itemNumber", "ticketSecret", "passId", "validFrom", "validTo", "state",
          "issued")
        select ${order.rows[0].id}, ${productId}, 'Adult', 1, 100, 0.21, 121, 121,
          'B' || lpad((row_number() over ())::text, 9, '0'), 'bench-secret-' || lpad((row_number() over ())::text, 9, '0'),
          "id", now() - interval '1 day',
          now() + interval '30 days', 'issued', true
        from passes`.execute(db);
      await sql`analyze`.execute(db);
      // scanned as their barcodes carry them: by secret (a typed number needs the gate's e-shop)
      const code = (n: number) => `bench-secret-${String(n).padStart(9, '0')}`;
      // the used phase scans again only the tickets the accepted phase let in
      let last = TICKETS;
      for (const [label, expected] of [
        ['accepted', 'accepted'],
        ['used (refused)', 'used'],
      ] as const) {
        let next = 1;
        const timings: number[] = [];
        const until = performance.now() + SECONDS * 1000;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (performance.now() < until && next <= last)
              timings.push(await scan(url, token, code(next++), expected));
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        last = next - 1;
        console.log(
          row([
            `gate, ${CLIENTS} clients, ${label} (${database.name})`,
            (timings.length / seconds).toFixed(1),
            percentile(timings, 50).toFixed(1),
            percentile(timings, 99).toFixed(1),
            timings.length,
          ]),
        );
      }
    } finally {
      await server.close();
    }
  }
}
