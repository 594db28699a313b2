import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createShop, orderStates, type Shop } from './checkoutFixtures';
import { waitFor } from './webhookReceiver';
import {
  ADMIN,
  databaseKinds,
  expectError,
  freshPostgresDatabase,
  startTestServer,
  type TestServer,
} from './harness';
import { ticketTemplateBody } from './passFixtures';
import { buildServer, startServer, type ServerProcess } from './serverProcess';
import { PermanentJobFailure } from '../../server/kernel/jobs/permanentFailure';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';

const BASE = '/api/ticket/public/v1';
const RETRY_BASE_MS = 40;

/** Waits, polling, until `check` holds (at most a minute, a safety net, not a measure); answers its last value. */
const eventually = <T>(read: () => Promise<T>, check: (value: T) => boolean) => waitFor(read, check, 60_000);

describe.each(databaseKinds)('Job queue (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let admin: string;
  let shop: Shop;
  beforeAll(async () => {
    started = await startTestServer(kind, {
      CHECKOUT_RATE_LIMIT: '0',
      JOB_RETRY_BASE_MS: String(RETRY_BASE_MS),
      JOB_MAX_ATTEMPTS: '3',
      JOB_POLL_MS: '20',
    });
    admin = await server().adminToken();
    shop = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const job = (id: string) => server().call(admin, { method: 'GET', url: `/api/core/v1/job/${id}` });
  const retry = (id: string, token = admin) =>
    server().call(token, { method: 'POST', url: `/api/core/v1/job/${id}/retry` });

  /** Places an order of one ticket and pays it at the simulated bank. */
  async function paidOrder(): Promise<{ orderId: string; paymentUrl: string; statusToken: string }> {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'en', items: [{ productId: shop.product, count: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    const paid = await server().call(undefined, {
      method: 'POST',
      url: new URL(answer.paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    expect(paid.json().paymentState).toBe('paid');
    return answer;
  }

  it('retries a failing job with growing waits, then keeps it failed with the reason, for admins to see and retry', async () => {
    const attemptsAt: number[] = [];
    let healthy = false;
    server().context.jobs.handle('testFlaky', async () => {
      attemptsAt.push(Date.now());
      if (!healthy) throw new Error('SMTP answered 550: mailbox unavailable');
      return { ok: true };
    });
    const id = (await server().context.jobs.add({ kind: 'testFlaky', payload: { n: 1 } })) as string;
    const failed = await eventually(
      async () => (await job(id)).json(),
      (body) => body.state === 'failed',
    );
    expect(failed).toEqual(
      expect.objectContaining({
        id,
        kind: 'testFlaky',
        state: 'failed',
        attempts: 3,
        maxAttempts: 3,
        lastError: 'SMTP answered 550: mailbox unavailable',
        payload: { n: 1 },
        lockedBy: null,
      }),
    );
    expect(failed.finishedAt).toEqual(expect.any(String));
    // exponential backoff: at least (a tenth less than) the base, then twice the base
    expect(attemptsAt).toHaveLength(3);
    expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 0.9 - 5);
    expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 * 0.9 - 5);

    // the admins' list, filtered and sorted like every other list
    const list = await server().call(admin, {
      method: 'GET',
      url: `/api/core/v1/job?where=${encodeURIComponent(JSON.stringify({ state: 'failed', kind: 'testFlaky' }))}&orderBy=updatedAt&order=desc`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(id);
    expect(list.json().totalCount).toBeGreaterThanOrEqual(1);

    // not for others; nobody writes jobs through the API
    const member = await server().createUser();
    expect((await server().call(member.token, { method: 'GET', url: '/api/core/v1/job' })).statusCode).toBe(
      403,
    );
    expectError(await retry(id, member.token), 403);
    expectError(await server().call(admin, { method: 'POST', url: '/api/core/v1/job', payload: {} }), 403);
    expectError(await server().call(admin, { method: 'DELETE', url: `/api/core/v1/job/${id}` }), 403);

    healthy = true;
    const retried = await retry(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(expect.objectContaining({ id, state: 'pending', attempts: 0 }));
    await server().jobsIdle();
    expect((await job(id)).json()).toEqual(expect.objectContaining({ state: 'done', attempts: 1 }));
    expectError(await retry(id), 409, /Only a failed job can be retried/);
    expectError(await retry('00000000-0000-4000-8000-000000000000'), 404);

    // the retry is in the audit trail under the admin who asked
    const history = await server().call(admin, { method: 'GET', url: `/api/core/v1/job/${id}/history` });
    expect(history.json().data[0]).toEqual(
      expect.objectContaining({ action: 'update', userName: expect.any(String) }),
    );
  });

  it('fails a job at once, with its reason, when its handler says it can never succeed', async () => {
    server().context.jobs.handle('testHopeless', async () => {
      throw new PermanentJobFailure('The recipient does not exist.');
    });
    const id = (await server().context.jobs.add({ kind: 'testHopeless', payload: {} })) as string;

    await server().jobsIdle();

    expect((await job(id)).json()).toEqual(
      expect.objectContaining({
        state: 'failed',
        attempts: 1,
        maxAttempts: 3,
        lastError: 'The recipient does not exist.',
      }),
    );
  });

  it('joins a job to the one with its coalesce key that waits for its first run; once that ran, queues a new one', async () => {
    const { jobs } = server().context;
    const ran: unknown[] = [];
    const add = (n: number, coalesceKey: string) =>
      jobs.add({ kind: 'testCoalesce', payload: { n }, coalesceKey });
    // no handler yet: the jobs wait
    const first = await add(1, 'testCoalesce:a');
    expect(await add(2, 'testCoalesce:a')).toBe(first);
    const other = await add(3, 'testCoalesce:b');
    expect(other).not.toBe(first);

    jobs.handle('testCoalesce', async (payload) => ran.push(payload.n));
    await server().jobsIdle();
    expect(ran.sort()).toEqual([1, 3]);

    const later = await add(4, 'testCoalesce:a');
    expect(later).not.toBe(first);
    await server().jobsIdle();
    expect(ran).toContain(4);
    for (const id of [first, other, later])
      expect((await job(id as string)).json()).toEqual(
        expect.objectContaining({ state: 'done', attempts: 1 }),
      );
  });

  it('queues the email of a paid order with the payment: the answer comes first, the email from the queue, once', async () => {
    const { orderId } = await paidOrder();
    const queued = await server()
      .context.db.selectFrom('job')
      .selectAll()
      .where('dedupeKey', '=', `orderMail:${orderId}`)
      .execute();
    expect(queued).toHaveLength(1);
    await server().jobsIdle();
    const sent = () => checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent()).toHaveLength(1);

    // the same work queued again: the dedupe key makes it a no-op
    expect(
      await server().context.jobs.add({
        kind: 'orderMail',
        payload: { orderId },
        dedupeKey: `orderMail:${orderId}`,
      }),
    ).toBeUndefined();
    // a job of the same order without the key (as after the retention deleted the first): the order says it was sent
    const again = (await server().context.jobs.add({ kind: 'orderMail', payload: { orderId } })) as string;
    await server().jobsIdle();
    expect((await job(again)).json().state).toBe('done');
    expect(sent()).toHaveLength(1);
  });

  it('sends one email per order with two workers on one database', async () => {
    const other = await server().startAnotherInstance();
    try {
      const orders = [];
      for (let index = 0; index < 8; index += 1) orders.push(await paidOrder());
      await other.context.jobs.idle();
      await server().jobsIdle();
      const mails = [server().context, other.context].flatMap(
        (context) => checkoutPartsOf(context)!.sentMail,
      );
      for (const { orderId } of orders)
        expect(mails.filter((mail) => mail.orderId === orderId)).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('runs each of many jobs queued at once exactly once with two workers, and marks every one done', async () => {
    const COUNT = 60;
    const runs: number[] = [];
    const other = await server().startAnotherInstance();
    try {
      for (const { jobs } of [server().context, other.context])
        jobs.handle('testMany', async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          runs.push(Number(payload.n));
        });
      const queued = Array.from({ length: COUNT }, (_, n) => ({ kind: 'testMany', payload: { n } }));
      expect(await other.context.jobs.addMany(queued)).toBe(COUNT);
      server().context.jobs.wake();
      await other.context.jobs.idle();
      await server().jobsIdle();
    } finally {
      await other.close();
    }
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, n) => n));
    const stored = await server().call(admin, {
      method: 'GET',
      url: `/api/core/v1/job?where=${encodeURIComponent('{"kind":"testMany"}')}&limit=100`,
    });
    expect(stored.json().data).toHaveLength(COUNT);
    for (const row of stored.json().data)
      expect(row).toEqual(expect.objectContaining({ state: 'done', attempts: 1, lockedBy: null }));
  }, 60_000);

  it('runs a job queued while another runs, without waiting for that one to end', async () => {
    const { jobs } = server().context;
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    jobs.handle('testBlocking', async () => {
      events.push('blocking started');
      await blocked;
      events.push('blocking ended');
    });
    jobs.handle('testBeside', async () => {
      events.push('beside ran');
      return 'ran';
    });
    const first = (await jobs.add({ kind: 'testBlocking', payload: {} })) as string;
    await eventually(
      async () => events,
      (seen) => seen.includes('blocking started'),
    );
    const second = (await jobs.add({ kind: 'testBeside', payload: {} })) as string;
    expect(await jobs.outcome(second, 30_000)).toEqual({ finished: true, result: 'ran' });
    release();
    await server().jobsIdle();
    expect(events).toEqual(['blocking started', 'beside ran', 'blocking ended']);
    for (const id of [first, second]) expect((await job(id)).json().state).toBe('done');
  });

  it("tells a caller waiting for a job's first attempt that it failed, and the job still runs again", async () => {
    const { jobs } = server().context;
    let attempts = 0;
    jobs.handle('testFlaky', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The other side is down.');
      return 'ran';
    });
    const id = (await jobs.add({ kind: 'testFlaky', payload: {} })) as string;
    expect(await jobs.outcome(id, 30_000, { firstAttempt: true })).toEqual({
      finished: false,
      error: 'The other side is down.',
    });
    await eventually(
      async () => (await job(id)).json().state,
      (state) => state === 'done',
    );
    expect(attempts).toBe(2);
    // a caller that waits for the end learns the result
    const again = (await jobs.add({ kind: 'testFlaky', payload: {} })) as string;
    expect(await jobs.outcome(again, 30_000)).toEqual({ finished: true, result: 'ran' });
  });

  it('runs a job stored with a delay only once it is due', async () => {
    const { jobs } = server().context;
    const ran: string[] = [];
    jobs.handle('testLater', async (payload) => {
      ran.push(String(payload.name));
    });
    const later = (await jobs.add({
      kind: 'testLater',
      payload: { name: 'later' },
      delayMs: 3_600_000,
    })) as string;
    const now = (await jobs.add({ kind: 'testLater', payload: { name: 'now' } })) as string;
    expect(await jobs.outcome(now, 30_000)).toEqual({ finished: true, result: undefined });
    await server().jobsIdle();
    expect(ran).toEqual(['now']);
    expect((await job(later)).json()).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('marks a job that finished just before a clean stop done, so that it does not run again', async () => {
    const other = await server().startAnotherInstance();
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    let quickRan: () => void = () => undefined;
    const quickDone = new Promise<void>((resolve) => (quickRan = resolve));
    // the other instance is busy with a long job, so the done mark of a quick one waits to share its statement
    other.context.jobs.handle('testLong', () => blocked);
    other.context.jobs.handle('testQuick', async () => {
      ran.push('other');
      quickRan();
    });
    const long = (await other.context.jobs.add({ kind: 'testLong', payload: {} })) as string;
    await eventually(
      async () => (await job(long)).json(),
      (body) => body.state === 'running',
    );
    const quick = (await other.context.jobs.add({ kind: 'testQuick', payload: {} })) as string;
    await quickDone;
    await other.context.jobs.stop(10);
    release();
    await other.close();

    expect((await job(quick)).json()).toEqual(expect.objectContaining({ state: 'done', attempts: 1 }));
    expect((await job(long)).json()).toEqual(expect.objectContaining({ state: 'pending', attempts: 0 }));
    server().context.jobs.handle('testQuick', async () => ran.push('server'));
    server().context.jobs.handle('testLong', async () => undefined);
    await server().jobsIdle();
    expect(ran).toEqual(['other']);
    expect((await job(long)).json().state).toBe('done');
  }, 60_000);

  it('hands a running job back when the server stops, and deletes done jobs after the retention', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const other = await server().startAnotherInstance();
    // only the other instance runs this kind until it stopped
    other.context.jobs.handle('testSlow', () => blocked);
    const id = (await other.context.jobs.add({ kind: 'testSlow', payload: {} })) as string;
    const running = await eventually(
      async () => (await job(id)).json(),
      (body) => body.state === 'running',
    );
    if (running.lockedBy === null) throw new Error('the job never ran');
    await other.context.jobs.stop(50);
    release();
    await other.close();
    expect((await job(id)).json()).toEqual(expect.objectContaining({ state: 'pending', attempts: 0 }));
    // pending again at once, its attempt not counted, and run by the server still up
    server().context.jobs.handle('testSlow', async () => ({ fine: true }));
    await server().jobsIdle();
    expect((await job(id)).json()).toEqual(expect.objectContaining({ state: 'done', attempts: 1 }));

    const { maintenanceOf } = await import('../../server/kernel/maintenance');
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    await maintenanceOf(server().context)!.run(later);
    expect((await job(id)).statusCode).toBe(404);
  }, 60_000);
});

describe.each(databaseKinds)('Job queue across kill -9 (%s)', (kind) => {
  const ORDERS = 20;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let running: ServerProcess | undefined;
  beforeAll(async () => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-jobs-'));
    database = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  }, 300_000);
  afterAll(async () => {
    await running?.stop('SIGTERM');
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const env = () => ({
    CHECKOUT_RATE_LIMIT: '0',
    JOB_CONCURRENCY: '1',
    JOB_LOCK_SECONDS: '5',
    JOB_POLL_MS: '100',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });

  /** A caller of the server's APIs, signed in as the first admin. */
  async function callerOf(target: ServerProcess) {
    const login = await fetch(`${target.url}/api/core/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    return async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${target.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of several routes
      return { status: response.status, body: (await response.json()) as any };
    };
  }

  it('loses no job when the server is killed while they run: the next start does them', async () => {
    running = await startServer(dataDir, env());
    let call = await callerOf(running);
    const project = await call('POST', '/api/core/v1/project', { name: 'Kill -9' });
    const template = await call('POST', '/api/core/v1/template', ticketTemplateBody(project.body.id));
    const eshop = await call('POST', '/api/ticket/v1/eshop', {
      projectId: project.body.id,
      name: 'Kill shop',
      active: true,
      locales: ['en'],
    });
    expect(eshop.status).toBe(201);
    const product = await call('POST', '/api/ticket/v1/product', {
      eshopId: eshop.body.id,
      name: 'Adult',
      active: true,
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [template.body.id],
      title: { en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
    expect(product.status).toBe(201);

    const orders: Array<{ orderId: string; statusToken: string; paymentUrl: string }> = [];
    for (let index = 0; index < ORDERS; index += 1) {
      const created = await call('POST', `${BASE}/eshop/${eshop.body.id}/order`, {
        email: 'buyer@example.com',
        locale: 'en',
        items: [{ productId: product.body.id, count: 1 }],
      });
      expect(created).toMatchObject({ status: 201 });
      orders.push(created.body);
    }
    // all paid at once: their emails queue up faster than one worker renders and sends them
    const paid = await Promise.all(
      orders.map((order) => call('POST', new URL(order.paymentUrl).pathname, { outcome: 'paid' })),
    );
    expect(paid.map((answer) => answer.body.paymentState)).toEqual(Array(ORDERS).fill('paid'));
    const atKill = (
      await call('GET', `/api/core/v1/job?where=${encodeURIComponent('{"kind":"orderMail"}')}&limit=100`)
    ).body as { data: Array<{ state: string }> };
    expect(await running.stop('SIGKILL')).toBeNull();
    expect(atKill.data).toHaveLength(ORDERS);
    expect(atKill.data.some((row) => row.state !== 'done')).toBe(true);

    running = await startServer(dataDir, env());
    call = await callerOf(running);
    const states = await eventually(
      () => orderStates(call, eshop.body.id, orders),
      (all) => all.every((state) => state === 'emailSent'),
    );
    expect(states).toEqual(Array(ORDERS).fill('emailSent'));
    const jobs = (
      await call('GET', `/api/core/v1/job?where=${encodeURIComponent('{"kind":"orderMail"}')}&limit=100`)
    ).body;
    expect(jobs.data).toHaveLength(ORDERS);
    expect(jobs.data.every((row: { state: string }) => row.state === 'done')).toBe(true);
    // every email written; at most the one being sent at the kill twice (JOB_CONCURRENCY=1)
    const files = fs.readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(ORDERS);
    expect(files.length).toBeLessThanOrEqual(ORDERS + 1);
  }, 240_000);
});
