/**
 * Issue 7's accounting figures: GET /api/ticket/v1/sale and /v1/transaction p50/p99 (sequential requests, admin token)
 * over BENCH_ORDER_ITEMS paid order items (default 1,000,000) of a year, 3 e-shops, 10 products, 3 items an order,
 * written in SQL through the real triggers and constraints: "orderItem_fromOrder" copies each item's order fields
 * (one order lookup a row), foreign keys are checked row by row. As a restore does, secondary indexes are dropped for
 * the load and rebuilt from their definitions in the same transaction. The server runs in this process (PGlite).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../server/kernel/db/database';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, row, timedGets, wholeNumberFromEnv } from './measure';

const ITEMS = wholeNumberFromEnv('BENCH_ORDER_ITEMS', 1_000_000);
const ESHOPS = 3;
const PRODUCTS = 10;
const PER_ORDER = 3;
const ORDERS = Math.ceil(ITEMS / PER_ORDER);
const CHUNK = 500_000; // items a statement: bounds the queue of foreign-key checks until its end
const WARM_UP = 5;
const REQUESTS = 100;
/** a line stops after this much time once it has MIN_REQUESTS (a year's sales on PGlite takes seconds a request) */
const LINE_BUDGET_MS = 20_000;
const MIN_REQUESTS = 10;
const LIMIT = 1000;
const YEAR = { from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
const MONTH = { from: '2025-06-01T00:00:00.000Z', to: '2025-07-01T00:00:00.000Z' };

const uuidOf = (seed: RawBuilder<unknown>) =>
  sql`overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;
/** the product (its "order", 1..10) of item j of order o: one of the order's e-shop's products, turning */
const productOrder = (o: RawBuilder<unknown>, j: RawBuilder<unknown>) =>
  sql`1 + ${o} % ${ESHOPS}::int + ${ESHOPS}::int * ((${o} / ${ESHOPS}::int + ${j})
    % ((${PRODUCTS}::int - ${o} % ${ESHOPS}::int + ${ESHOPS}::int - 1) / ${ESHOPS}::int))`;

type Seeding = Record<'orders' | 'items' | 'indexes' | 'analyze', number>;

async function seconds(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await step();
  return (performance.now() - started) / 1000;
}

async function seed(db: Db, postgres: boolean, projectId: string): Promise<Seeding> {
  await sql`insert into "eshop" ("projectId", "name", "orderPrefix", "eshopVersion", "locales", "currency",
      "currencyCode", "maxItems", "maxPriceWithVat")
    select ${projectId}::uuid, 'Bench e-shop ' || e, (10 + e)::text, 'latest', '["cs"]', 'CZK', 203, 10, 100000
    from generate_series(0, ${ESHOPS - 1}::int) as e`.execute(db);
  const shops = sql`(select "id", "orderPrefix", "orderPrefix"::int - 10 as "e" from "eshop"
    where "projectId" = ${projectId}::uuid)`;
  await sql`insert into "product" ("eshopId", "projectId", "name", "active", "order", "maxItems", "maxEntries",
      "priceWithoutVat", "vat", "templateIds", "title", "period")
    select shop."id", ${projectId}::uuid, 'Ticket ' || k, true, k + 1, 10, 1, 100 + 25 * k,
      case when k % 2 = 0 then 0.21 else 0.12 end, '[]',
      jsonb_build_object('cs', 'Vstupenka ' || k), '{"periodType":"days","daysMaximalValidity":30}'
    from generate_series(0, ${PRODUCTS - 1}::int) as k join ${shops} as shop on shop."e" = k % ${ESHOPS}::int`.execute(
    db,
  );
  const product = sql`"product" p on p."projectId" = ${projectId}::uuid and p."order"`;
  const timing: Seeding = { orders: 0, items: 0, indexes: 0, analyze: 0 };
  await db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    const indexes = await sql<{ definition: string; name: string }>`
      select index.relname as "name", pg_get_indexdef(index.oid) as "definition"
      from pg_index join pg_class index on index.oid = pg_index.indexrelid
      where pg_index.indrelid in ('"order"'::regclass, '"orderItem"'::regclass)
        and not exists (select from pg_constraint where pg_constraint.conindid = pg_index.indexrelid)`.execute(
      trx,
    );
    for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    // paid evenly over the year; totals as the checkout computes them (list prices with and without VAT)
    timing.orders = await seconds(() =>
      sql`insert into "order" ("id", "eshopId", "projectId", "orderNumber", "yearSerial", "locale", "email", "state",
          "paymentState", "paymentMethod", "totalWithoutVat", "totalWithVat", "itemsCreatedAt", "paymentRequestedAt",
          "paymentSuccessAt", "numberGenerationAt", "emailSentAt", "createdAt", "updatedAt")
        select ${uuidOf(sql`'order' || s.o`)}, shop."id", ${projectId}::uuid,
          shop."orderPrefix" || '25' || lpad(s.serial::text, 6, '0'), s.serial, 'cs', 'buyer' || s.o || '@example.com',
          'passesIssued', 'paid', 'card', t."withoutVat", t."withVat", s.paid - interval '5 minutes',
          s.paid - interval '4 minutes', s.paid, s.paid + interval '1 second', s.paid + interval '2 seconds',
          s.paid - interval '5 minutes', s.paid + interval '2 seconds'
        from (select o, o % ${ESHOPS}::int as e, (o - 1) / ${ESHOPS}::int + 1 as serial,
            ${YEAR.from}::timestamptz + ((o - 1)::float8 / ${ORDERS}::float8) * interval '365 days' as paid
          from generate_series(1, ${ORDERS}::int) as o) as s
        join ${shops} as shop on shop."e" = s.e
        cross join lateral (select sum(p."priceWithoutVat") as "withoutVat", sum(p."priceWithVat") as "withVat"
          from generate_series(0, least(${PER_ORDER}::int, ${ITEMS}::int - ${PER_ORDER}::int * (s.o - 1)) - 1) as j
          join ${product} = ${productOrder(sql`s.o`, sql`j`)}) as t`.execute(trx),
    );
    // the e-shop, project, order number, payment state and paidAt are left to the trigger, as in production
    const started = performance.now();
    for (let first = 1; first <= ITEMS; first += CHUNK)
      await sql`insert into "orderItem" ("id", "orderId", "productId", "productName", "productMaxEntries", "state",
          "itemNumber", "priceWithoutVat", "vat", "price", "discountPercentage", "discountAmount", "discountedPrice",
          "issued", "validFrom", "validTo", "createdAt", "updatedAt")
        select ${uuidOf(sql`'item' || s.n`)}, ${uuidOf(sql`'order' || s.o`)}, p."id", p."name", p."maxEntries",
          'issued', (10 + s.o % ${ESHOPS}::int) || 'T' || lpad(s.n::text, 9, '0'), p."priceWithoutVat", p."vat",
          p."priceWithVat", s.discount, round(p."priceWithVat" * s.discount / 100, 2),
          p."priceWithVat" - round(p."priceWithVat" * s.discount / 100, 2), true, s.paid,
          s.paid + interval '30 days', s.paid - interval '5 minutes', s.paid + interval '1 second'
        from (select n, (n - 1) / ${PER_ORDER}::int + 1 as o, (n - 1) % ${PER_ORDER}::int as j,
            case when n % 10 = 0 then 10 else 0 end as discount,
            ${YEAR.from}::timestamptz + (((n - 1) / ${PER_ORDER}::int)::float8 / ${ORDERS}::float8)
              * interval '365 days' as paid
          from generate_series(${first}::int, ${Math.min(ITEMS, first + CHUNK - 1)}::int) as n) as s
        join ${product} = ${productOrder(sql`s.o`, sql`s.j`)}`.execute(trx);
    timing.items = (performance.now() - started) / 1000;
    timing.indexes = await seconds(async () => {
      for (const index of indexes.rows) await sql.raw(index.definition).execute(trx);
    });
  });
  // PostgreSQL's autovacuum would run in the middle of the measures: done here. PGlite has none: analyze only.
  timing.analyze = await seconds(() => (postgres ? sql`vacuum analyze` : sql`analyze`).execute(db));
  return timing;
}

interface Line {
  label: string;
  resource: 'sale' | 'transaction';
  range: { from: string; to: string };
  oneEshop: boolean;
}

/** each query for all e-shops, then for one */
const QUERIES: Array<[string, Line['resource'], Line['range']]> = [
  ['sales, one month', 'sale', MONTH],
  ['sales, whole year', 'sale', YEAR],
  [`transactions, one month, page 1 (limit ${LIMIT})`, 'transaction', MONTH],
];
const LINES: Line[] = QUERIES.flatMap(([label, resource, range]) => [
  { label, resource, range, oneEshop: false },
  { label: '  one e-shop', resource, range, oneEshop: true },
]);

interface Measured {
  p50: number;
  p99: number;
  requests: number;
  /** rows/totalCount of the last answer */
  answer: string;
}

async function measure(url: string, token: string, eshopId: string, line: Line): Promise<Measured> {
  const where = { ...(line.oneEshop ? { eshopId } : {}), ...line.range };
  const query = new URLSearchParams({ where: JSON.stringify(where), page: '1', limit: String(LIMIT) });
  const address = `${url}/api/ticket/v1/${line.resource}?${query.toString()}`;
  const { p50, p99, requests, last } = await timedGets<{ data: unknown[]; totalCount: number | null }>(
    address,
    token,
    { warmUp: WARM_UP, requests: REQUESTS, budgetMs: LINE_BUDGET_MS, minRequests: MIN_REQUESTS },
  );
  return { p50, p99, requests, answer: `${last.data.length}/${last.totalCount ?? '-'}` };
}

/** Seeding time, then p50/p99 of each LINES query, on each database; printed side by side. */
export async function benchAccounting(databases: BenchDatabase[]): Promise<void> {
  const results: Measured[][] = [];
  for (const [index, database] of databases.entries()) {
    const server = await startInProcessServer(18600 + index, database.env);
    try {
      const { url, token, db } = server;
      const projectId = await server.post('project', { name: 'Bench accounting' });
      const started = performance.now();
      const timing = await seed(db, Boolean(database.env.DATABASE_URL), projectId);
      const total = (performance.now() - started) / 1000;
      console.log(
        `${database.name}: ${ITEMS.toLocaleString('en')} paid items in ${ORDERS.toLocaleString('en')} orders seeded in ` +
          `${total.toFixed(1)} s (orders ${timing.orders.toFixed(1)} s, items through the per-row trigger ` +
          `${timing.items.toFixed(1)} s, indexes ${timing.indexes.toFixed(1)} s, ` +
          `${database.env.DATABASE_URL ? 'vacuum analyze' : 'analyze'} ${timing.analyze.toFixed(1)} s)`,
      );
      // Seeding PGlite holds this process's event loop for minutes: let the timers that were due run (idle
      // keep-alive connections of the set-up requests close on both sides) before the first measured request.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const eshop = await db
        .selectFrom('eshop')
        .select('id')
        .where('projectId', '=', projectId)
        .orderBy('orderPrefix')
        .executeTakeFirstOrThrow();
      const measured: Measured[] = [];
      for (const line of LINES) measured.push(await measure(url, token, eshop.id, line));
      results.push(measured);
    } finally {
      await server.close();
    }
  }
  console.log(
    `\nGET /api/ticket/v1/{sale,transaction} with an admin token, ${WARM_UP} warm-up then up to ${REQUESTS} sequential ` +
      `requests a line (fewer after ${LINE_BUDGET_MS / 1000} s, at least ${MIN_REQUESTS}) (ms); month = June 2025.`,
  );
  console.log(row(['', ...databases.flatMap((database) => [database.name, '', '']), '']));
  console.log(
    row([
      `${ITEMS.toLocaleString('en')} order items`,
      ...databases.flatMap(() => ['p50', 'p99', 'requests']),
      'rows/total',
    ]),
  );
  for (const [index, line] of LINES.entries()) {
    const measured = results.map((result) => result[index]);
    const cells = measured.flatMap((m) => [m.p50.toFixed(1), m.p99.toFixed(1), String(m.requests)]);
    console.log(row([line.label, ...cells, measured[0].answer]));
  }
}
