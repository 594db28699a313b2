import { Right } from '../../domain/rights';
import { pushServiceOf } from '../../server/features/wallet/push/pushService';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { MISSING_ID, coreApi } from './passFixtures';
import { aSignableTemplate, setUpSigningWithIcon, startSigningTestServer } from './walletFixtures';

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'ab'.repeat(32);
const OTHER_DEVICE = 'ffeeddccbbaa00998877665544332211';
const OTHER_PUSH_TOKEN = 'cd'.repeat(32);

describe.each(databaseKinds)('Apple Wallet web service, driven as a device (%s)', (kind) => {
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let templateId: string;
  let passTypeId: string;
  let certificateId: string;
  let passId: string;
  let passToken: string;
  let otherPassId: string;
  let otherPassToken: string;
  const api = coreApi(() => server);

  const tokenOf = async (id: string) =>
    (
      await server.context.db
        .selectFrom('pass')
        .select('authenticationToken')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).authenticationToken;

  const registrationUrl = (serial = passId, device = DEVICE, type = passTypeId) =>
    `/wallet/v1/devices/${device}/registrations/${type}/${serial}`;
  const serialsUrl = (since?: string, device = DEVICE) =>
    `/wallet/v1/devices/${device}/registrations/${passTypeId}${since === undefined ? '' : `?passesUpdatedSince=${since}`}`;
  const passUrl = (serial = passId, type = passTypeId) => `/wallet/v1/passes/${type}/${serial}`;
  const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

  const register = (token = passToken, serial = passId, device = DEVICE, pushToken = PUSH_TOKEN) =>
    server.app.inject({
      method: 'POST',
      url: registrationUrl(serial, device),
      headers: applePass(token),
      payload: { pushToken },
    });
  const devicesOf = async (id: string) => (await api.call(admin, 'GET', `pass/${id}`)).json();
  const pushesSettled = () => pushServiceOf(server.context).settled();
  /** HTTP dates have whole seconds: a change in the second of the previous Last-Modified would look unchanged. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)));

  beforeAll(async () => {
    apns = await startApnsStandIn();
    server = await startSigningTestServer(kind, { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile });
    admin = await server.adminToken();
    projectId = await server.createProject('Wallet web service');
    const signing = await setUpSigningWithIcon(server, admin, projectId);
    passTypeId = signing.passTypeId;
    certificateId = signing.certificateId;
    templateId = (
      await api.created(
        admin,
        'template',
        aSignableTemplate(projectId, certificateId, { icon: signing.iconId }),
      )
    ).id;
    passId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Ann' } })).id;
    otherPassId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Bob' } })).id;
    passToken = await tokenOf(passId);
    otherPassToken = await tokenOf(otherPassId);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await apns?.close();
  }, 30_000);

  let firstTag: string;
  let lastModified: string;

  it('registers a device for a pass: 201, then 200 when it already is', async () => {
    const created = await register();
    expect(created.statusCode).toBe(201);
    const again = await register();
    expect(again.statusCode).toBe(200);
    const pass = await devicesOf(passId);
    expect(pass.devices.total).toBe(1);
    expect(pass.firstRegisterAt).toEqual(expect.any(String));
    expect(pass.lastRegisterAt).toEqual(expect.any(String));
  });

  it('answers 401 without a token, with a wrong one and with the token of another pass', async () => {
    const missing = await server.app.inject({
      method: 'POST',
      url: registrationUrl(),
      payload: { pushToken: PUSH_TOKEN },
    });
    expectError(missing, 401);
    expect(missing.headers['www-authenticate']).toBe('ApplePass');
    expectError(await register('0'.repeat(64)), 401);
    expectError(await register(otherPassToken), 401);
    expectError(
      await server.app.inject({ method: 'GET', url: passUrl(), headers: applePass(otherPassToken) }),
      401,
    );
    expectError(
      await server.app.inject({
        method: 'GET',
        url: passUrl(),
        headers: { authorization: `Bearer ${passToken}` },
      }),
      401,
    );
    expect((await devicesOf(otherPassId)).devices.total).toBe(0);
  });

  it('answers 404 for an unknown pass and for a pass type that is not the pass’s', async () => {
    expectError(await register(passToken, MISSING_ID), 404);
    const otherType = await server.app.inject({
      method: 'POST',
      url: registrationUrl(passId, DEVICE, 'pass.test.other'),
      headers: applePass(passToken),
      payload: { pushToken: PUSH_TOKEN },
    });
    expectError(otherType, 404);
  });

  it('lists the serials updated since a tag, and 204 when none', async () => {
    const all = await server.app.inject({ method: 'GET', url: serialsUrl('0') });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ serialNumbers: [passId], lastUpdated: expect.stringMatching(/^\d+$/) });
    firstTag = all.json().lastUpdated;
    expect((await server.app.inject({ method: 'GET', url: serialsUrl() })).json().serialNumbers).toEqual([
      passId,
    ]);
    expect((await server.app.inject({ method: 'GET', url: serialsUrl(firstTag) })).statusCode).toBe(204);
    expect((await server.app.inject({ method: 'GET', url: serialsUrl('0', OTHER_DEVICE) })).statusCode).toBe(
      204,
    );
  });

  it('delivers the signed pass with Last-Modified, then 304 for If-Modified-Since', async () => {
    const pass = await server.app.inject({ method: 'GET', url: passUrl(), headers: applePass(passToken) });
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(pass.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    lastModified = String(pass.headers['last-modified']);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    const repeat = await server.app.inject({
      method: 'GET',
      url: passUrl(),
      headers: { ...applePass(passToken), 'if-modified-since': lastModified },
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    const malformed = await server.app.inject({
      method: 'GET',
      url: passUrl(),
      headers: { ...applePass(passToken), 'if-modified-since': 'last Tuesday-ish' },
    });
    expect(malformed.statusCode).toBe(200);
  });

  it('pushes to the device when the pass changes through the API; the serial shows since the previous tag', async () => {
    await nextSecond();
    const before = apns.received.length;
    const patched = await api.call(admin, 'PATCH', `pass/${passId}`, { dynamicData: { name: 'Ann B.' } });
    expect(patched.statusCode).toBe(200);
    await pushesSettled();
    const pushes = apns.received.slice(before);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toEqual(
      expect.objectContaining({ path: `/3/device/${PUSH_TOKEN}`, topic: passTypeId, body: '{}' }),
    );
    expect(pushes[0].clientSubject).toContain(`UID=${passTypeId}`);
    expect(pushes[0]).toEqual(expect.objectContaining({ pushType: 'background', priority: '5' }));
    const since = await server.app.inject({ method: 'GET', url: serialsUrl(firstTag) });
    expect(since.statusCode).toBe(200);
    expect(since.json().serialNumbers).toEqual([passId]);
    expect(BigInt(since.json().lastUpdated) > BigInt(firstTag)).toBe(true);
    const newer = await server.app.inject({
      method: 'GET',
      url: passUrl(),
      headers: { ...applePass(passToken), 'if-modified-since': lastModified },
    });
    expect(newer.statusCode).toBe(200);
    const results = await api.call(admin, 'GET', `pass/${passId}/pushResults`);
    expect(results.statusCode).toBe(200);
    expect(results.json()[0]).toEqual(expect.objectContaining({ status: 200, reason: null }));
  });

  it('records register and update events for the reports', async () => {
    await server.context.events.flush();
    const events = await server.context.db
      .selectFrom('passEvent')
      .select('type')
      .where('passId', '=', passId)
      .execute();
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['register', 'update', 'push']));
  });

  it('pushes a template: a summary, every device notified', async () => {
    const before = apns.received.length;
    const pushed = await api.call(admin, 'GET', `template/${templateId}/push`);
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toEqual({
      passes: 2,
      devices: 1,
      sent: 1,
      failed: 0,
      complete: true,
      campaignId: expect.any(String),
    });
    expect(apns.received.length).toBe(before + 1);
    expect((await server.app.inject({ method: 'GET', url: serialsUrl('0') })).json().serialNumbers).toEqual([
      passId,
    ]);
  });

  it('lets only TEMPLATE_UPDATE push a template, and hides templates of other projects', async () => {
    const reader = await server.createUser();
    await server.setRights(projectId, reader.id, Right.TEMPLATE_READ);
    expectError(await api.call(reader.token, 'GET', `template/${templateId}/push`), 403);
    const stranger = await server.createUser();
    const otherProject = await server.createProject('Elsewhere');
    await server.setRights(otherProject, stranger.id, Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE);
    expectError(await api.call(stranger.token, 'GET', `template/${templateId}/push`), 404);
    expectError(await api.call(admin, 'GET', `template/${MISSING_ID}/push`), 404);
    expectError(await api.call(reader.token, 'GET', `pass/${passId}/pushResults`), 403);
  });

  it('unregisters the device when APNs answers 410', async () => {
    expect((await register(otherPassToken, otherPassId, OTHER_DEVICE, OTHER_PUSH_TOKEN)).statusCode).toBe(
      201,
    );
    apns.answer(OTHER_PUSH_TOKEN, 410, 'Unregistered');
    const patched = await api.call(admin, 'PATCH', `pass/${otherPassId}`, {
      dynamicData: { name: 'Bob B.' },
    });
    expect(patched.statusCode).toBe(200);
    await pushesSettled();
    expect((await devicesOf(otherPassId)).devices.total).toBe(0);
    expect((await server.app.inject({ method: 'GET', url: serialsUrl('0', OTHER_DEVICE) })).statusCode).toBe(
      204,
    );
    const results = (await api.call(admin, 'GET', `pass/${otherPassId}/pushResults`)).json();
    expect(results[0]).toEqual(expect.objectContaining({ status: 410, reason: 'Unregistered' }));
  });

  it('delivers a voided pass, answers 410 for a deleted one and refuses to register it', async () => {
    expect((await api.call(admin, 'PATCH', `pass/${otherPassId}`, { voided: true })).statusCode).toBe(200);
    const voided = await server.app.inject({
      method: 'GET',
      url: passUrl(otherPassId),
      headers: applePass(otherPassToken),
    });
    expect(voided.statusCode).toBe(200);
    expect((await api.call(admin, 'DELETE', `pass/${otherPassId}`)).statusCode).toBeLessThan(300);
    expectError(
      await server.app.inject({
        method: 'GET',
        url: passUrl(otherPassId),
        headers: applePass(otherPassToken),
      }),
      410,
    );
    expectError(await register(otherPassToken, otherPassId, OTHER_DEVICE, OTHER_PUSH_TOKEN), 404);
  });

  it('answers 503 with Retry-After for a pass that fails its pre-flight checks (no icon)', async () => {
    const noIcon = (await api.created(admin, 'template', aSignableTemplate(projectId, certificateId, {}))).id;
    const broken = (await api.created(admin, 'pass', { templateId: noIcon, dynamicData: { name: 'Cy' } })).id;
    const fetched = await server.app.inject({
      method: 'GET',
      url: passUrl(broken),
      headers: applePass(await tokenOf(broken)),
    });
    expectError(fetched, 503);
    expect(fetched.headers['retry-after']).toBe('3600');
  });

  it('keeps what Wallet logs, trimmed', async () => {
    const logged = await server.app.inject({
      method: 'POST',
      url: '/wallet/v1/log',
      payload: { logs: ['  Web service error: 503  ', '', 'x'.repeat(5000)] },
    });
    expect(logged.statusCode).toBe(200);
    const rows = await server.context.db.selectFrom('walletLog').select('message').execute();
    expect(rows.map((row) => row.message)).toEqual(
      expect.arrayContaining(['Web service error: 503', 'x'.repeat(2000)]),
    );
    expect(rows).toHaveLength(2);
  });

  it('answers 400, never 500, for bad input', async () => {
    const bad = [
      {
        method: 'POST' as const,
        url: registrationUrl(passId, 'bad device!'),
        payload: { pushToken: PUSH_TOKEN },
      },
      { method: 'POST' as const, url: registrationUrl('not-a-uuid'), payload: { pushToken: PUSH_TOKEN } },
      { method: 'POST' as const, url: registrationUrl(), payload: { pushToken: 'not hex' } },
      { method: 'POST' as const, url: registrationUrl(), payload: {} },
      {
        method: 'POST' as const,
        url: registrationUrl(),
        payload: '{"pushToken":',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'GET' as const, url: serialsUrl('yesterday') },
      { method: 'GET' as const, url: serialsUrl('-1') },
      { method: 'GET' as const, url: passUrl('1; drop table pass') },
      { method: 'POST' as const, url: '/wallet/v1/log', payload: { logs: 'not a list' } },
      { method: 'POST' as const, url: '/wallet/v1/log', payload: { logs: [1, 2] } },
    ];
    for (const request of bad) {
      const response = await server.app.inject({
        ...request,
        headers: { ...applePass(passToken), ...(request.headers ?? {}) },
      });
      expectError(response, 400);
    }
  });

  it('unregisters a device: 200, the count goes down; 401 with a wrong token', async () => {
    expectError(
      await server.app.inject({
        method: 'DELETE',
        url: registrationUrl(),
        headers: applePass(otherPassToken),
      }),
      401,
    );
    const removed = await server.app.inject({
      method: 'DELETE',
      url: registrationUrl(),
      headers: applePass(passToken),
    });
    expect(removed.statusCode).toBe(200);
    const pass = await devicesOf(passId);
    expect(pass.devices.total).toBe(0);
    expect(pass.lastUnregisterAt).toEqual(expect.any(String));
    expect((await server.app.inject({ method: 'GET', url: serialsUrl('0') })).statusCode).toBe(204);
    const again = await server.app.inject({
      method: 'DELETE',
      url: registrationUrl(),
      headers: applePass(passToken),
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('Apple Wallet web service rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { WALLET_RATE_LIMIT: '3' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('limits /wallet per address, and only /wallet', async () => {
    const serials = () =>
      server.app.inject({ method: 'GET', url: `/wallet/v1/devices/${DEVICE}/registrations/pass.test.card` });
    for (let request = 0; request < 3; request += 1) expect((await serials()).statusCode).toBe(204);
    const limited = await serials();
    expectError(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
    const config = await server.call(undefined, { method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
  });
});
