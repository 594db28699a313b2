import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Right } from '../../domain/rights';
import {
  callerWith,
  describeWithInstances,
  signIn,
  startInstances,
  type ApiCaller,
  type Instances,
} from './instances';
import { orderStates } from './checkoutFixtures';
import { templateBody, ticketTemplateBody } from './passFixtures';
import { startReceiver, waitFor } from './webhookReceiver';

const PUBLIC = '/api/ticket/public/v1';
const CORE = '/api/core/v1';
const ORDERS = 18;
/** each instance's DATABASE_POOL_SIZE */
const POOL = 4;

/** The .eml files each instance wrote (one per order's email), by instance. */
function mailsByInstance(instances: Instances): number[] {
  return instances.dataDirs.map((dataDir) => {
    const folder = path.join(dataDir, 'mail');
    return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.eml')).length : 0;
  });
}

describeWithInstances('Several instances on one PostgreSQL database', () => {
  let instances: Instances;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: pg.Client;
  let token: string;
  /** the first admin's callers of instances A, B and C */
  let onA: ApiCaller;
  let onB: ApiCaller;
  let onC: ApiCaller;

  beforeAll(async () => {
    receiver = await startReceiver();
    instances = await startInstances(3, {
      shared: {
        CHECKOUT_RATE_LIMIT: '0',
        API_RATE_LIMIT: '0',
        JOB_CONCURRENCY: '1',
        JOB_LOCK_SECONDS: '5',
        JOB_POLL_MS: '100',
        DATABASE_POOL_SIZE: String(POOL),
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'info',
      },
    });
    database = new pg.Client({ connectionString: instances.databaseUrl });
    await database.connect();
    ({ token, call: onA } = await signIn(instances.urls[0]));
    onB = callerWith(instances.urls[1], token);
    onC = callerWith(instances.urls[2], token);
  }, 120_000);
  afterAll(async () => {
    await database?.end();
    await instances?.stop();
    await receiver?.close();
  }, 60_000);

  it('sees a template, pass, webhook or right changed through one instance at once through the others', async () => {
    const project = await onA('POST', `${CORE}/project`, { name: 'Three instances' });
    const template = await onA('POST', `${CORE}/template`, templateBody(project.body.id));
    expect(template.status).toBe(201);
    const templateUrl = `${CORE}/template/${template.body.id}`;
    // read first through B and C, so that each keeps the row
    for (const on of [onB, onC]) expect((await on('GET', templateUrl)).body.name).toBe('Member card');
    expect((await onA('PATCH', templateUrl, { name: 'Gold card' })).status).toBe(200);
    for (const on of [onB, onC]) expect((await on('GET', templateUrl)).body.name).toBe('Gold card');

    const pass = await onA('POST', `${CORE}/pass`, {
      templateId: template.body.id,
      dynamicData: { name: 'Ann' },
    });
    expect(pass.status).toBe(201);
    const passUrl = `${CORE}/pass/${pass.body.id}`;
    const page = (on: ApiCaller) => on('GET', `/p/${pass.body.id}`);
    expect((await onB('GET', passUrl)).body.dynamicData).toEqual({ name: 'Ann' });
    expect((await page(onC)).body).toContain('Ann');
    expect((await onA('PATCH', passUrl, { dynamicData: { name: 'Bea' } })).status).toBe(200);
    expect((await onB('GET', passUrl)).body.dynamicData).toEqual({ name: 'Bea' });
    const changedPage = await page(onC);
    expect(changedPage.status).toBe(200);
    expect(changedPage.body).toContain('Bea');
    expect(changedPage.body).not.toContain('Ann');

    // B learns that nobody listens to the project's pass updates, then an endpoint is added through A
    expect((await onB('PATCH', passUrl, { dynamicData: { name: 'Cyd' } })).status).toBe(200);
    const webhook = await onA('POST', `${CORE}/webhook`, {
      projectId: project.body.id,
      url: receiver.url('ok', 'instances'),
      events: ['pass.updated'],
    });
    expect(webhook.status).toBe(201);
    expect((await onC('GET', `${CORE}/webhook/${webhook.body.id}`)).body.url).toBe(
      receiver.url('ok', 'instances'),
    );
    expect((await onB('PATCH', passUrl, { dynamicData: { name: 'Dan' } })).status).toBe(200);
    const heard = await waitFor(
      () => receiver.at('ok', 'instances'),
      (all) => all.length > 0,
    );
    expect(heard.map((entry) => entry.json.type)).toEqual(['pass.updated']);
    expect(heard[0].json.data).toMatchObject({ id: pass.body.id, dynamicData: { name: 'Dan' } });

    // a user signed in through B loses rights through A: B and C refuse at once (a row one may not read: 404)
    const email = `reader-${Date.now()}@test.local`;
    const password = 'Reader-Passw0rd!';
    const user = await onA('POST', `${CORE}/user`, {
      email,
      password,
      displayName: 'Reader',
      isAdmin: false,
    });
    expect(user.status).toBe(201);
    const rightsUrl = `${CORE}/project/${project.body.id}/user/${user.body.id}/rights`;
    const setRights = async (accessRights: number) =>
      expect((await onA('POST', rightsUrl, { accessRights })).status).toBe(200);
    await setRights(Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE);
    const reader = await signIn(instances.urls[1], { email, password });
    const readerOnC = callerWith(instances.urls[2], reader.token);
    expect((await reader.call('PATCH', templateUrl, { name: 'Silver card' })).status).toBe(200);
    expect((await readerOnC('GET', templateUrl)).body.name).toBe('Silver card');
    await setRights(Right.TEMPLATE_READ);
    expect((await reader.call('PATCH', templateUrl, { name: 'Bronze card' })).status).toBe(403);
    expect((await readerOnC('PATCH', templateUrl, { name: 'Bronze card' })).status).toBe(403);
    expect((await reader.call('GET', templateUrl)).status).toBe(200);
    await setRights(Right.PASS_READ);
    expect((await reader.call('GET', templateUrl)).status).toBe(404);
    expect((await readerOnC('GET', templateUrl)).status).toBe(404);
    expect((await reader.call('GET', passUrl)).status).toBe(200);
  }, 60_000);

  it('opens at most DATABASE_POOL_SIZE connections an instance, and one more that listens', async () => {
    const callers = [onA, onB, onC];
    // lists always read the database: 20 at once on each instance
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => callers[index % 3]('GET', `${CORE}/job?limit=5`)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await database.query<{ count: number }>(
      `select count(*)::int as "count" from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(rows[0].count).toBeGreaterThan(3);
    expect(rows[0].count).toBeLessThanOrEqual(3 * (POOL + 1));
  }, 30_000);

  it('counts wrong passwords through one instance at the others: the 11th attempt, right or not, is refused', async () => {
    const user = { email: `guessed-${Date.now()}@test.local`, password: 'Guessed-Passw0rd!' };
    expect(
      (await onA('POST', `${CORE}/user`, { ...user, displayName: 'Guessed', isAdmin: false })).status,
    ).toBe(201);
    const login = (url: string, password: string) =>
      fetch(`${url}/api/core/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      });
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await login(instances.urls[0], `guess ${attempt}`)).status).toBe(401);
    for (const url of instances.urls.slice(1)) {
      const refused = await login(url, user.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts/);
    }
  }, 60_000);

  /** A shop of one product on a ticket template, made through A; answers how to order and pay through any one. */
  async function ticketShop() {
    const project = await onA('POST', `${CORE}/project`, { name: `Shop ${Date.now()}` });
    const template = await onA('POST', `${CORE}/template`, ticketTemplateBody(project.body.id));
    const eshop = await onA('POST', '/api/ticket/v1/eshop', {
      projectId: project.body.id,
      name: 'Instances shop',
      active: true,
      locales: ['en'],
    });
    const product = await onA('POST', '/api/ticket/v1/product', {
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
    const callers = [onA, onB, onC];
    /** orders placed round the instances (or `through` these), then all paid at once, each through another one */
    const paidOrders = async (count: number, through = callers) => {
      const orders: Array<{ orderId: string; statusToken: string; paymentUrl: string }> = [];
      for (let index = 0; index < count; index += 1) {
        const created = await through[index % through.length](
          'POST',
          `${PUBLIC}/eshop/${eshop.body.id}/order`,
          {
            email: 'buyer@example.com',
            locale: 'en',
            items: [{ productId: product.body.id, count: 1 }],
          },
        );
        expect(created.status).toBe(201);
        orders.push(created.body);
      }
      const paid = await Promise.all(
        orders.map((order, index) =>
          through[(index + 1) % through.length]('POST', new URL(order.paymentUrl).pathname, {
            outcome: 'paid',
          }),
        ),
      );
      expect(paid.map((answer) => answer.body.paymentState)).toEqual(Array(count).fill('paid'));
      return orders;
    };
    /** each order's state, asked through `on`, once all sent their email (or the wait ran out) */
    const statesOnceSent = (on: ApiCaller, orders: Awaited<ReturnType<typeof paidOrders>>) =>
      waitFor(
        () => orderStates(on, eshop.body.id, orders),
        (states) => states.every((state) => state === 'emailSent'),
        60_000,
      );
    return { paidOrders, statesOnceSent };
  }

  it("shares the job queue: each paid order's email is sent once, by more than one instance", async () => {
    const shop = await ticketShop();
    const orders = await shop.paidOrders(ORDERS);
    expect(await shop.statesOnceSent(onC, orders)).toEqual(Array(ORDERS).fill('emailSent'));
    const mails = mailsByInstance(instances);
    expect(mails.reduce((sum, count) => sum + count, 0)).toBe(ORDERS);
    expect(mails.filter((count) => count > 0).length).toBeGreaterThan(1);
  }, 90_000);

  it('finishes the jobs of an instance killed mid-way once their lock lapses, losing none', async () => {
    const shop = await ticketShop();
    const before = mailsByInstance(instances).reduce((sum, count) => sum + count, 0);
    // the orders are paid through B while A and C are frozen: when A goes on, their emails wait for it
    instances.pause(0);
    instances.pause(2);
    let orders: Awaited<ReturnType<typeof shop.paidOrders>>;
    try {
      orders = await shop.paidOrders(ORDERS, [onB]);
    } finally {
      instances.resume(0);
    }
    // A holds one of them when it dies
    const heldByA = await waitFor(
      async () =>
        (
          await database.query<{ count: string }>(
            `select count(*) as "count" from "job" where "kind" = 'orderMail' and "state" = 'running'
              and "lockedBy" like $1`,
            [`%:${instances.pids[0]}:%`],
          )
        ).rows[0].count,
      (count) => Number(count) > 0,
      30_000,
    );
    await instances.kill(0);
    instances.resume(2);
    expect(Number(heldByA)).toBeGreaterThan(0);
    expect(await shop.statesOnceSent(onB, orders)).toEqual(Array(ORDERS).fill('emailSent'));
    // a finished job is marked done in a batch a moment after its order is (doneMarks)
    const jobs = await waitFor(
      async () =>
        (await database.query<{ state: string }>(`select "state" from "job" where "kind" = 'orderMail'`))
          .rows,
      (rows) => rows.every((job) => job.state === 'done'),
      10_000,
    );
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    // each email written; the one A was sending when killed may have been written twice (JOB_CONCURRENCY=1)
    const written = mailsByInstance(instances).reduce((sum, count) => sum + count, 0) - before;
    expect(written).toBeGreaterThanOrEqual(ORDERS);
    expect(written).toBeLessThanOrEqual(ORDERS + 1);
  }, 90_000);
});
