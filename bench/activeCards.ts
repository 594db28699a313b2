import os from 'node:os';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import type { Db } from '../server/kernel/db/database';
import { withoutSecondaryIndexes } from './bulkLoad';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, row, timedGets, wholeNumberFromEnv } from './measure';

const PASSES = wholeNumberFromEnv('BENCH_PASSES', 500_000);
/** passes a statement: the statement triggers' transition tables stay small */
const CHUNK = 100_000;
const WARM_UP = 5;
const REQUESTS = 50;
const GOAL_MS = 200;
const YEAR_START = '2025-01-01T00:00:00.000Z';

/** The report shapes measured: the console's default (a year, daily) and two shorter charts. */
const SHAPES = [
  {
    label: 'a year, daily (365 intervals)',
    from: YEAR_START,
    to: '2026-01-01T00:00:00.000Z',
    interval: 'daily',
  },
  {
    label: 'a month, daily (30 intervals)',
    from: '2025-06-01T00:00:00.000Z',
    to: '2025-07-01T00:00:00.000Z',
    interval: 'daily',
  },
  {
    label: 'a year, monthly (12 intervals)',
    from: YEAR_START,
    to: '2026-01-01T00:00:00.000Z',
    interval: 'monthly',
  },
];

/** A number in [0, 1) drawn from the pass number and a salt: the same passes on both databases. */
const fraction = (salt: string) => sql`((hashtext(n::text || ${salt}) & 1048575)::float8 / 1048576)`;

/**
 * PASSES passes of one template, created evenly over 2025: 70 % registered within three days of
 * their creation; of those, 60 % still on one or two devices, the others unregistered 1 to 180 days later (some after
 * a second registration); 8 % of all passes deleted 24 to 240 days after creation (registered or not). The report
 * aggregates are filled by the pass triggers, as in production, CHUNK passes a statement; the secondary indexes are
 * built after the load (bulkLoad.ts); then planner statistics.
 */
async function seed(db: Db, ids: { projectId: string; templateId: string }, vacuum: boolean): Promise<void> {
  const stepMs = (365 * 24 * 60 * 60 * 1000) / PASSES;
  const createdAt = sql`(${YEAR_START}::timestamptz + (n - 1) * ${stepMs}::float8 * interval '1 millisecond')`;
  const registered = sql`${fraction('registered')} < 0.7`;
  const held = sql`${fraction('held')} < 0.6`;
  const firstRegisterAt = sql`${createdAt} + ${fraction('first')} * interval '3 days'`;
  const lastRegisterAt = sql`${firstRegisterAt} + case when ${fraction('again')} < 0.2
    then ${fraction('again')} * interval '20 days' else interval '0' end`;
  const lastUnregisterAt = sql`${lastRegisterAt} + interval '1 day' + ${fraction('unregistered')} * interval '179 days'`;
  // after the last registration (a deleted pass is not registered again)
  const deletedAt = sql`${createdAt} + interval '24 days' + ${fraction('deleted')} * interval '216 days'`;
  await db.transaction().execute((trx) =>
    withoutSecondaryIndexes(trx, 'pass', async () => {
      for (let first = 1; first <= PASSES; first += CHUNK) {
        const last = Math.min(PASSES, first + CHUNK - 1);
        await sql`insert into "pass" ("id", "projectId", "templateId", "dynamicData", "dynamicImages", "voided",
          "devicesTotal", "firstRegisterAt", "lastRegisterAt", "firstUnregisterAt", "lastUnregisterAt", "deletedAt",
          "createdAt", "updatedAt")
        select overlay(overlay(md5('active cards ' || n) placing '4' from 13) placing '8' from 17)::uuid,
          ${ids.projectId}::uuid, ${ids.templateId}::uuid, jsonb_build_object('name', 'Customer ' || n), '{}', false,
          case when ${registered} and ${held} then 1 + n % 2 else 0 end,
          case when ${registered} then ${firstRegisterAt} end,
          case when ${registered} then ${lastRegisterAt} end,
          case when ${registered} and not ${held} then ${lastUnregisterAt} end,
          case when ${registered} and not ${held} then ${lastUnregisterAt} end,
          case when ${fraction('delete')} < 0.08 then ${deletedAt} end,
          ${createdAt}, ${createdAt}
        from generate_series(${first}::int, ${last}::int) as n`.execute(trx);
      }
    }),
  );
  // PostgreSQL's autovacuum would vacuum the new rows in the middle of the measures: done here.
  if (vacuum) await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}

