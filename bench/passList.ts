import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { openDatabase } from '../server/kernel/db/database';
import { withoutSecondaryIndexes } from './bulkLoad';
import { login } from './identity';
import { type BenchDatabase, row, timedGets, wholeNumberFromEnv } from './measure';
import { startProductServer } from './processes';
import { postCreated } from './coreApi';

const PASSES = wholeNumberFromEnv('BENCH_PASSES', 1_000_000);
const LIMIT = 20;
const WARM_UP = 20;
const REQUESTS = 200;
/** The whole-table count reads every live row: fewer requests, or the bench takes minutes on that line alone. */
const COUNT_REQUESTS = 20;
/** createdAt runs over one year from here, evenly: one day holds PASSES / 365 passes. */
const YEAR_START = Date.UTC(2025, 0, 1);
const DAY = { from: '2025-07-01T00:00:00.000Z', to: '2025-07-02T00:00:00.000Z' };
const GOAL_MS = 50;
/** The deepest page held to the goal (OFFSET reads every row it skips); page 5000 is measured to show the growth. */
const DEEP_PAGE = Math.max(1, Math.min(500, Math.floor(PASSES / LIMIT)));

interface Measured {
  p50: number;
  p99: number;
  /** of the last answer */
  rows: number;
  totalCount: number | null;
}

interface Shape {
  label: string;
  query: Record<string, string>;
  /** indexed filters held to the goal (p99 ≤ 50 ms) */
  goal: boolean;
  requests?: number;
}

function shapes(): Shape[] {
  const newest = { limit: String(LIMIT), order: 'desc', orderBy: 'createdAt' };
  const deeperPage = Math.max(1, Math.min(5000, Math.floor(PASSES / LIMIT)));
  const number = Math.max(1, Math.round(PASSES * 0.123456));
  const customer = `Customer ${number}`;
  const like = JSON.stringify({ dynamicData: { $like: customer } });
  const email = `c${number}@`;
  const selectiveLike = JSON.stringify({ dynamicData: { $like: email } });
  const day = JSON.stringify({ createdAt: { gtOrEq: DAY.from, $lt: DAY.to } });
  const offset = (page: number) => ((page - 1) * LIMIT).toLocaleString('en');
  return [
    { label: 'first page, count=false', query: { ...newest, page: '1', count: 'false' }, goal: true },
    {
      label: `page ${DEEP_PAGE} (offset ${offset(DEEP_PAGE)}), count=false`,
      query: { ...newest, page: String(DEEP_PAGE), count: 'false' },
      goal: true,
    },
    {
      label: `page ${deeperPage} (offset ${offset(deeperPage)}), count=false`,
      query: { ...newest, page: String(deeperPage), count: 'false' },
      goal: false,
    },
    { label: `dynamicData $like "${customer}"`, query: { ...newest, page: '1', where: like }, goal: true },
    {
      label: '  same, count=false',
      query: { ...newest, page: '1', where: like, count: 'false' },
      goal: true,
    },
    {
      label: `dynamicData $like "${email}"`,
      query: { ...newest, page: '1', where: selectiveLike },
      goal: true,
    },
    { label: 'createdAt one day (gtOrEq, $lt)', query: { ...newest, page: '1', where: day }, goal: true },
    { label: '  same, count=false', query: { ...newest, page: '1', where: day, count: 'false' }, goal: true },
    {
      label: `first page, count=true (all), ${COUNT_REQUESTS} requests`,
      query: { ...newest, page: '1', count: 'true' },
      goal: false,
      requests: COUNT_REQUESTS,
    },
  ];
}

/** One project and one template through the API; the passes go straight into the database (the API is not measured). */
async function createTemplate(
  url: string,
  token: string,
): Promise<{ projectId: string; templateId: string }> {
  const post = (resource: string, body: unknown) => postCreated(url, token, resource, body);
  const projectId = await post('project', { name: 'Bench passes' });
  const templateId = await post('template', {
    name: 'Loyalty card',
    projectId,
    languages: ['en'],
    jsonTemplate: defaultJsonTemplate(),
    dynamicDataJsonSchema: {
      type: ['object', 'null'],
      title: 'DynamicData',
      properties: { name: { type: 'string' }, points: { type: 'integer' }, email: { type: 'string' } },
    },
  });
  return { projectId, templateId };
}

/**
 * PASSES passes of the template in one statement, createdAt spread evenly over a year, then planner statistics.
 * As a restore does, the table's secondary indexes are built after the load (bulkLoad.ts).
 * Ids come from md5(random()), shaped as v4 UUIDs: gen_random_uuid() costs PGlite about 0.1 ms a call.
 */
