import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, createContext } from '../../server/app';
import type { AppContext } from '../../server/kernel/appContext';
import { loadConfig } from '../../server/kernel/config';
import { openDatabase, type DatabaseHandle } from '../../server/kernel/db/database';
import { migrateToLatest } from '../../server/kernel/db/migrate';
import { prepareFirstStart } from '../../server/features/identity/firstStart';

export const ADMIN = { email: 'admin@test.local', password: 'Admin-Passw0rd!' };

export interface TestServer {
  app: FastifyInstance;
  context: AppContext;
  kind: 'pglite' | 'postgres';
  /** Calls the API as the holder of the token (or anonymously). */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Creates a user (as admin) and answers its id and a token. */
  createUser(options?: {
    isAdmin?: boolean;
    email?: string;
    password?: string;
  }): Promise<{ id: string; email: string; password: string; token: string }>;
  createProject(name: string, parentId?: string | null): Promise<string>;
  setRights(projectId: string, userId: string, rights: number | null): Promise<void>;
  /**
   * Another instance of the server on the same database and data directory, as after a restart or behind a load
   * balancer: its own app and in-memory state. Closing it leaves the database open.
   */
  startAnotherInstance(): Promise<{ app: FastifyInstance; context: AppContext; close(): Promise<void> }>;
  /** Settles once the job queue has nothing due or running: the work after the answers (emails, pushes) is done. */
  jobsIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The databases every server suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set;
 * TEST_DATABASES (pglite, postgres or both, comma-separated) narrows them, so that CI runs each in a run of its own.
 */
export const databaseKinds: Array<'pglite' | 'postgres'> = (['pglite', 'postgres'] as const).filter(
  (kind) =>
    (kind === 'pglite' || process.env.TEST_DATABASE_URL) &&
    (!process.env.TEST_DATABASES || process.env.TEST_DATABASES.split(',').includes(kind)),
);

/** Where the migrated PGlite copies are kept, one per set of migrations and PGlite version, for every test process. */
const PGLITE_COPIES = path.join(os.tmpdir(), 'passbase-test-pglite');
const MIGRATIONS = path.resolve(__dirname, '../../server/kernel/db/migrations');

/** Names the migrated copy by what makes it: the migrations' sources and PGlite's version. */
function migratedCopyName(): string {
  const hash = crypto.createHash('sha256');
  hash.update(
    JSON.parse(
      fs.readFileSync(
        path.resolve(__dirname, '../../node_modules/@electric-sql/pglite/package.json'),
        'utf8',
      ),
    ).version,
  );
  for (const file of fs.readdirSync(MIGRATIONS).sort())
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  return `${hash.digest('hex').slice(0, 16)}.tar`;
}

let migratedPglite: Promise<Blob> | undefined;

/**
 * A PGlite database with every migration, copied for each server: a fresh PGlite spends seconds creating its
 * database, a copy opens in one. The copy is made by the first test process that needs it and kept on disk for the
 * others (written whole under another name, then renamed, so none reads half of one).
 */
function migratedPgliteCopy(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const file = path.join(PGLITE_COPIES, migratedCopyName());
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(database.db);
    if (!database.dumpDataDir) throw new Error('PGlite copies its database; this one cannot.');
    const copy = await database.dumpDataDir();
    await database.close();
    fs.mkdirSync(PGLITE_COPIES, { recursive: true });
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await copy.arrayBuffer()));
    fs.renameSync(partial, file);
    return copy;
  })();
  return migratedPglite;
}

