import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import type { Db } from '../server/kernel/db/database';
import { createEventRecorder } from '../server/features/reports/eventRecorder';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, row, timedGets, wholeNumberFromEnv } from './measure';

const EVENTS = wholeNumberFromEnv('BENCH_EVENTS', 10_000_000);
const PASSES = 1000;
/**
 * One statement per chunk: the trigger's transition table stays small, and on PGlite (which runs in this thread) the
 * event loop gets a turn every few seconds between chunks instead of being held for the whole seed.
 */
const CHUNK = 250_000;
const WARM_UP = 10;
const REQUESTS = 100;
const INGEST_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GOAL_MS = 200;
const YEAR_START = '2025-01-01T00:00:00.000Z';
const YEAR_END = '2026-01-01T00:00:00.000Z';
const TYPES = [
  'register_in_wallet',
  'at_least_once_register_in_wallet',
  'preview',
  'download',
  'activity',
  'links',
];

/**
 * EVENTS events over 2025 for PASSES passes, in SQL: 40 % previews, 25 % downloads, 10 % registrations, 15 %
 * updates, 3 % unregistrations, 7 % link clicks; five tags. The hourly aggregates are filled by the insert trigger,
 * as in production (one upsert per statement).
 */
async function seed(db: Db, projectId: string, templateId: string): Promise<void> {
  await sql`insert into "pass" ("projectId", "templateId", "dynamicData", "dynamicImages", "voided", "devicesTotal",
      "firstRegisterAt", "deletedAt", "createdAt", "updatedAt")
    select ${projectId}::uuid, ${templateId}::uuid, jsonb_build_object('name', 'Customer ' || n), '{}', false,
      case when n % 3 = 0 then 1 else 0 end,
      case when n % 2 = 0 then ${YEAR_START}::timestamptz + n * interval '8 hours' end,
      case when n % 10 = 0 then ${YEAR_START}::timestamptz + n * interval '8 hours' + interval '30 days' end,
      ${YEAR_START}::timestamptz, ${YEAR_START}::timestamptz
    from generate_series(1, ${PASSES}::int) as n`.execute(db);
  const passIds = sql`(select array_agg("id") from "pass" where "projectId" = ${projectId}::uuid)`;
  for (let first = 1; first <= EVENTS; first += CHUNK) {
    const last = Math.min(EVENTS, first + CHUNK - 1);
    await sql`insert into "passEvent" ("id", "passId", "templateId", "projectId", "type", "tag", "url", "createdAt")
      select overlay(overlay(md5(n::text) placing '4' from 13) placing '8' from 17)::uuid,
        ids[1 + n % ${PASSES}::int], ${templateId}::uuid, ${projectId}::uuid,
        case when n % 100 < 40 then 'preview' when n % 100 < 65 then 'download' when n % 100 < 75 then 'register'
          when n % 100 < 90 then 'update' when n % 100 < 93 then 'unregister' else 'link' end,
        (array['', 'console', 'web', 'email', 'qr'])[1 + (n / 100) % 5],
        case when n % 100 >= 93 then 'https://example.com/offer/' || (n % 7) end,
        ${YEAR_START}::timestamptz + (n::float8 / ${EVENTS}::float8) * interval '365 days'
      from generate_series(${first}::int, ${last}::int) as n, (select ${passIds} as ids) as passes`.execute(
      db,
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sql`analyze`.execute(db);
}

interface Measured {
  p50: number;
  p99: number;
}

async function latency(url: string, token: string, projectId: string, type: string): Promise<Measured> {
  const query = new URLSearchParams({
    where: JSON.stringify({ projectId }),
    from: YEAR_START,
    to: YEAR_END,
    interval: 'daily',
  });
  const address = `${url}/api/core/v1/report/${type}?${query.toString()}`;
  const { p50, p99 } = await timedGets(address, token, { warmUp: WARM_UP, requests: REQUESTS });
  return { p50, p99 };
}

/** Events recorded at a time; the writer waits for the recorder only while 50 times as many wait to be written. */
const WRITER_EVENTS = 200;

interface Ingested {
  eventsPerSecond: number;
  reads: number;
  /** the hourly aggregates of the ingested hours count exactly the events stored in them */
  aggregatesExact: boolean;
}

/**
 * Events recorded as the server records them (server/features/reports/eventRecorder.ts: kept in memory, written in batches
 * of one INSERT whose trigger upserts the hourly aggregates) as fast as they are written, while one reader asks for
 * preview reports: events/s up to the last one written. Then the aggregates of the hours the ingestion wrote to are
 * compared with the stored events of those hours.
 */
async function ingestion(
  db: Db,
  url: string,
  token: string,
  ids: { projectId: string; templateId: string },
): Promise<Ingested> {
  const recorder = createEventRecorder(db);
  const firstHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const started = performance.now();
  const until = started + INGEST_SECONDS * 1000;
  let events = 0;
  let reads = 0;
  const writer = async () => {
    while (performance.now() < until) {
      for (let index = 0; index < WRITER_EVENTS; index += 1)
        recorder.record({ passId: null, ...ids, type: 'preview', tag: 'web' });
      events += WRITER_EVENTS;
      if (recorder.backlog() > 50 * WRITER_EVENTS) await recorder.flush();
      else await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const reader = async () => {
    while (performance.now() < until) {
      await latency(url, token, ids.projectId, 'preview').catch(() => undefined);
      reads += WARM_UP + REQUESTS;
    }
  };
  await Promise.all([writer(), reader()]);
  await recorder.close();
  const seconds = (performance.now() - started) / 1000;
  const compared = await sql<{ stored: string; aggregated: string }>`select
      (select count(*) from "passEvent" where "projectId" = ${ids.projectId}::uuid
        and "createdAt" >= ${firstHour}) as "stored",
      (select coalesce(sum("count"), 0) from "reportEventHourly" where "projectId" = ${ids.projectId}::uuid
        and "hour" >= ${firstHour}) as "aggregated"`.execute(db);
  const { stored, aggregated } = compared.rows[0];
  return {
    eventsPerSecond: Math.round(events / seconds),
    reads,
    aggregatesExact: Number(stored) === events && Number(aggregated) === events,
  };
}

/**
 * Report latency p50/p99 (a year of daily intervals, each service type, sequential HTTP requests) over BENCH_EVENTS
 * events (default 10,000,000), and events/s written while reports are read. The server runs in this process (the
 * bench writes to its database: PGlite has one owner).
 */
export async function benchReports(databases: BenchDatabase[]): Promise<void> {
  const results: Array<{ latencies: Measured[]; ingest: Ingested }> = [];
  for (const [index, database] of databases.entries()) {
    const server = await startInProcessServer(18400 + index, { ...database.env });
    try {
      const { url, token, db } = server;
      const projectId = await server.post('project', { name: 'Bench reports' });
      const templateId = await server.post('template', {
        name: 'Loyalty card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      });
      const ids = { projectId, templateId };
      const started = performance.now();
      await seed(db, ids.projectId, ids.templateId);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const hours = await sql<{ count: string }>`select count(*) as "count" from "reportEventHourly"
        where "projectId" = ${ids.projectId}::uuid`.execute(db);
      console.log(
        `${database.name}: ${EVENTS.toLocaleString('en')} events (${Number(hours.rows[0].count).toLocaleString('en')} hourly aggregate rows) seeded in SQL and analyzed in ${seconds} s`,
      );
      const latencies: Measured[] = [];
      for (const type of TYPES) latencies.push(await latency(url, token, ids.projectId, type));
      results.push({ latencies, ingest: await ingestion(db, url, token, ids) });
    } finally {
      await server.close();
    }
  }
  console.log(
    `\nGET /v1/report/{type}, one project, 2025 in daily intervals (365 rows), ${WARM_UP} warm-up then ${REQUESTS} sequential requests (ms); goal: ≤ ${GOAL_MS} ms on PostgreSQL.`,
  );
  console.log(row(['', ...databases.flatMap((database) => [database.name, ''])]));
  console.log(row([`${EVENTS.toLocaleString('en')} events`, ...databases.flatMap(() => ['p50', 'p99'])]));
  for (const [index, type] of TYPES.entries())
    console.log(
      row([
        type,
        ...results.flatMap((result) => [
          result.latencies[index].p50.toFixed(1),
          result.latencies[index].p99.toFixed(1),
        ]),
      ]),
    );
  console.log(
    row([
      `events/s written while reports are read`,
      ...results.flatMap((result) => [
        String(result.ingest.eventsPerSecond),
        result.ingest.aggregatesExact ? 'exact' : 'MISMATCH',
      ]),
    ]),
  );
  console.log(
    `ingestion goal: ≥ 10,000 events/s on PostgreSQL; 'exact': the hourly aggregates of the ingested hours equal the stored events`,
  );
}
