import Fastify from 'fastify';
import { sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  unavailableWhenUnreachable,
} from '../../server/kernel/db/databaseUnavailable';
import { installErrorHandler } from '../../server/kernel/http/errors';
import { jobRepository } from '../../server/kernel/jobs/jobRepository';
import { databaseKinds, startTestServer, type TestServer } from './harness';

/** Errors as PostgreSQL sends them when it restarts, and as the pool throws them when it cannot be reached. */
const unreachable = {
  'terminated by a restart (57P01 admin_shutdown)': Object.assign(
    new Error('terminating connection due to administrator command'),
    { code: '57P01' },
  ),
  'starting up (57P03 cannot_connect_now)': Object.assign(new Error('the database system is starting up'), {
    code: '57P03',
  }),
  'a connection exception (08006)': Object.assign(new Error('connection failure'), { code: '08006' }),
  'no connection to be had': new DatabaseUnavailableError(new Error('not currently accepting connections')),
};

/** A pool whose connection answers each statement with `answer`, or whose connect fails with `refusal`. */
function poolThat(options: { refusal?: Error; answer?: Error }): PostgresPool {
  const client = {
    query: () => (options.answer ? Promise.reject(options.answer) : Promise.resolve({ rows: [] })),
    release: () => undefined,
  } as unknown as PostgresPoolClient;
  return {
    connect: () => (options.refusal ? Promise.reject(options.refusal) : Promise.resolve(client)),
    end: () => Promise.resolve(),
  };
}

describe('the database out of reach', () => {
  it.each(Object.entries(unreachable))('is recognised when %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is recognised in the pool: a connection refused, or cut under a statement', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await expect(unavailableWhenUnreachable(poolThat({ refusal: refused })).connect()).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    for (const cut of [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ]) {
      const client = await unavailableWhenUnreachable(poolThat({ answer: cut })).connect();
      await expect(client.query('select 1', [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    }
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    const client = await unavailableWhenUnreachable(poolThat({ answer: duplicate })).connect();
    await expect(client.query('select 1', [])).rejects.toBe(duplicate);
  });

  it('is not confused with failures of the work itself, or of a call to another service', () => {
    // a refused outgoing HTTP call (APNs, Google) is not the database
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it.each(Object.entries(unreachable))(
    'answers 503 with Retry-After and a message saying so when %s',
    async (_, error) => {
      const app = Fastify();
      installErrorHandler(app);
      app.get('/work', async () => {
        throw error;
      });
      const response = await app.inject({ method: 'GET', url: '/work' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message:
          'The database cannot be reached at the moment (it may be restarting). Try again in a few seconds.',
      });
      const czech = await app.inject({ method: 'GET', url: '/work', headers: { 'accept-language': 'cs' } });
      expect(czech.json().message).toMatch(/^Databáze je teď nedostupná/);
      await app.close();
    },
  );
});

describe.each(databaseKinds)('a job failing while the database is out of reach (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // a lock far longer than the test: the job must come back after its backoff, not once its lock lapses
    server = await startTestServer(kind, {
      JOB_LOCK_SECONDS: '120',
      JOB_POLL_MS: '20',
      JOB_RETRY_BASE_MS: '40',
    });
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await server?.close();
  }, 30_000);

  it('stores the failed attempt once the database answers again, and runs the job again after its backoff', async () => {
    const attempts: number[] = [];
    server.context.jobs.handle('testDatabaseGone', async (_payload, job) => {
      attempts.push(job.attempts);
      if (job.attempts === 1) throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'));
      return { ok: true };
    });
    // the failure cannot be stored twice (the database still restarts), then it can
    const fail = jest.spyOn(jobRepository, 'fail');
    const gone = new DatabaseUnavailableError(new Error('the database system is starting up'));
    fail.mockRejectedValueOnce(gone).mockRejectedValueOnce(gone);
    await server.context.jobs.add({ kind: 'testDatabaseGone', payload: {} });
    const until = Date.now() + 15_000;
    while (attempts.length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.context.jobs.idle();
    expect(attempts).toEqual([1, 2]);
    expect(fail).toHaveBeenCalledTimes(3);
  }, 30_000);
});

describe('a connection ended by PostgreSQL while in use', () => {
  if (!databaseKinds.includes('postgres')) {
    it('runs with PostgreSQL only (TEST_DATABASE_URL): PGlite has no connections to end', () => {
      expect(databaseKinds).not.toContain('postgres');
    });
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  it('fails only the work on it: no uncaught error stops the process, and the next request is served', async () => {
    const { db } = server.context;
    const ended = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as "pid"`.execute(trx);
      // ended from another connection, as a restart or an administrator does, between two statements
      await sql`select pg_terminate_backend(${rows[0].pid})`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(ended).rejects.toThrow();
    const admin = await server.adminToken();
    const answer = await server.call(admin, { method: 'GET', url: '/api/core/v1/project?limit=1' });
    expect(answer.statusCode).toBe(200);
  }, 30_000);
});
