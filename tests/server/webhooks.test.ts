import crypto from 'node:crypto';
import { Right } from '../../domain/rights';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { coreApi, templateBody, userWithRights } from './passFixtures';
import { loyaltyCardTemplate } from './stampFixtures';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { matchingSignatures, startReceiver, waitFor, type Behaviour } from './webhookReceiver';

/**
 * Webhooks through HTTP, with a real receiver: signed deliveries of the events of passes, their order, retries of a
 * receiver that fails or hangs, failure after the retry window, rolled secrets, the test event and redelivery,
 * rights, and refusals of addresses outside the public internet (with WEBHOOK_ALLOW_PRIVATE off).
 */
// deliveries are awaited as a receiver would: each test waits for what its receiver hears
jest.setTimeout(60_000);

describe.each(databaseKinds)('webhooks (%s)', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: string;
  let projectA: string;
  let projectB: string;
  let templateA: string;
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_WINDOW_SECONDS: '2',
    });
    receiver = await startReceiver();
    admin = await server.adminToken();
    projectA = await server.createProject('Hooks A');
    projectB = await server.createProject('Hooks B');
    templateA = (await api.created(admin, 'template', templateBody(projectA))).id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  }, 30_000);

  const createWebhook = async (behaviour: Behaviour, name: string, events: string[], projectId = projectA) =>
    (await api.created(admin, 'webhook', { projectId, url: receiver.url(behaviour, name), events })) as {
      id: string;
      secret: string;
    };
  const createPass = async (name: string) =>
    (await api.created(admin, 'pass', { templateId: templateA, dynamicData: { name } })).id as string;
  const deliveriesOf = async (webhookId: string) =>
    (
      await api.call(
        admin,
        'GET',
        `webhookDelivery?where=${encodeURIComponent(JSON.stringify({ webhookId }))}&limit=1000`,
      )
    ).json().data as Array<Record<string, unknown>>;

  it('answers the secret once, seals it, and signs each delivery of a pass event with it', async () => {
    const created = await api.call(admin, 'POST', 'webhook', {
      projectId: projectA,
      url: receiver.url('ok', 'signed'),
      events: ['pass.created', 'pass.updated', 'pass.voided', 'pass.deleted'],
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json();
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ active: true, description: '', previousSecretExpiresAt: null });
    const read = await api.call(admin, 'GET', `webhook/${webhook.id}`);
    expect(read.json().secret).toBeUndefined();
    expect(read.body).not.toContain(webhook.secret);
    const row = await server.context.db
      .selectFrom('webhook')
      .selectAll()
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(webhook.secret.slice(6));

    const passId = await createPass('Alice');
    const heard = await waitFor(
      () => receiver.at('ok', 'signed'),
      (list) => list.length >= 1,
    );
    expect(heard).toHaveLength(1);
    const [delivery] = heard;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toMatch(/^Passbase-Webhooks\//);
    expect(delivery.headers['passbase-event-id']).toBe(delivery.json.id);
    expect(
      matchingSignatures(String(delivery.headers['passbase-signature']), delivery.body, webhook.secret),
    ).toBe(1);
    expect(
      matchingSignatures(String(delivery.headers['passbase-signature']), delivery.body, 'whsec_other'),
    ).toBe(0);
    expect(Object.keys(delivery.json).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(delivery.json).toMatchObject({
      type: 'pass.created',
      data: { id: passId, templateId: templateA },
    });
    const [stored] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(stored).toMatchObject({
      status: 'succeeded',
      responseCode: 200,
      attempts: 1,
      eventId: delivery.json.id,
    });
    expect(JSON.parse(String(stored.body))).toEqual(delivery.json);
  });

  it('delivers a sequence to one endpoint in event order: created, updated, voided, deleted', async () => {
    const webhook = await createWebhook('ok', 'ordered', [
      'pass.created',
      'pass.updated',
      'pass.voided',
      'pass.deleted',
    ]);
    const first = await createPass('One');
    const second = await createPass('Two');
    expect((await api.call(admin, 'PATCH', `pass/${first}`, { dynamicData: { points: 3 } })).statusCode).toBe(
      200,
    );
    expect((await api.call(admin, 'PATCH', `pass/${first}`, { voided: true })).statusCode).toBe(200);
    expect((await api.call(admin, 'DELETE', `pass/${second}`)).statusCode).toBe(200);
    const heard = await waitFor(
      () => receiver.at('ok', 'ordered'),
      (list) => list.length >= 5,
    );
    expect(heard.map((entry) => [entry.json.type, entry.json.data.id])).toEqual([
      ['pass.created', first],
      ['pass.created', second],
      ['pass.updated', first],
      ['pass.voided', first],
      ['pass.deleted', second],
    ]);
    expect(new Set(heard.map((entry) => entry.json.id)).size).toBe(5);
    expect(webhook.secret).toBeDefined();
  });

  it('retries a delivery answered 500 with the same event id, and then it succeeds', async () => {
    const webhook = await createWebhook('failOnce', 'retry', ['pass.created']);
    await createPass('Retry');
    const heard = await waitFor(
      () => receiver.at('failOnce', 'retry'),
      (list) => list.length >= 2,
    );
    expect(heard).toHaveLength(2);
    expect(heard[1].json.id).toBe(heard[0].json.id);
    expect(heard[1].body).toBe(heard[0].body);
    const [stored] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(stored).toMatchObject({ status: 'succeeded', attempts: 2, responseCode: 200 });
  });

  it('cuts off a receiver that hangs (WEBHOOK_TIMEOUT_MS) and retries it', async () => {
    const webhook = await createWebhook('hangOnce', 'slow', ['pass.created']);
    await createPass('Slow');
    const [stored] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(stored).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(receiver.at('hangOnce', 'slow')).toHaveLength(2);
  });

  it('fails a delivery for good after the retry window, saying why', async () => {
    const webhook = await createWebhook('always500', 'down', ['pass.created']);
    await createPass('Down');
    const [stored] = await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'failed',
    );
    expect(stored.status).toBe('failed');
    expect(stored.responseCode).toBe(500);
    expect(String(stored.lastError)).toMatch(/HTTP 500: receiver says no.*given up/);
    expect(Number(stored.attempts)).toBeGreaterThan(2);
    expect(receiver.at('always500', 'down').length).toBe(stored.attempts);
  });

  it('sends a test event to one endpoint only, redelivers a delivery with the same event, and refuses a pending one', async () => {
    const webhook = await createWebhook('ok', 'test', ['order.paid']);
    const other = await createWebhook('ok', 'untouched', ['order.paid']);
    const test = await api.call(admin, 'POST', `webhook/${webhook.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ type: 'webhook.test', webhookId: webhook.id, status: 'pending' });
    const heard = await waitFor(
      () => receiver.at('ok', 'test'),
      (list) => list.length >= 1,
    );
    expect(heard[0].json).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id } });
    expect(receiver.at('ok', 'untouched')).toEqual([]);
    expect(other.id).toBeDefined();

    const deliveryId = test.json().id;
    await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    const again = await api.call(admin, 'POST', `webhookDelivery/${deliveryId}/redeliver`);
    expect(again.statusCode).toBe(202);
    const twice = await waitFor(
      () => receiver.at('ok', 'test'),
      (list) => list.length >= 2,
    );
    expect(twice[1].json.id).toBe(twice[0].json.id);
    // a pending delivery is sent without being asked: one waiting for its next attempt is refused
    await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded' && Number(list[0]?.attempts) === 2,
    );
    await server.context.db
      .updateTable('webhookDelivery')
      .set({ status: 'pending', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where('id', '=', deliveryId)
      .execute();
    expectError(await api.call(admin, 'POST', `webhookDelivery/${deliveryId}/redeliver`), 409, /pending/);
    expectError(await api.call(admin, 'POST', `webhookDelivery/${crypto.randomUUID()}/redeliver`), 404);
  });

  it('signs with both secrets while a rolled secret overlaps, and with the new one alone after', async () => {
    const webhook = await createWebhook('ok', 'rolled', ['pass.created']);
    const rolled = await api.call(admin, 'POST', `webhook/${webhook.id}/rollSecret`, {});
    expect(rolled.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = rolled.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(webhook.secret);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await api.call(admin, 'GET', `webhook/${webhook.id}`)).json().secret).toBeUndefined();
    await api.call(admin, 'POST', `webhook/${webhook.id}/test`);
    const [first] = await waitFor(
      () => receiver.at('ok', 'rolled'),
      (list) => list.length >= 1,
    );
    const header = String(first.headers['passbase-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(matchingSignatures(header, first.body, secret)).toBe(1);
    expect(matchingSignatures(header, first.body, webhook.secret)).toBe(1);

    const cut = await api.call(admin, 'POST', `webhook/${webhook.id}/rollSecret`, { expiresInSeconds: 0 });
    expect(cut.json().previousSecretExpiresAt).toBeNull();
    await api.call(admin, 'POST', `webhook/${webhook.id}/test`);
    const heard = await waitFor(
      () => receiver.at('ok', 'rolled'),
      (list) => list.length >= 2,
    );
    const last = String(heard[1].headers['passbase-signature']);
    expect(last.match(/v1=/g)).toHaveLength(1);
    expect(matchingSignatures(last, heard[1].body, cut.json().secret)).toBe(1);
    expectError(
      await api.call(admin, 'POST', `webhook/${webhook.id}/rollSecret`, { expiresInSeconds: -1 }),
      400,
    );
  });

  it('refuses a wrong body: unknown events, no events, a URL that is no address', async () => {
    const post = (body: object) => api.call(admin, 'POST', 'webhook', { projectId: projectA, ...body });
    expectError(await post({ url: receiver.url('ok', 'x'), events: ['pass.exploded'] }), 400);
    expectError(await post({ url: receiver.url('ok', 'x'), events: [] }), 400);
    expectError(await post({ url: 'not a url', events: ['pass.created'] }), 400, /not a valid address/);
    expectError(await post({ url: 'ftp://example.com/x', events: ['pass.created'] }), 400, /https/);
    expectError(
      await post({ url: 'https://user:pw@example.com/x', events: ['pass.created'] }),
      400,
      /password/,
    );
    const webhook = await createWebhook('ok', 'fixed', ['pass.created']);
    // an endpoint stays in its project: projectId sent back is dropped, never written
    const moved = await api.call(admin, 'PATCH', `webhook/${webhook.id}`, { projectId: projectB });
    expect(moved.json().projectId).toBe(projectA);
  });

  it('lets project managers manage their webhooks only; others read nothing, another project answers 404', async () => {
    const managerA = await userWithRights(server, { [projectA]: Right.PROJECT_UPDATE });
    const readerA = await userWithRights(server, { [projectA]: Right.PASS_READ | Right.PASS_CREATE });
    const body = { projectId: projectA, url: receiver.url('ok', 'rights'), events: ['pass.created'] };
    expectError(await api.call(readerA, 'POST', 'webhook', body), 403);
    const mine = await api.call(managerA, 'POST', 'webhook', body);
    expect(mine.statusCode).toBe(201);
    expect(mine.json().secret).toMatch(/^whsec_/);
    expectError(await api.call(managerA, 'POST', 'webhook', { ...body, projectId: projectB }), 403);
    const theirs = await createWebhook('ok', 'theirs', ['pass.created'], projectB);
    expectError(await api.call(managerA, 'GET', `webhook/${theirs.id}`), 404);
    expectError(await api.call(managerA, 'PATCH', `webhook/${theirs.id}`, { active: false }), 404);
    expectError(await api.call(managerA, 'POST', `webhook/${theirs.id}/rollSecret`, {}), 404);
    expectError(await api.call(managerA, 'POST', `webhook/${theirs.id}/test`), 404);
    expectError(await api.call(readerA, 'GET', `webhook/${mine.json().id}`), 404);
    const listed = await api.call(managerA, 'GET', 'webhook?limit=1000');
    expect(listed.json().data.map((row: { projectId: string }) => row.projectId)).not.toContain(projectB);
    const test = await api.call(admin, 'POST', `webhook/${theirs.id}/test`);
    expectError(await api.call(managerA, 'GET', `webhookDelivery/${test.json().id}`), 404);
    expectError(await api.call(managerA, 'POST', `webhookDelivery/${test.json().id}/redeliver`), 404);
  });

  it('hears a template updated, a stamp at the till and the reward it issued', async () => {
    await createWebhook('ok', 'causes', ['template.updated', 'stamp.added', 'reward.issued']);
    const card = (await api.created(admin, 'template', loyaltyCardTemplate(projectA, 'Coffee'))).id;
    const coupon = (await api.created(admin, 'template', loyaltyCardTemplate(projectA, 'Free coffee'))).id;
    expect((await api.call(admin, 'PATCH', `template/${card}`, { name: 'Coffee card' })).statusCode).toBe(
      200,
    );
    const stampCard = await api.created(admin, 'stampCard', {
      name: 'Coffee',
      templateId: card,
      stampsForReward: 2,
      rewardTemplateId: coupon,
    });
    const pass = await api.created(admin, 'pass', {
      templateId: card,
      dynamicData: { name: 'Eva', cardNumber: '7' },
    });
    const stamped = await api.call(admin, 'POST', `stampCard/${stampCard.id}/stamp`, {
      passId: pass.id,
      count: 2,
    });
    expect(stamped.statusCode).toBe(200);
    const heard = await waitFor(
      () => receiver.at('ok', 'causes'),
      (list) => list.length >= 3,
    );
    expect(heard.map((entry) => entry.json.type)).toEqual([
      'template.updated',
      'stamp.added',
      'reward.issued',
    ]);
    expect(heard[0].json.data).toMatchObject({ id: card, name: 'Coffee card' });
    expect(heard[1].json.data).toMatchObject({
      passId: pass.id,
      stampCardId: stampCard.id,
      count: 2,
      stampsBefore: 0,
      rewarded: true,
    });
    expect(heard[2].json.data).toMatchObject({
      passId: pass.id,
      rewardPass: { id: stamped.json().rewardPassId },
    });
  });

  it('deletes deliveries older than WEBHOOK_RETENTION_DAYS in the maintenance, and keeps newer ones', async () => {
    const webhook = await createWebhook('ok', 'retention', ['pass.created']);
    const test = await api.call(admin, 'POST', `webhook/${webhook.id}/test`);
    await waitFor(
      () => deliveriesOf(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    const maintenance = maintenanceOf(server.context);
    await maintenance?.run(new Date(Date.now() + 29 * 24 * 3600 * 1000));
    expect((await api.call(admin, 'GET', `webhookDelivery/${test.json().id}`)).statusCode).toBe(200);
    await maintenance?.run(new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expectError(await api.call(admin, 'GET', `webhookDelivery/${test.json().id}`), 404);
  });

  it('queues 10,000 events at once and still answers a GET by id; every one is delivered', async () => {
    const webhook = await createWebhook('ok', 'flood', ['stamp.added']);
    const events = server.context.integrationEvents;
    await server.context.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 10_000; index += 1)
        await events.publish(trx, { projectId: projectA, type: 'stamp.added', data: { index } });
    });
    events.wake();
    const read = await api.call(admin, 'GET', `webhook/${webhook.id}`);
    expect(read.statusCode).toBe(200);
    const count = async () => {
      const row = await server.context.db
        .selectFrom('webhookDelivery')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('webhookId', '=', webhook.id)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    expect(await waitFor(count, (value) => value === 10_000, 120_000)).toBe(10_000);
    const indexes = receiver.at('ok', 'flood').map((entry) => entry.json.data.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => Number(a) - Number(b)));
  }, 180_000);
});

describe.each(databaseKinds)('webhook addresses without WEBHOOK_ALLOW_PRIVATE (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind, { WEBHOOK_TIMEOUT_MS: '500' });
    admin = await server.adminToken();
    projectId = await server.createProject('Hooks private');
  }, 60_000);
  afterAll(async () => server?.close(), 30_000);

  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://100.64.0.1/hook',
    'https://localhost/hook',
  ])('refuses %s with a clear 400', async (url) => {
    const body = expectError(
      await api.call(admin, 'POST', 'webhook', { projectId, url, events: ['pass.created'] }),
      400,
      /public internet/,
    );
    expect(body.errors?.[0]?.path).toBe('/url');
  });

  it('refuses plain http, and a change of URL toward a private address', async () => {
    expectError(
      await api.call(admin, 'POST', 'webhook', {
        projectId,
        url: 'http://example.com/hook',
        events: ['pass.created'],
      }),
      400,
      /https/,
    );
    // an endpoint on the public internet (an address, so no resolver is needed)
    const created = await api.call(admin, 'POST', 'webhook', {
      projectId,
      url: 'https://93.184.215.14/hook',
      events: ['pass.created'],
    });
    expect(created.statusCode).toBe(201);
    expectError(
      await api.call(admin, 'PATCH', `webhook/${created.json().id}`, { url: 'https://192.168.1.1/hook' }),
      400,
      /public internet/,
    );
  });

  it('checks the address again when it delivers: a stored URL toward this host is never reached', async () => {
    const receiver = await startReceiver();
    try {
      const created = await api.call(admin, 'POST', 'webhook', {
        projectId,
        url: 'https://93.184.215.14/hook',
        events: ['pass.created'],
      });
      // as if the name had resolved elsewhere when it was saved (DNS rebinding): the row points here now
      for (const url of [
        `http://127.0.0.1:${receiver.port}/ok/x`,
        `https://localhost:${receiver.port}/ok/x`,
      ]) {
        await server.context.db
          .updateTable('webhook')
          .set({ url })
          .where('id', '=', created.json().id)
          .execute();
        const test = await api.call(admin, 'POST', `webhook/${created.json().id}/test`);
        expect(test.statusCode).toBe(202);
        const delivery = await waitFor(
          async () => (await api.call(admin, 'GET', `webhookDelivery/${test.json().id}`)).json(),
          (value) => value.attempts >= 1,
        );
        expect(delivery.status).not.toBe('succeeded');
        expect(String(delivery.lastError)).toMatch(/https|public address/);
      }
      expect(receiver.heard).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
