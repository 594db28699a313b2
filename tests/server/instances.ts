import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, databaseKinds, freshPostgresDatabase } from './harness';
import { buildServer, startServer, type ServerProcess } from './serverProcess';

/** Several instances run only on PostgreSQL (PGlite has one owner): true when the PostgreSQL project runs. */
export const instancesCanRun = databaseKinds.includes('postgres');

/** Server processes of `npm start` on one PostgreSQL database, as behind a load balancer. */
export interface Instances {
  /** each instance's address, in the order they were started */
  urls: string[];
  /** each instance's process id (a job queue's worker id, `lockedBy`, holds it: host:pid:random) */
  pids: number[];
  /** each instance's data folder (its own: mail written as .eml lands there) */
  dataDirs: string[];
  /** the database they share (a fresh one, dropped by `stop`) */
  databaseUrl: string;
  /** what instance `index` printed so far */
  output(index: number): string;
  /** Ends instance `index` with SIGKILL (no clean stop: its jobs stay locked until their lock lapses). */
  kill(index: number): Promise<void>;
  /** Freezes instance `index` (SIGSTOP): it answers nothing and takes no job until `resume`. */
  pause(index: number): void;
  /** Lets a paused instance `index` go on (SIGCONT). */
  resume(index: number): void;
  /** Stops the instances still running (SIGTERM), drops the database and removes the data folders. */
  stop(): Promise<void>;
}

/** The environment of every instance and, by index, each one's own (e.g. its APNS_HOST and APNS_CA_FILE). */
export interface InstancesEnv {
  shared?: Record<string, string>;
  each?: Array<Record<string, string>>;
}

/**
 * Compiles the server if needed and starts `count` processes of it on a fresh database of TEST_DATABASE_URL's server,
 * each on a free port and a data folder of its own, with the same TOKEN_SECRET and CERTIFICATE_KEY_SECRET (a token
 * signed in through one is accepted by all). The first one migrates the database and creates the first admin
 * (ADMIN) before the others start. Use it only when `instancesCanRun`.
 *
 * @example const instances = await startInstances(3, { shared: { JOB_LOCK_SECONDS: '5' } }); try { … } finally { await instances.stop(); }
 */
export async function startInstances(count: number, env: InstancesEnv = {}): Promise<Instances> {
  if (!instancesCanRun) throw new Error('Several instances need PostgreSQL: set TEST_DATABASE_URL.');
  buildServer();
  const database = await freshPostgresDatabase();
  const dataDirs = Array.from({ length: count }, (_, index) =>
    fs.mkdtempSync(path.join(os.tmpdir(), `passbase-instance-${index}-`)),
  );
  // what every instance must share besides the database: the secrets that sign tokens and seal private keys
  const secrets = {
    TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
    CERTIFICATE_KEY_SECRET: crypto.randomBytes(32).toString('base64'),
  };
  const servers: Array<ServerProcess | undefined> = [];
  const gone = new Set<number>();
  const paused = new Set<number>();
  const start = (index: number) =>
    startServer(dataDirs[index], {
      DATABASE_URL: database.url,
      ...secrets,
      ...env.shared,
      ...env.each?.[index],
    });
  const stop = async () => {
    // a frozen process acts on SIGTERM only once it goes on
    for (const index of paused) if (servers[index]) process.kill(servers[index].pid, 'SIGCONT');
    await Promise.all(
      servers.map((server, index) => (server && !gone.has(index) ? server.stop('SIGTERM') : undefined)),
    );
    await database.drop();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    servers.push(await start(0));
    servers.push(...(await Promise.all(dataDirs.slice(1).map((_, index) => start(index + 1)))));
  } catch (error) {
    await stop();
    throw error;
  }
  const running = servers as ServerProcess[];
  return {
    urls: running.map((server) => server.url),
    pids: running.map((server) => server.pid),
    dataDirs,
    databaseUrl: database.url,
    output: (index) => running[index].output(),
    kill: async (index) => {
      gone.add(index);
      await running[index].stop('SIGKILL');
    },
    pause: (index) => {
      paused.add(index);
      process.kill(running[index].pid, 'SIGSTOP');
    },
    resume: (index) => {
      paused.delete(index);
      process.kill(running[index].pid, 'SIGCONT');
    },
    stop,
  };
}

/** An answer of the API: its status and its body (parsed when it is JSON, else its text). */
export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many routes
  body: any;
}

/** Calls an instance's API, signed in; `path` starts with /api/…; a body is sent as JSON. */
export type ApiCaller = (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

/**
 * Signs in to an instance (as the first admin unless told) and answers a caller of its API and the access token,
 * which every instance of the database accepts.
 *
 * @example const { call } = await signIn(instances.urls[1]); await call('GET', `/api/core/v1/pass/${id}`)
 */
export async function signIn(
  url: string,
  credentials: { email: string; password: string } = ADMIN,
): Promise<{ token: string; call: ApiCaller }> {
  const login = await fetch(`${url}/api/core/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { token, call: callerWith(url, token) };
}

/**
 * A caller of an instance's API with a token (signed in through any instance).
 *
 * @example const onB = callerWith(instances.urls[1], token); await onB('GET', '/api/core/v1/template')
 */
export function callerWith(url: string, token: string): ApiCaller {
  return async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: json && text ? (JSON.parse(text) as unknown) : text };
  };
}

/**
 * A describe block of tests that start several server processes on PostgreSQL: without TEST_DATABASE_URL it holds
 * one test saying why it cannot run here (and that PostgreSQL is indeed not among the test databases).
 *
 * @example describeWithInstances('Several instances', () => { it('…', async () => { … }); })
 */
export function describeWithInstances(title: string, body: () => void): void {
  describe(title, () => {
    if (!instancesCanRun) {
      it('runs with PostgreSQL only (TEST_DATABASE_URL)', () => {
        expect(databaseKinds).not.toContain('postgres');
      });
      return;
    }
    body();
  });
}