/** A database of its own on the TEST_DATABASE_URL server, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `passbase_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * A migrated database with a first admin, and the app on top of it, called through inject. With `logStream`, the
 * app logs (as `npm start` does) into that stream.
 */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-test-'));
  const postgres = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    FIRST_ADMIN_EMAIL: ADMIN.email,
    FIRST_ADMIN_PASSWORD: ADMIN.password,
    CONSOLE_DIR: path.join(dataDir, 'console'),
    // tests call the API with one token far faster than anyone would; apiRateLimit.test.ts sets a limit
    API_RATE_LIMIT: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: postgres ? dataDir : 'memory://',
    startFrom: postgres ? undefined : await migratedPgliteCopy(),
  });
  await migrateToLatest(database.db);
  await prepareFirstStart(database.db, config, () => undefined);
  const context = createContext(config, database);
  const app = await buildApp(context, { logStream: options.logStream });
  await app.ready();

  const call: TestServer['call'] = (token, options) =>
    app.inject({
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers ?? {}) },
    });
  const login = async (email: string, password: string) => {
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
    return response.json().token as string;
  };
  let admin: string | undefined;
  const adminToken = async () => (admin ??= await login(ADMIN.email, ADMIN.password));
  let users = 0;

  return {
    app,
    context,
    kind,
    call,
    login,
    adminToken,
    async createUser(options = {}) {
      users += 1;
      const email = options.email ?? `user${users}-${crypto.randomBytes(3).toString('hex')}@test.local`;
      const password = options.password ?? `Passw0rd!${users}`;
      const response = await call(await adminToken(), {
        method: 'POST',
        url: '/api/core/v1/user',
        payload: { email, password, displayName: `User ${users}`, isAdmin: options.isAdmin ?? false },
      });
      if (response.statusCode !== 201) throw new Error(`user creation failed: ${response.body}`);
      return { id: response.json().id, email, password, token: await login(email, password) };
    },
    async createProject(name, parentId = null) {
      const response = await call(await adminToken(), {
        method: 'POST',
        url: '/api/core/v1/project',
        payload: { name, parentId },
      });
      if (response.statusCode !== 201) throw new Error(`project creation failed: ${response.body}`);
      return response.json().id;
    },
    async setRights(projectId, userId, rights) {
      const response = await call(await adminToken(), {
        method: 'POST',
        url: `/api/core/v1/project/${projectId}/user/${userId}/rights`,
        payload: { accessRights: rights },
      });
      if (response.statusCode !== 200) throw new Error(`rights failed: ${response.body}`);
    },
    async startAnotherInstance() {
      const another = createContext(config, database);
      const anotherApp = await buildApp(another);
      await anotherApp.ready();
      return { app: anotherApp, context: another, close: () => anotherApp.close() };
    },
    jobsIdle: () => context.jobs.idle(),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a suite once per database kind, with a server started before and closed after. */
export function describeOnEachDatabase(title: string, suite: (server: () => TestServer) => void): void {
  describe.each(databaseKinds)(`${title} (%s)`, (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    }, 30_000);
    suite(() => server);
  });
}

/** Words only a database or a query builder would put in a message. */
export const SQL_TEXT =
  /\bselect\b.*\bfrom\b|\binsert into\b|\bupdate "|syntax error|relation "|column "|"deletedAt" is null|\$\d+\b|ERROR:/i;

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Array<{ path: string; message: string }>;
}

/** Asserts the one error shape of the API: {statusCode, error, message, errors?}, nothing else; answers the body. */
export function expectError(response: LightMyRequestResponse, status: number, message?: RegExp | string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(body).toEqual(
    expect.objectContaining({ statusCode: status, error: expect.any(String), message: expect.any(String) }),
  );
  expect(
    Object.keys(body).filter((key) => !['statusCode', 'error', 'message', 'errors'].includes(key)),
  ).toEqual([]);
  expect(body.error).not.toBe('');
  expect(body.message).not.toBe('');
  expect(response.body).not.toMatch(SQL_TEXT);
  if (message !== undefined) expect(body.message).toMatch(message);
  return body as ErrorBody;
}

/**
 * Asks until the answer equals `expected` (compared as JSON), at most 200 times 25 ms apart, then expects it: for
 * what another process's commit changes, which PostgreSQL announces asynchronously.
 *
 * @example await answersEventually(async () => (await get(url)).statusCode, 404)
 */
export async function answersEventually(ask: () => Promise<unknown>, expected: unknown): Promise<void> {
  let answer: unknown;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    answer = await ask();
    if (JSON.stringify(answer) === JSON.stringify(expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(answer).toEqual(expected);
}
