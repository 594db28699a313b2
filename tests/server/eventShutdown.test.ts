import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/kernel/db/database';
import { databaseKinds, freshPostgresDatabase } from './harness';
import { buildServer, coreApiOf, runCli, startServer } from './serverProcess';

const DOWNLOADS = 30;

interface Counts {
  downloads: number;
  events: number;
}

describe.each(databaseKinds)('downloads across a clean stop (%s, separate processes)', (kind) => {
  let dataDir: string;
  let env: Record<string, string> = {};
  let drop: (() => Promise<void>) | undefined;
  let passId: string;

  /** The pass's downloads counter and download events, read from the database of a stopped server. */
  async function countsOf(id: string): Promise<Counts> {
    const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      const pass = await database.db
        .selectFrom('pass')
        .select('downloads')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const events = await database.db
        .selectFrom('passEvent')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('passId', '=', id)
        .where('type', '=', 'download')
        .executeTakeFirstOrThrow();
      return { downloads: pass.downloads, events: Number(events.count) };
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-events-'));
    if (kind === 'postgres') {
      const database = await freshPostgresDatabase();
      drop = database.drop;
      env = { DATABASE_URL: database.url };
    }
    // the demo project's passes sign (development certificate)
    const demo = await runCli('cli/demoData.js', dataDir, env);
    if (demo.code !== 0) throw new Error(`demo data failed: ${demo.output}`);
    const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      const pass = await database.db
        .selectFrom('pass')
        .select('id')
        .where('deletedAt', 'is', null)
        .orderBy('createdAt')
        .executeTakeFirstOrThrow();
      passId = pass.id;
    } finally {
      await database.close();
    }
  }, 240_000);

  afterAll(async () => {
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('writes every download answered before the stop (SIGTERM right after them): the counts are exact after a restart', async () => {
    const before = await countsOf(passId);
    const server = await startServer(dataDir, { ...env, PUBLIC_RATE_LIMIT: '0' });
    let stopped = false;
    try {
      const answers = await Promise.all(
        Array.from({ length: DOWNLOADS }, async () => {
          const response = await fetch(`${server.url}/p/${passId}?format=pkpass`);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(answers).toEqual(Array(DOWNLOADS).fill(200));
      // at once: the events still wait in memory
      expect(await server.stop('SIGTERM')).toBe(0);
      stopped = true;
    } finally {
      if (!stopped) await server.stop('SIGKILL');
    }

    const restarted = await startServer(dataDir, env);
    try {
      const api = await coreApiOf(restarted);
      const pass = await api('GET', `pass/${passId}`);
      expect(pass.status).toBe(200);
      expect(pass.body.downloads).toBe(before.downloads + DOWNLOADS);
    } finally {
      await restarted.stop('SIGTERM');
    }
    expect(await countsOf(passId)).toEqual({
      downloads: before.downloads + DOWNLOADS,
      events: before.events + DOWNLOADS,
    });
  }, 120_000);
});