interface Measured {
  p50: number;
  p99: number;
  /** the period's active cards in the last answer */
  active: number;
}

async function latency(
  url: string,
  token: string,
  projectId: string,
  shape: (typeof SHAPES)[number],
): Promise<Measured> {
  const query = new URLSearchParams({
    where: JSON.stringify({ projectId }),
    from: shape.from,
    to: shape.to,
    interval: shape.interval,
  });
  const address = `${url}/api/core/v1/report/activity?${query.toString()}`;
  // The set-up's pooled connection may be dead: the server closed it while the in-process PGlite seed held the event
  // loop, so the client never saw it close. A throwaway request drops it before anything is timed.
  await fetch(address, { headers: { authorization: `Bearer ${token}` } })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
  const { p50, p99, last } = await timedGets<{ data: Array<{ active: number }> }>(address, token, {
    warmUp: WARM_UP,
    requests: REQUESTS,
  });
  return { p50, p99, active: last.data[0].active };
}

/**
 * The Active cards report (GET /v1/report/activity) p50/p99 over BENCH_PASSES passes (default 500,000) registered
 * and unregistered over 2025, sequential requests, on each database side by side. The server runs in this process
 * (the bench writes to its database: PGlite has one owner).
 */
export async function benchActiveCards(databases: BenchDatabase[]): Promise<void> {
  const results: Measured[][] = [];
  for (const [index, database] of databases.entries()) {
    const server = await startInProcessServer(18500 + index, { ...database.env });
    try {
      const projectId = await server.post('project', { name: 'Bench active cards' });
      const templateId = await server.post('template', {
        name: 'Loyalty card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      });
      const started = performance.now();
      await seed(server.db, { projectId, templateId }, database.env.DATABASE_URL !== undefined);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `${database.name}: ${PASSES.toLocaleString('en')} passes seeded in SQL and analyzed in ${seconds} s (load average ${os.loadavg()[0].toFixed(1)})`,
      );
      const measured: Measured[] = [];
      for (const shape of SHAPES) measured.push(await latency(server.url, server.token, projectId, shape));
      results.push(measured);
    } finally {
      await server.close();
    }
  }
  console.log(
    `\nGET /v1/report/activity, one project, ${WARM_UP} warm-up then ${REQUESTS} sequential requests a line (ms); goal: ≤ ${GOAL_MS} ms on each database (load average ${os.loadavg()[0].toFixed(1)} at the end).`,
  );
  console.log(row(['', ...databases.flatMap((database) => [database.name, '']), '', '']));
  console.log(
    row([
      `${PASSES.toLocaleString('en')} passes`,
      ...databases.flatMap(() => ['p50', 'p99']),
      'active',
      'goal',
    ]),
  );
  for (const [index, shape] of SHAPES.entries()) {
    const measured = results.map((result) => result[index]);
    const actives = [...new Set(measured.map((result) => result.active))];
    console.log(
      row([
        shape.label,
        ...measured.flatMap((result) => [result.p50.toFixed(1), result.p99.toFixed(1)]),
        actives.length === 1 ? String(actives[0]) : `differ: ${actives.join('/')}`,
        measured.every((result) => result.p99 <= GOAL_MS) ? 'met' : 'missed',
      ]),
    );
  }
}
