import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContext } from '../server/app';
import { loadConfig } from '../server/kernel/config';
import { openDatabase, type DatabaseHandle } from '../server/kernel/db/database';
import { migrateToLatest } from '../server/kernel/db/migrate';
import { buildDemoProject } from '../server/features/demo/buildDemoProject';
import { prepareFirstStart } from '../server/features/identity/firstStart';
import { type BenchDatabase, row, throughput } from './measure';
import { startProductServer } from './processes';

const CONNECTIONS = 50;
const GOALS: Record<string, number> = { PGlite: 500, PostgreSQL: 1000 };
const GOAL_P99_MS = 50;

/** The database of a data folder (PGlite) or of DATABASE_URL, as the server opens it. */
async function openBenchDatabase(dataDir: string, env: Record<string, string>): Promise<DatabaseHandle> {
  return openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, ...env }));
}

/** The demo project (development signing, a few passes) and one of its passes' downloads counter. */
async function seedDemoPass(dataDir: string, env: Record<string, string>, admin: Record<string, string>) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ...admin, ...env });
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    await prepareFirstStart(database.db, config, () => undefined);
    const summary = await buildDemoProject(createContext(config, database), { passes: 10 });
    const pass = await database.db
      .selectFrom('pass')
      .select(['id', 'downloads'])
      .where('projectId', '=', summary.projectId)
      .orderBy('createdAt')
      .executeTakeFirstOrThrow();
    return pass;
  } finally {
    await database.close();
  }
}

async function downloadsOf(dataDir: string, env: Record<string, string>, passId: string): Promise<number> {
  const database = await openBenchDatabase(dataDir, env);
  try {
    const pass = await database.db
      .selectFrom('pass')
      .select('downloads')
      .where('id', '=', passId)
      .executeTakeFirstOrThrow();
    return pass.downloads;
  } finally {
    await database.close();
  }
}

/**
 * `GET /p/{id}?format=pkpass` of an already-signed pass at 50 connections, the server in its own process (public
 * rate limit off); goals ≥ 1,000 req/s on PostgreSQL, ≥ 500 on PGlite, p99 ≤ 50 ms. Then the server stops cleanly
 * and the pass's downloads counter is read back: it must count every answered download (and those still in flight
 * when the load stopped, at most one per connection).
 */
export async function benchDownloads(databases: BenchDatabase[]): Promise<void> {
  console.log(
    row([
      '',
      'requests/s',
      'p50/99/max ms',
      'loop p99/max',
      'CPU µs/req',
      'errors',
      'goal req/s',
      'counted',
      'answered 200',
    ]),
  );
  for (const [index, database] of databases.entries()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-'));
    try {
      const admin = { FIRST_ADMIN_EMAIL: 'bench@localhost', FIRST_ADMIN_PASSWORD: 'Bench-Passw0rd!' };
      const pass = await seedDemoPass(dataDir, database.env, admin);
      const server = await startProductServer(
        18600 + index,
        { ...database.env, PUBLIC_RATE_LIMIT: '0' },
        { dataDir },
      );
      let result, loop;
      try {
        const url = `${server.url}/p/${pass.id}?format=pkpass`;
        // signs once: the load downloads the signed pass
        const first = await fetch(url);
        if (first.status !== 200) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
        await first.arrayBuffer();
        await server.eventLoopDelay();
        result = await throughput(url, {}, undefined, CONNECTIONS);
        loop = await server.eventLoopDelay();
      } finally {
        await server.stop();
      }
      const counted = (await downloadsOf(dataDir, database.env, pass.id)) - pass.downloads - 1;
      console.log(
        row([
          `pkpass download, ${CONNECTIONS} connections (${database.name})`,
          result.requestsPerSecond,
          `${result.p50Ms}/${result.p99Ms}/${result.maxMs}`,
          `${loop.p99Ms}/${loop.maxMs}`,
          Math.round((loop.cpuMs * 1000) / Math.max(1, result.succeeded)),
          result.errors,
          `≥ ${GOALS[database.name] ?? '-'}`,
          counted,
          result.succeeded,
        ]),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `goal p99 ≤ ${GOAL_P99_MS} ms; 'loop' is the server's event-loop delay during the load (how late a 1 ms timer runs, ms: its own long tasks, and the time other processes on the machine take from it), 'CPU' the server process's CPU time per answered download; 'counted' is the pass's downloads counter after a clean stop: every answered download, and at most ${CONNECTIONS} more that were in flight when the load stopped`,
  );
}