async function loadPasses(
  connection: { databaseUrl?: string; dataDir: string },
  ids: { projectId: string; templateId: string },
): Promise<void> {
  const { db, close } = await openDatabase(connection);
  try {
    await db.transaction().execute((trx) =>
      withoutSecondaryIndexes(trx, 'pass', async () => {
        const stepMs = (365 * 24 * 60 * 60 * 1000) / PASSES;
        const createdAt = sql`(${new Date(YEAR_START).toISOString()}::timestamptz + (n - 1) * ${stepMs}::float8 * interval '1 millisecond')`;
        const registeredAt = sql`case when n % 3 = 0 then ${createdAt} + interval '5 minutes' end`;
        await sql`insert into "pass" ("id", "projectId", "templateId", "dynamicData", "voided", "devicesTotal",
            "downloads", "firstRegisterAt", "lastRegisterAt", "createdAt", "updatedAt")
          select overlay(overlay(md5(random()::text || n) placing '4' from 13) placing '8' from 17)::uuid,
            ${ids.projectId}::uuid, ${ids.templateId}::uuid,
            jsonb_build_object('name', 'Customer ' || n, 'points', n % 5000, 'email', 'c' || n || '@example.com'),
            n % 50 = 0, case when n % 3 = 0 then 1 + n % 2 else 0 end, n % 4,
            ${registeredAt}, ${registeredAt}, ${createdAt}, ${createdAt} + interval '5 minutes'
          from generate_series(1, ${PASSES}::int) as n`.execute(trx);
      }),
    );
    // PostgreSQL's autovacuum would vacuum the new rows within a minute, in the middle of the measures: done here.
    // PGlite has no autovacuum and the server only analyzes (at start): so does the bench.
    if (connection.databaseUrl) await sql`vacuum analyze "pass"`.execute(db);
    else await sql`analyze "pass"`.execute(db);
  } finally {
    await close();
  }
}

async function measure(url: string, token: string, shape: Shape): Promise<Measured> {
  const address = `${url}/api/core/v1/pass?${new URLSearchParams(shape.query).toString()}`;
  const { p50, p99, last } = await timedGets<{ data: unknown[]; totalCount: number | null }>(address, token, {
    warmUp: WARM_UP,
    requests: shape.requests ?? REQUESTS,
  });
  return { p50, p99, rows: last.data.length, totalCount: last.totalCount };
}

/**
 * The pass list's figures: GET /v1/pass p50/p99 over PASSES passes (BENCH_PASSES, default 1,000,000), sequential requests
 * with an admin token: the first and deep pages, a dynamicData $like, a one-day createdAt range, the whole count.
 * Goal: p99 ≤ 50 ms for the indexed filters, and for pages up to DEEP_PAGE.
 */
export async function benchPassList(databases: BenchDatabase[]): Promise<void> {
  const list = shapes();
  const results: Measured[][] = [];
  for (const [index, database] of databases.entries()) {
    const port = 18300 + index;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-passes-'));
    try {
      let server = await startProductServer(port, database.env, { dataDir });
      try {
        const ids = await createTemplate(
          server.url,
          (await login(server.url, server.admin.email, server.admin.password)).token,
        );
        const started = performance.now();
        if (database.env.DATABASE_URL) {
          await loadPasses({ databaseUrl: database.env.DATABASE_URL, dataDir }, ids);
        } else {
          // PGlite: one process at a time owns the data directory.
          await server.stop();
          await loadPasses({ dataDir }, ids);
          server = await startProductServer(port, database.env, { dataDir });
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `${database.name}: ${PASSES.toLocaleString('en')} passes loaded in SQL and analyzed in ${seconds} s`,
        );
        const { token } = await login(server.url, server.admin.email, server.admin.password);
        const measured: Measured[] = [];
        for (const shape of list) measured.push(await measure(server.url, token, shape));
        results.push(measured);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const cells = (result: Measured) => [result.p50.toFixed(1), result.p99.toFixed(1)];
  console.log(
    `\nGET /v1/pass with an admin token, ${WARM_UP} warm-up then ${REQUESTS} sequential requests a line (ms);` +
      ` goal: p99 ≤ ${GOAL_MS} ms for the indexed filters and pages up to ${DEEP_PAGE} (offset cost grows with depth).`,
  );
  console.log(row(['', ...databases.flatMap((database) => [database.name, '']), '', '']));
  console.log(
    row([
      `${PASSES.toLocaleString('en')} passes, limit ${LIMIT}, newest first`,
      ...databases.flatMap(() => ['p50', 'p99']),
      'rows/total',
      'goal',
    ]),
  );
  for (const [index, shape] of list.entries()) {
    const measured = results.map((result) => result[index]);
    const met = measured.every((result) => result.p99 <= GOAL_MS);
    const { rows, totalCount } = measured[0];
    const goal = shape.goal ? (met ? 'met' : 'missed') : '';
    console.log(row([shape.label, ...measured.flatMap(cells), `${rows}/${totalCount ?? '-'}`, goal]));
  }
}
