import fs from 'node:fs';
import path from 'node:path';
import { createDecoder, createVerifier } from 'fast-jwt';
import { Right } from '../../domain/rights';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { serviceAccountFiles, startGoogleStandIn, type GoogleStandIn } from './googleStandIn';
import { MISSING_ID, coreApi, expectError, templateBody } from './passFixtures';

// Users (Argon2 hashing), two servers and RSA keys: a busy two-core machine needs more than 5 s.
jest.setTimeout(60_000);

const ISSUER_ID = '3388000000012345678';
const CLIENT_EMAIL = 'passbase-wallet@example-project.iam.gserviceaccount.com';
const ORIGINS = ['https://passes.example.com', 'http://localhost:8080'];
const PROJECT_ISSUER_ID = '3388000000099999999';
const PROJECT_CLIENT_EMAIL = 'project-c@example-project.iam.gserviceaccount.com';
/** short waits of the job queue, so that a retried job runs again within the test */
const FAST_JOBS = { JOB_RETRY_BASE_MS: '20', JOB_POLL_MS: '20' };

interface JobBody {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  state: string;
  attempts: number;
  lastError: string | null;
}

/** The Google Wallet jobs of a pass as GET /v1/job shows them to an admin, newest first. */
async function googlePassJobs(server: TestServer, admin: string, passId: string): Promise<JobBody[]> {
  const where = encodeURIComponent(JSON.stringify({ kind: 'googlePass' }));
  const response = await server.call(admin, {
    method: 'GET',
    url: `/api/core/v1/job?where=${where}&orderBy=createdAt&order=desc&limit=100`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as JobBody[]).filter((job) => job.payload.passId === passId);
}

/**
 * The newest Google Wallet job of a pass once it is done or failed: the queue runs what is due, and a job waiting
 * for its retry comes back after the short FAST_JOBS wait (polled, at most 30 s as a safety net, not a measure).
 */
async function settledGoogleJob(
  server: TestServer,
  admin: string,
  passId: string,
): Promise<JobBody | undefined> {
  const until = Date.now() + 30_000;
  for (;;) {
    await server.jobsIdle();
    const [newest] = await googlePassJobs(server, admin, passId);
    if (!newest || ['done', 'failed'].includes(newest.state) || Date.now() > until) return newest;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A loyalty card whose texts and points come from the pass's dynamic data. */
const loyaltyTemplate = (extra: Record<string, unknown> = {}) => ({
  loyaltyObject: {
    state: 'ACTIVE',
    accountName: '#{name}',
    accountId: 'member-#{passId}',
    loyaltyPoints: { label: 'Points', balance: { int: '#{points}' } },
    barcode: { type: 'QR_CODE', value: '#{passId}' },
    textModulesData: [{ id: 'welcome', header: 'Welcome', body: 'Hello #{name}, card of #{templateId}' }],
    ...extra,
  },
});

describe.each(databaseKinds)('Save to Google Wallet (%s)', (kind) => {
  const keys = serviceAccountFiles(CLIENT_EMAIL);
  const projectKeys = serviceAccountFiles(PROJECT_CLIENT_EMAIL);
  const projectKeysFile = path.join(keys.directory, 'project-keys.json');
  const verify = createVerifier({ key: keys.publicKeyPem, algorithms: ['RS256'], allowedAud: 'google' });
  const decodeHeader = createDecoder({ complete: true });
  let google: GoogleStandIn;
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectA: string;
  let projectB: string;
  /** has its own service account and issuer (GOOGLE_WALLET_PROJECT_KEYS) */
  let projectC: string;

  beforeAll(async () => {
    google = await startGoogleStandIn(keys.publicKeyPem, CLIENT_EMAIL);
    server = await startTestServer(kind, {
      GOOGLE_WALLET_SERVICE_ACCOUNT: keys.keyFile,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_ORIGINS: ORIGINS.join(', '),
      GOOGLE_WALLET_API_BASE: google.apiBase,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
      GOOGLE_WALLET_PROJECT_KEYS: projectKeysFile,
      ...FAST_JOBS,
    });
    admin = await server.adminToken();
    projectA = await server.createProject('Google A');
    projectB = await server.createProject('Google B');
    projectC = await server.createProject('Google C');
    // read on first use: written once the project exists; its key file path is relative to this file
    const relativeKeyFile = path.relative(keys.directory, projectKeys.keyFile);
    fs.writeFileSync(
      projectKeysFile,
      JSON.stringify({ [projectC]: { serviceAccountFile: relativeKeyFile, issuerId: PROJECT_ISSUER_ID } }),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await google?.close();
    fs.rmSync(keys.directory, { recursive: true, force: true });
    fs.rmSync(projectKeys.directory, { recursive: true, force: true });
  });

  const newTemplate = (objectTemplate: unknown, projectId = projectA) =>
    api.created(
      admin,
      'template',
      templateBody(projectId, { saveToGooglePayObjectTemplate: objectTemplate }),
    );
  const newPass = (templateId: string, dynamicData: unknown = { name: 'Jane', points: 5 }, extra = {}) =>
    api.created(admin, 'pass', { templateId, dynamicData, ...extra });
  const saveLink = (passId: string, token: string | null = admin) =>
    server.call(token ?? undefined, { method: 'GET', url: `/api/core/v1/pass/${passId}/savetogooglepay` });
  const updateObjects = (templateId: string, token: string | null = admin) =>
    server.call(token ?? undefined, {
      method: 'GET',
      url: `/api/core/v1/template/${templateId}/savetogooglepay`,
    });
  const claimsOf = (jwt: string) =>
    verify(jwt) as Record<string, unknown> & { payload: Record<string, unknown[]> };

  it('signs a Save to Google Wallet JWT that verifies with the public key, with the pass filled in', async () => {
    const template = await newTemplate(loyaltyTemplate());
    const pass = await newPass(template.id);
    const before = google.requests.length;

    const response = await saveLink(pass.id);

    expect(response.statusCode).toBe(200);
    const { jwt, url } = response.json();
    expect(url).toBe(`https://pay.google.com/gp/v/save/${jwt}`);
    expect(decodeHeader(jwt).header).toEqual(expect.objectContaining({ alg: 'RS256' }));
    const claims = claimsOf(jwt);
    expect(claims).toEqual(
      expect.objectContaining({ iss: CLIENT_EMAIL, aud: 'google', typ: 'savetowallet', origins: ORIGINS }),
    );
    expect(typeof claims.iat).toBe('number');
    expect(Object.keys(claims.payload)).toEqual(['loyaltyObjects']);
    expect(claims.payload.loyaltyObjects).toEqual([
      {
        id: `${ISSUER_ID}.${pass.id}`,
        classId: `${ISSUER_ID}.${template.id}`,
        state: 'ACTIVE',
        accountName: 'Jane',
        accountId: `member-${pass.id}`,
        loyaltyPoints: { label: 'Points', balance: { int: 5 } },
        barcode: { type: 'QR_CODE', value: pass.id },
        textModulesData: [{ id: 'welcome', header: 'Welcome', body: `Hello Jane, card of ${template.id}` }],
      },
    ]);
    expect(google.requests.length).toBe(before);
  });

  it('marks a voided pass INACTIVE and ends its validity at its expiration date', async () => {
    const template = await newTemplate(loyaltyTemplate());
    const expirationDate = '2031-05-01T10:00:00.000Z';
    const pass = await newPass(template.id, { name: 'Joe', points: 0 }, { voided: true, expirationDate });

    const [object] = claimsOf(((await saveLink(pass.id)).json() as { jwt: string }).jwt).payload
      .loyaltyObjects;

    expect(object).toEqual(
      expect.objectContaining({ state: 'INACTIVE', validTimeInterval: { end: { date: expirationDate } } }),
    );
  });

  it('puts the class in the JWT when the template describes one, with its own classId', async () => {
    const template = await newTemplate({
      genericObject: {
        classId: 'members',
        cardTitle: { defaultValue: { language: 'en', value: '#{name}' } },
      },
      genericClass: { multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' },
    });
    const pass = await newPass(template.id);

    const { payload } = claimsOf(((await saveLink(pass.id)).json() as { jwt: string }).jwt);

    expect(payload.genericObjects).toEqual([
      expect.objectContaining({ id: `${ISSUER_ID}.${pass.id}`, classId: `${ISSUER_ID}.members` }),
    ]);
    expect(payload.genericClasses).toEqual([
      { id: `${ISSUER_ID}.members`, multipleDevicesAndHoldersAllowedStatus: 'ONE_USER_ALL_DEVICES' },
    ]);
  });

  it("signs with the project's own service account and issuer when GOOGLE_WALLET_PROJECT_KEYS names one", async () => {
    const pass = await newPass((await newTemplate(loyaltyTemplate(), projectC)).id);

    const { jwt } = (await saveLink(pass.id)).json() as { jwt: string };

    expect(() => verify(jwt)).toThrow();
    const verifyProject = createVerifier({ key: projectKeys.publicKeyPem, algorithms: ['RS256'] });
    const claims = verifyProject(jwt) as { iss: string; payload: { loyaltyObjects: Array<{ id: string }> } };
    expect(claims.iss).toBe(PROJECT_CLIENT_EMAIL);
    expect(claims.payload.loyaltyObjects[0].id).toBe(`${PROJECT_ISSUER_ID}.${pass.id}`);
  });

  describe('a link that would be longer than 1,800 characters', () => {
    const longText = 'A long description of the membership terms. '.repeat(60);
    let template: { id: string };
    let pass: { id: string };

    beforeAll(async () => {
      template = await newTemplate(loyaltyTemplate({ textModulesData: [{ id: 'terms', body: longText }] }));
      pass = await newPass(template.id);
    });

    it('inserts the object through the API with a bearer token, then answers a skinny JWT', async () => {
      const response = await saveLink(pass.id);

      expect(response.statusCode).toBe(200);
      const { jwt, url } = response.json();
      expect(url.length).toBeLessThanOrEqual(1800);
      expect(claimsOf(jwt).payload).toEqual({ loyaltyObjects: [{ id: `${ISSUER_ID}.${pass.id}` }] });
      expect(claimsOf(jwt)).toEqual(expect.objectContaining({ typ: 'savetowallet', aud: 'google' }));
      const insert = google.requests.find(
        (request) => request.method === 'POST' && request.path.endsWith('/loyaltyObject'),
      );
      expect(insert?.authorization).toBe(`Bearer ${google.issuedTokens[0]}`);
      expect(JSON.parse(insert?.body ?? '{}')).toEqual(
        expect.objectContaining({
          id: `${ISSUER_ID}.${pass.id}`,
          textModulesData: [{ id: 'terms', body: longText }],
        }),
      );
    });

    it('patches the object when Google already has it (insert answers 409), reusing the cached token', async () => {
      const tokensBefore = google.issuedTokens.length;
      const objectId = `${ISSUER_ID}.${pass.id}`;

      const response = await saveLink(pass.id);

      expect(response.statusCode).toBe(200);
      const patch = google.requests.at(-1);
      expect(patch).toEqual(
        expect.objectContaining({ method: 'PATCH', path: `/walletobjects/v1/loyaltyObject/${objectId}` }),
      );
      expect(google.issuedTokens.length).toBe(tokensBefore);
    });

    it("queues the updates of the template passes' objects; Google gets them from the queue, a pass never saved there is done", async () => {
      const neverSaved = await newPass(template.id, { name: 'Never saved', points: 1 });
      const changed = loyaltyTemplate({ textModulesData: [{ id: 'terms', body: 'New terms for #{name}' }] });
      const edited = await api.call(admin, 'PATCH', `template/${template.id}`, {
        saveToGooglePayObjectTemplate: changed,
      });
      expect(edited.statusCode).toBe(200);

      const response = await updateObjects(template.id);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ passes: 2, jobId: expect.any(String) });
      await server.jobsIdle();
      expect(google.resources.get(`${ISSUER_ID}.${pass.id}`)?.textModulesData).toEqual([
        { id: 'terms', body: 'New terms for Jane' },
      ]);
      const fanOut = await server.call(admin, {
        method: 'GET',
        url: `/api/core/v1/job/${response.json().jobId}`,
      });
      expect(fanOut.json()).toEqual(
        expect.objectContaining({
          kind: 'googleTemplate',
          state: 'done',
          payload: { templateId: template.id },
        }),
      );
      for (const { id } of [pass, neverSaved])
        expect(await googlePassJobs(server, admin, id)).toEqual([
          expect.objectContaining({ state: 'done', attempts: 1, lastError: null }),
        ]);
      expect(google.resources.has(`${ISSUER_ID}.${neverSaved.id}`)).toBe(false);
    });

    it("answers 502 with Google's message when Google refuses the object", async () => {
      const refused = await newTemplate(
        loyaltyTemplate({ textModulesData: [{ id: 'terms', body: longText }] }),
      );
      const other = await newPass(refused.id, { name: 'Refused', points: 2 });
      google.failNext({
        method: 'POST',
        pathStart: '/walletobjects/v1/loyaltyObject',
        status: 400,
        message: 'Invalid classId.',
      });

      expectError(await saveLink(other.id), 502, /Invalid classId\./);
    });
  });

  describe('a pass that changes', () => {
    let template: { id: string };
    /** a pass saved to a Google Wallet: Google holds its object */
    async function savedPass() {
      const pass = await newPass(template.id);
      const objectId = `${ISSUER_ID}.${pass.id}`;
      google.resources.set(objectId, {
        id: objectId,
        classId: `${ISSUER_ID}.${template.id}`,
        accountName: 'Jane',
      });
      return { pass, objectId };
    }
    const patchPass = async (passId: string, changes: Record<string, unknown>) =>
      expect((await api.call(admin, 'PATCH', `pass/${passId}`, changes)).statusCode).toBe(200);

    beforeAll(async () => {
      template = await newTemplate(loyaltyTemplate());
    });

    it('reaches Google Wallet through the queue: its object is patched to the pass as it is now', async () => {
      const { pass, objectId } = await savedPass();

      await patchPass(pass.id, { voided: true, dynamicData: { name: 'Jane Doe', points: 9 } });

      expect(await settledGoogleJob(server, admin, pass.id)).toEqual(
        expect.objectContaining({ state: 'done', attempts: 1 }),
      );
      expect(google.resources.get(objectId)).toEqual(
        expect.objectContaining({
          state: 'INACTIVE',
          accountName: 'Jane Doe',
          loyaltyPoints: { label: 'Points', balance: { int: 9 } },
        }),
      );
    });

    it("retries the patch after Google's 500, then updates the object", async () => {
      const { pass, objectId } = await savedPass();
      google.failNext({
        method: 'PATCH',
        pathStart: `/walletobjects/v1/loyaltyObject/${objectId}`,
        status: 500,
        message: 'Backend Error',
      });

      await patchPass(pass.id, { dynamicData: { name: 'Jane Retried', points: 6 } });

      expect(await settledGoogleJob(server, admin, pass.id)).toEqual(
        expect.objectContaining({
          state: 'done',
          attempts: 2,
          lastError: expect.stringMatching(/Backend Error/),
        }),
      );
      expect(google.resources.get(objectId)?.accountName).toBe('Jane Retried');
    });

    it("fails the job at once with Google's reason when Google answers 400, shown in GET /v1/job", async () => {
      const { pass, objectId } = await savedPass();
      google.failNext({
        method: 'PATCH',
        pathStart: `/walletobjects/v1/loyaltyObject/${objectId}`,
        status: 400,
        message: 'Invalid loyaltyPoints balance.',
      });

      await patchPass(pass.id, { dynamicData: { name: 'Jane Refused', points: 3 } });

      const failed = await settledGoogleJob(server, admin, pass.id);
      expect(failed).toEqual(expect.objectContaining({ state: 'failed', attempts: 1 }));
      const shown = await server.call(admin, { method: 'GET', url: `/api/core/v1/job/${failed?.id}` });
      expect(shown.json()).toEqual(
        expect.objectContaining({
          kind: 'googlePass',
          state: 'failed',
          lastError: 'Google Wallet API failed: Invalid loyaltyPoints balance.',
        }),
      );
      expect(google.resources.get(objectId)?.accountName).toBe('Jane');
    });

    it('queues no Google Wallet job for a pass whose template has no object template', async () => {
      const plain = await newPass((await newTemplate(null)).id);

      await patchPass(plain.id, { dynamicData: { name: 'Plain', points: 1 } });

      await server.jobsIdle();
      expect(await googlePassJobs(server, admin, plain.id)).toEqual([]);
    });
  });

  it('answers 409 with a clear message for a template without or with an unusable object template', async () => {
    const without = await newPass((await newTemplate(null)).id);
    expectError(await saveLink(without.id), 409, /has no Save to Google Pay object template/);

    const unknownKind = await newPass((await newTemplate({ boardingObject: {} })).id);
    expectError(
      await saveLink(unknownKind.id),
      409,
      /"boardingObject" is not a known object kind \(genericObject, loyaltyObject/,
    );

    const badState = await newPass((await newTemplate({ offerObject: { state: 'GONE' } })).id);
    expectError(await saveLink(badState.id), 409, /"offerObject.state" must be one of ACTIVE/);

    const missingValue = await newPass((await newTemplate({ offerObject: { title: '#{nickname}' } })).id);
    expectError(await saveLink(missingValue.id), 409, /#\{nickname\}/);

    const template = await newTemplate({ fooObject: {} });
    expectError(await updateObjects(template.id), 409, /Save to Google Pay object template is invalid/);
  });

  it('answers 404 for an unknown pass, a pass of another project and an unknown template', async () => {
    const passB = await newPass((await newTemplate(loyaltyTemplate(), projectB)).id);
    const reader = await server.createUser();
    await server.setRights(projectA, reader.id, Right.PASS_READ | Right.TEMPLATE_READ);

    expectError(await saveLink(MISSING_ID), 404);
    expectError(await saveLink('not-a-uuid'), 404);
    expectError(await saveLink(passB.id, reader.token), 404);
    expectError(await updateObjects(MISSING_ID), 404);
  });

  it('needs a token, and TEMPLATE_UPDATE to update a template objects', async () => {
    const template = await newTemplate(loyaltyTemplate());
    const pass = await newPass(template.id);
    const reader = await server.createUser();
    await server.setRights(projectA, reader.id, Right.PASS_READ | Right.TEMPLATE_READ);

    expectError(await saveLink(pass.id, null), 401);
    expectError(await updateObjects(template.id, null), 401);
    expect((await saveLink(pass.id, reader.token)).statusCode).toBe(200);
    expectError(await updateObjects(template.id, reader.token), 403, /TEMPLATE_UPDATE/);
  });
});

describe('Save to Google Wallet without a service account', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 naming the setting', async () => {
    const api = coreApi(() => server);
    const admin = await server.adminToken();
    const projectId = await server.createProject('Unconfigured');
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, { saveToGooglePayObjectTemplate: loyaltyTemplate() }),
    );
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Jane' } });

    for (const url of [`pass/${pass.id}`, `template/${template.id}`])
      expectError(
        await server.call(admin, { method: 'GET', url: `/api/core/v1/${url}/savetogooglepay` }),
        503,
        'Google Wallet is not configured (GOOGLE_WALLET_SERVICE_ACCOUNT).',
      );
  });

  it('queues no Google Wallet job when a pass changes', async () => {
    const api = coreApi(() => server);
    const admin = await server.adminToken();
    const projectId = await server.createProject('Unconfigured changes');
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, { saveToGooglePayObjectTemplate: loyaltyTemplate() }),
    );
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Jane' } });

    expect((await api.call(admin, 'PATCH', `pass/${pass.id}`, { voided: true })).statusCode).toBe(200);

    await server.jobsIdle();
    expect(await googlePassJobs(server, admin, pass.id)).toEqual([]);
  });
});
