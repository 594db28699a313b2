import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, createContext } from '../server/app';
import { loadConfig } from '../server/kernel/config';
import { openDatabase, type Db } from '../server/kernel/db/database';
import type { JobQueue } from '../server/kernel/jobs/jobQueue';
import { migrateToLatest } from '../server/kernel/db/migrate';
import { prepareFirstStart } from '../server/features/identity/firstStart';
import { postCreated } from './coreApi';
import { login } from './identity';
import { SERVER_KEEP_ALIVE_ENV } from './measure';

/** The server in this process, on a fresh data directory, its database open for seeding in SQL. */
export interface InProcessServer {
  url: string;
  /** where the server keeps its files (mail written as .eml, images) */
  dataDir: string;
  /** the first admin's access token */
  token: string;
  db: Db;
  /** the server's job queue (emails, pushes after the answers) */
  jobs: JobQueue;
  /** POST /api/core/v1/{resource} as the admin; the new entity's id */
  post(resource: string, body: unknown): Promise<string>;
  /** stops the server, closes the database and removes the data directory */
  close(): Promise<void>;
}

/**
 * Starts the server in this process (benches that seed in SQL need the database: PGlite has one owner) on a port
 * (0: any free one), migrated, with a first admin signed in.
 *
 * @example const server = await startInProcessServer(18400, { DATABASE_URL: url }); try { … } finally { await server.close(); }
 */
export async function startInProcessServer(
  port: number,
  env: Record<string, string>,
): Promise<InProcessServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-'));
  const admin = { email: 'bench@localhost', password: 'Bench-Passw0rd!' };
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    FIRST_ADMIN_EMAIL: admin.email,
    FIRST_ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    // benches hammer the API with one token
    API_RATE_LIMIT: '0',
    ...SERVER_KEEP_ALIVE_ENV,
    ...env,
  });
  const handle = await openDatabase(config);
  const context = createContext(config, handle);
  const app = await buildApp(context);
  const close = async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(handle.db);
    await prepareFirstStart(handle.db, config, () => undefined);
    // port 0: any free port, so that two bench runs on one machine do not collide
    const url = await app.listen({ port, host: '127.0.0.1' });
    const { token } = await login(url, admin.email, admin.password);
    const post = (resource: string, body: unknown) => postCreated(url, token, resource, body);
    return { url, dataDir, token, db: handle.db, jobs: context.jobs, post, close };
  } catch (error) {
    await close();
    throw error;
  }
}
