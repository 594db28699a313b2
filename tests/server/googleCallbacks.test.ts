import crypto from 'node:crypto';
import fs from 'node:fs';
import { createDecoder } from 'fast-jwt';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { serviceAccountFiles } from './googleStandIn';
import {
  signedCallback,
  standInKey,
  startKeysStandIn,
  type CallbackMessage,
  type KeysStandIn,
  type SignedCallbackOptions,
} from './googleCallbackFixtures';
import { coreApi, expectError, templateBody } from './passFixtures';

// Users (Argon2 hashing) and key pairs: a busy two-core machine needs more than 5 s.
jest.setTimeout(60_000);

const ISSUER_ID = '3388000000012345678';
const OTHER_ISSUER_ID = '3388000000099999999';
const CLIENT_EMAIL = 'passbase-wallet@example-project.iam.gserviceaccount.com';
const PUBLIC_URL = 'https://passes.example.com';
const CALLBACK_URL = '/wallet/google/v1/callback';
const DAY = 24 * 3600_000;

describe.each(databaseKinds)('Google Wallet save and delete callbacks (%s)', (kind) => {
  const serviceAccount = serviceAccountFiles(CLIENT_EMAIL);
  /** Google's root signing key, as the keys URL serves it */
  const root = standInKey();
  let keys: KeysStandIn;
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;
  let templateId: string;

  beforeAll(async () => {
    keys = await startKeysStandIn([root]);
    server = await startTestServer(kind, {
      PUBLIC_URL,
      GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount.keyFile,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_CALLBACK_KEYS_URL: keys.url,
    });
    admin = await server.adminToken();
    projectId = await server.createProject('Google callbacks');
    templateId = (await api.created(admin, 'template', templateBody(projectId))).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await keys?.close();
    fs.rmSync(serviceAccount.directory, { recursive: true, force: true });
  });

  const newPass = async (): Promise<string> =>
    (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Jane' } })).id;
  const devicesOf = async (passId: string) => (await api.call(admin, 'GET', `pass/${passId}`)).json().devices;
  const message = (passId: string, changes: Partial<CallbackMessage> = {}): CallbackMessage => ({
    classId: `${ISSUER_ID}.${templateId}`,
    objectId: `${ISSUER_ID}.${passId}`,
    expTimeMillis: Date.now() + 60_000,
    eventType: 'save',
    nonce: crypto.randomUUID(),
    ...changes,
  });
  const callback = (options: Partial<SignedCallbackOptions> & { message: CallbackMessage }) =>
    signedCallback({ root, recipientId: ISSUER_ID, ...options });
  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    server.call(undefined, {
      method: 'POST',
      url: CALLBACK_URL,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    });

  /** The registrations reports of the project for the days around now (events written first). */
  async function registrationReports() {
    await server.context.events.flush();
    const today = Math.floor(Date.now() / DAY) * DAY;
    const query = new URLSearchParams({
      where: JSON.stringify({ projectId }),
      from: new Date(today - DAY).toISOString(),
      to: new Date(today + 2 * DAY).toISOString(),
    }).toString();
    const read = async (type: string) => {
      const response = await server.call(admin, {
        method: 'GET',
        url: `/api/core/v1/report/${type}?${query}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    return {
      registered: (await read('register_in_wallet')).total,
      atLeastOnce: (await read('at_least_once_register_in_wallet')).total,
      active: (await read('activity')).data[0].active,
    };
  }

  it('counts a save as an Android device of the pass and in the registration reports, a delete ends it', async () => {
    const passId = await newPass();
    const before = await registrationReports();

    const saved = await send(callback({ message: message(passId) }));

    expect(saved.statusCode).toBe(200);
    expect(await devicesOf(passId)).toEqual({ total: 1, ios: 0, android: 1 });
    const pass = (await api.call(admin, 'GET', `pass/${passId}`)).json();
    expect(pass.firstRegisterAt).toEqual(expect.any(String));
    const afterSave = await registrationReports();
    expect(afterSave.registered).toBe((before.registered ?? 0) + 1);
    expect(afterSave.atLeastOnce).toBe((before.atLeastOnce ?? 0) + 1);
    expect(afterSave.active).toBe(before.active + 1);

    const deleted = await send(callback({ message: message(passId, { eventType: 'del' }) }));

    expect(deleted.statusCode).toBe(200);
    expect(await devicesOf(passId)).toEqual({ total: 0, ios: 0, android: 0 });
    expect((await api.call(admin, 'GET', `pass/${passId}`)).json().lastUnregisterAt).toEqual(
      expect.any(String),
    );
    // the reports still count the registration of the period
    expect((await registrationReports()).registered).toBe(afterSave.registered);
  });

  it('counts a pass saved twice once, and a delete of a pass never saved as nothing', async () => {
    const passId = await newPass();
    expect((await send(callback({ message: message(passId) }))).statusCode).toBe(200);
    expect((await send(callback({ message: message(passId) }))).statusCode).toBe(200);
    expect(await devicesOf(passId)).toEqual({ total: 1, ios: 0, android: 1 });

    const never = await newPass();
    expect((await send(callback({ message: message(never, { eventType: 'del' }) }))).statusCode).toBe(200);
    expect(await devicesOf(never)).toEqual({ total: 0, ios: 0, android: 0 });
  });

  it('accepts both sender ids of Google’s documentation and the expiry as text', async () => {
    const passId = await newPass();
    const saved = await send(
      callback({
        senderId: 'GoogleWalletPasses',
        message: { ...message(passId), expTimeMillis: String(Date.now() + 60_000) as unknown as number },
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await devicesOf(passId)).android).toBe(1);
  });

  it('answers a replayed nonce 409 and changes nothing', async () => {
    const passId = await newPass();
    const save = callback({ message: message(passId) });
    expect((await send(save)).statusCode).toBe(200);
    const del = callback({ message: message(passId, { eventType: 'del' }) });
    expect((await send(del)).statusCode).toBe(200);

    expectError(await send(save), 409, /was received already/);
    expect(await devicesOf(passId)).toEqual({ total: 0, ios: 0, android: 0 });
  });

  describe('refuses what Google did not sign, leaving the pass and the nonce as they were', () => {
    let passId: string;
    let nonce: string;

    beforeEach(async () => {
      passId = await newPass();
      nonce = crypto.randomUUID();
    });

    /** The refused callback changed nothing: a genuine save with the same nonce still counts once. */
    async function expectNothingChanged() {
      expect(await devicesOf(passId)).toEqual({ total: 0, ios: 0, android: 0 });
      expect((await send(callback({ message: message(passId, { nonce }) }))).statusCode).toBe(200);
      expect(await devicesOf(passId)).toEqual({ total: 1, ios: 0, android: 1 });
    }

    it('a message signed by another key than its intermediate key (403)', async () => {
      const forged = callback({
        message: message(passId, { nonce }),
        intermediate: standInKey(),
        announcedIntermediate: standInKey(),
      });
      expectError(await send(forged), 403, /not signed by its intermediate signing key/);
      await expectNothingChanged();
    });

    it('a message whose text was changed after signing (403)', async () => {
      const signed = callback({ message: message(passId, { nonce, eventType: 'del' }) });
      const changed = { ...signed, signedMessage: signed.signedMessage.replace('"del"', '"save"') };
      expectError(await send(changed), 403, /not signed by its intermediate signing key/);
      await expectNothingChanged();
    });

    it('an intermediate key no root key of Google signed (403)', async () => {
      const forged = callback({ message: message(passId, { nonce }), root: standInKey() });
      expectError(await send(forged), 403, /not signed by any of Google's root signing keys/);
      await expectNothingChanged();
    });

    it('a sender id that is not configured (403)', async () => {
      const forged = callback({ message: message(passId, { nonce }), senderId: 'SomeoneElse' });
      expectError(await send(forged), 403, /root signing keys/);
      await expectNothingChanged();
    });

    it('an expired intermediate key (403)', async () => {
      const expired = callback({ message: message(passId, { nonce }), keyExpiration: Date.now() - 1000 });
      expectError(await send(expired), 403, /intermediate signing key has expired/);
      await expectNothingChanged();
    });

    it('an expired message (403)', async () => {
      const expired = callback({ message: message(passId, { nonce, expTimeMillis: Date.now() - 1000 }) });
      expectError(await send(expired), 403, /message expired at/);
      await expectNothingChanged();
    });

    it('another protocol version (400)', async () => {
      const other = callback({ message: message(passId, { nonce }), protocolVersion: 'ECv2' });
      expectError(await send(other), 400, /protocolVersion must be ECv2SigningOnly/);
      await expectNothingChanged();
    });

    it('a message Google signed for another issuer (404), its object named after ours', async () => {
      const theirs = callback({
        recipientId: OTHER_ISSUER_ID,
        message: message(passId, { nonce, objectId: `${OTHER_ISSUER_ID}.${passId}` }),
      });
      expectError(await send(theirs), 404, /is not a pass of this server/);
      const misnamed = callback({ recipientId: OTHER_ISSUER_ID, message: message(passId, { nonce }) });
      expectError(await send(misnamed), 403, /not signed by its intermediate signing key/);
      await expectNothingChanged();
    });

    it('in Czech when asked', async () => {
      const forged = callback({ message: message(passId, { nonce }), root: standInKey() });
      expectError(
        await send(forged, { 'accept-language': 'cs' }),
        403,
        /kořenových podpisových klíčů Googlu/,
      );
      await expectNothingChanged();
    });
  });

  it('answers 404 for an object that is no pass of ours', async () => {
    const unknown = callback({ message: message(crypto.randomUUID()) });
    expectError(await send(unknown), 404, /is not a pass of this server/);
    const notAPass = callback({ message: message('not-a-pass') });
    expectError(await send(notAPass), 404, /is not a pass of this server/);
  });

  it('refuses garbage with 4xx: not JSON, NUL bytes, missing fields, a bad message, a huge body', async () => {
    const passId = await newPass();
    const good = callback({ message: message(passId) });
    expectError(await send('this is not json'), 400, /not valid JSON/);
    expectError(await send(''), 400);
    expectError(await send({ ...good, signedMessage: 'not json' }), 400, /signedMessage is not JSON/);
    expectError(await send({ ...good, signedMessage: '{"eventType":"save"}' }), 400, /signedMessage/);
    expectError(await send({ ...good, signature: 'a\u0000b' }), 400);
    expectError(
      await send({ ...good, signedMessage: JSON.stringify({ ...message(passId), nonce: 'a\u0000b' }) }),
      400,
    );
    expectError(await send({ ...good, intermediateSigningKey: undefined }), 400, /intermediateSigningKey/);
    expectError(
      await send({
        ...good,
        intermediateSigningKey: { ...good.intermediateSigningKey, signedKey: '{"keyValue":"AAAA"}' },
      }),
      403,
    );
    expectError(await send([1, 2, 3]), 400);
    expectError(await send({ ...good, signedMessage: 'x'.repeat(100_000) }), 413);
    expect(await devicesOf(passId)).toEqual({ total: 0, ios: 0, android: 0 });
  });

  it('answers 424 with Retry-After while the keys URL is down, and counts nothing', async () => {
    // another instance: its key cache is empty, so it must ask the keys URL
    const another = await server.startAnotherInstance();
    const passId = await newPass();
    keys.down = true;
    try {
      const response = await another.app.inject({
        method: 'POST',
        url: CALLBACK_URL,
        payload: callback({ message: message(passId) }),
      });
      expectError(response, 424, /root signing keys cannot be fetched now \(HTTP 503\)/);
      expect(response.headers['retry-after']).toBe('60');
    } finally {
      keys.down = false;
      await another.close();
    }
    expect(await devicesOf(passId)).toEqual({ total: 0, ios: 0, android: 0 });
  });

  it('fetches the root keys once for many callbacks', async () => {
    const before = keys.requests;
    for (let index = 0; index < 3; index += 1)
      expect((await send(callback({ message: message(await newPass()) }))).statusCode).toBe(200);
    // at most the first asks (none when an earlier callback of this instance did)
    expect(keys.requests - before).toBeLessThanOrEqual(1);
  });

  it('filters and sorts passes by their iOS and Android devices', async () => {
    const android = await newPass();
    const apple = await newPass();
    expect((await send(callback({ message: message(android) }))).statusCode).toBe(200);
    // what the Apple web service writes for a registered iPhone
    await server.context.db.updateTable('pass').set({ devicesTotal: 2 }).where('id', '=', apple).execute();
    const ids = async (query: Record<string, string>) => {
      const response = await server.call(admin, {
        method: 'GET',
        url: '/api/core/v1/pass',
        query: { limit: '100', ...query },
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data as Array<{ id: string }>).map((pass) => pass.id);
    };
    const within = (where: Record<string, unknown>) =>
      JSON.stringify({ id: { $inUuid: [android, apple] }, ...where });

    expect(await ids({ where: within({ 'devices.android': { $gt: 0 } }) })).toEqual([android]);
    expect(await ids({ where: within({ 'devices.ios': { $gt: 0 } }) })).toEqual([apple]);
    expect(await ids({ where: within({ 'devices.ios': 0 }) })).toEqual([android]);
    expect(await ids({ where: within({}), orderBy: 'devices.android', order: 'desc' })).toEqual([
      android,
      apple,
    ]);
    expect(await ids({ where: within({}), orderBy: 'devices.ios', order: 'desc' })).toEqual([apple, android]);
    expect(await devicesOf(apple)).toEqual({ total: 2, ios: 2, android: 0 });
  });

  it('sets callbackOptions.url to the callback endpoint on each class it saves', async () => {
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, {
        saveToGooglePayObjectTemplate: {
          genericObject: { cardTitle: { defaultValue: { language: 'en', value: 'Card' } } },
          genericClass: { callbackOptions: { url: 'https://elsewhere.example.com/hook' } },
        },
      }),
    );
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Jane' } });

    const response = await api.call(admin, 'GET', `pass/${pass.id}/savetogooglepay`);

    expect(response.statusCode).toBe(200);
    const claims = createDecoder()(response.json().jwt) as { payload: { genericClasses: unknown[] } };
    expect(claims.payload.genericClasses).toEqual([
      expect.objectContaining({ callbackOptions: { url: `${PUBLIC_URL}${CALLBACK_URL}` } }),
    ]);
  });
});
