import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness';
import { serviceAccountFiles, startGoogleStandIn, type GoogleStandIn } from './googleStandIn';
import { coreApi, ticketTemplateBody } from './passFixtures';
import { aSignableTemplate, setUpSigningWithIcon, sharedSigningChain } from './walletFixtures';

// RSA keys, Argon2 hashing and a signed pass: a busy two-core machine needs time.
jest.setTimeout(120_000);

const CHECKOUT = '/api/ticket/public/v1';
const CLIENT_ID = 'log-test-client';
const CLIENT_SECRET = 'client-secret-4b1f9e7d2c';
const SMTP_PASSWORD = 'smtp-password-93e1c7';
const DEVICE = '5c0ffee5c0ffee5c0ffee5c0ffee5c0f';
const PUSH_TOKEN = 'e7'.repeat(32);
const GOOGLE_CLIENT_EMAIL = 'passbase-logs@example-project.iam.gserviceaccount.com';

/** Secrets of the run by what they are, to name a leak. */
type Secrets = Map<string, string>;

/** Every line the app logged that holds a secret, in any of the forms a URL or a JSON string gives it. */
function leaks(lines: string[], secrets: Secrets): Array<{ secret: string; line: string }> {
  const forms = [...secrets].flatMap(([what, value]) =>
    [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])].map((form) => ({
      what,
      form,
    })),
  );
  return lines.flatMap((line) =>
    forms.filter(({ form }) => line.includes(form)).map(({ what }) => ({ secret: what, line })),
  );
}

describe.each(databaseKinds)('no secret in any log line of a full run (%s)', (kind) => {
  const lines: string[] = [];
  const secrets: Secrets = new Map();
  const google = serviceAccountFiles(GOOGLE_CLIENT_EMAIL);
  let googleStandIn: GoogleStandIn;
  let server: TestServer;
  const api = coreApi(() => server);

  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const inject = (options: InjectOptions) => server.app.inject(options);
  const secret = (what: string, value: string) => {
    secrets.set(what, value);
    return value;
  };

  beforeAll(async () => {
    googleStandIn = await startGoogleStandIn(google.publicKeyPem, GOOGLE_CLIENT_EMAIL);
    const smtpUrl = `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:9`;
    server = await startTestServer(
      kind,
      {
        LOG_LEVEL: 'trace',
        WWDR_CERT: (await sharedSigningChain()).wwdrFile,
        PUBLIC_URL: 'https://passes.test',
        FIRST_OAUTH_CLIENT_ID: CLIENT_ID,
        FIRST_OAUTH_CLIENT_SECRET: CLIENT_SECRET,
        // an SMTP server that refuses: the order email fails and the failure is logged
        SMTP_URL: smtpUrl,
        // one attempt: the email job fails for good, and its failure is logged, within the run
        JOB_MAX_ATTEMPTS: '1',
        GOOGLE_WALLET_SERVICE_ACCOUNT: google.keyFile,
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_ORIGINS: 'https://passes.test',
        GOOGLE_WALLET_API_BASE: googleStandIn.apiBase,
        GOOGLE_OAUTH_TOKEN_URL: googleStandIn.tokenUrl,
        CHECKOUT_RATE_LIMIT: '0',
      },
      { logStream },
    );
    secret('FIRST_ADMIN_PASSWORD', ADMIN.password);
    secret('client secret', CLIENT_SECRET);
    secret('SMTP password', SMTP_PASSWORD);
    secret('SMTP_URL credentials', `mailer:${SMTP_PASSWORD}`);
    secret('device library identifier', DEVICE);
    secret('push token', PUSH_TOKEN);
    // the first line of the key's body: distinctive, and the same in any escaping
    secret('Google service account key', google.privateKeyPem.split('\n')[1]);

    // Sign-in: wrong password, right one, refresh, logout of the refreshed session.
    const wrongPassword = secret('wrong password', 'Wrong-Passw0rd-7c2e!');
    await inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { email: ADMIN.email, password: wrongPassword },
    });
    const admin = secret('access token', await server.adminToken());
    const refreshed = await inject({
      method: 'POST',
      url: '/api/core/auth/refresh',
      headers: { authorization: `Bearer ${admin}` },
    });
    const refreshedToken = secret('refreshed token', refreshed.json().token as string);

    // OAuth2: client in Basic auth, client in the form, a wrong client secret.
    const basic = (clientSecret: string) =>
      `Basic ${Buffer.from(`${CLIENT_ID}:${clientSecret}`).toString('base64')}`;
    secret('Basic credentials', basic(CLIENT_SECRET).slice('Basic '.length));
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const grant = { grant_type: 'password', username: ADMIN.email, password: ADMIN.password };
    const oauth = await inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { authorization: basic(CLIENT_SECRET), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(grant),
    });
    secret('OAuth access token', oauth.json().access_token as string);
    await inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ ...grant, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    const wrongClientSecret = secret('wrong client secret', 'wrong-client-secret-51d0');
    await inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: {
        authorization: basic(wrongClientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form(grant),
    });
    // A careless client puts credentials in the address.
    await inject({
      method: 'GET',
      url: `/api/core/v1/project?access_token=${admin}&password=${encodeURIComponent(ADMIN.password)}`,
    });

    // A signed pass used by a device through the Apple Wallet web service, and saved to Google Wallet.
    const projectId = await server.createProject('Log secrets');
    const signing = await setUpSigningWithIcon(server, admin, projectId);
    const loyalty = {
      loyaltyObject: { state: 'ACTIVE', accountName: '#{name}', accountId: 'member-#{passId}' },
    };
    const template = await api.created(
      admin,
      'template',
      aSignableTemplate(
        projectId,
        signing.certificateId,
        { icon: signing.iconId },
        { saveToGooglePayObjectTemplate: loyalty },
      ),
    );
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Ann' } });
    const row = await server.context.db
      .selectFrom('pass')
      .select('authenticationToken')
      .where('id', '=', pass.id)
      .executeTakeFirstOrThrow();
    const applePass = { authorization: `ApplePass ${secret('ApplePass token', row.authenticationToken)}` };
    const registration = `/wallet/v1/devices/${DEVICE}/registrations/${signing.passTypeId}`;
    await inject({
      method: 'POST',
      url: `${registration}/${pass.id}`,
      headers: applePass,
      payload: { pushToken: PUSH_TOKEN },
    });
    await inject({ method: 'GET', url: registration });
    await inject({
      method: 'GET',
      url: `/wallet/v1/passes/${signing.passTypeId}/${pass.id}`,
      headers: applePass,
    });
    const wrongApplePass = secret('wrong ApplePass token', 'f00dfeedf00dfeedf00dfeedf00dfeed');
    await inject({
      method: 'GET',
      url: `/wallet/v1/passes/${signing.passTypeId}/${pass.id}`,
      headers: { authorization: `ApplePass ${wrongApplePass}` },
    });
    await inject({ method: 'GET', url: `/p/${pass.id}?format=pkpass` });
    const saveLink = await api.call(admin, 'GET', `pass/${pass.id}/savetogooglepay`);
    secret('Save to Google Wallet JWT', saveLink.json().jwt as string);
    await api.call(admin, 'GET', `template/${template.id}/savetogooglepay`);
    for (const [index, issued] of googleStandIn.issuedTokens.entries())
      secret(`Google access token ${index}`, issued);

    // The public checkout: order, the bank's page and decision, status checks with the status token.
    const ticketTemplate = await api.created(admin, 'template', ticketTemplateBody(projectId));
    const ticket = (resource: string, payload: Record<string, unknown>) =>
      inject({
        method: 'POST',
        url: `/api/ticket/v1/${resource}`,
        headers: { authorization: `Bearer ${admin}` },
        payload,
      });
    const eshop = await ticket('eshop', { projectId, name: 'Log shop', orderPrefix: '77', locales: ['en'] });
    const eshopId = eshop.json().id as string;
    await ticket('product', {
      eshopId,
      name: 'Adult',
      active: true,
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [ticketTemplate.id],
      title: { en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
    const productId = (
      await inject({
        method: 'GET',
        url: `/api/ticket/v1/product?where=${encodeURIComponent(JSON.stringify({ eshopId }))}`,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json().data[0].id as string;
    const order = await inject({
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'en', items: [{ productId, count: 1 }] },
    });
    const { orderId, paymentUrl, statusToken } = order.json() as Record<string, string>;
    secret('status token', statusToken);
    const bankPage = new URL(paymentUrl).pathname;
    secret('payment id', bankPage.split('/').pop() as string);
    await inject({ method: 'GET', url: bankPage });
    await inject({ method: 'POST', url: bankPage, payload: { outcome: 'paid' } });
    await server.jobsIdle(); // the order email is sent (and fails) from the job queue
    const statusPage = `${CHECKOUT}/eshop/${eshopId}/order/${orderId}`;
    await inject({ method: 'GET', url: `${statusPage}?token=${statusToken}` });
    await inject({ method: 'POST', url: `${statusPage}/paymentResult?token=${statusToken}` });
    await inject({ method: 'GET', url: `${statusPage}/no-such-page?token=${statusToken}` });

    // Change password: a wrong current password, then the right one, then a sign-in with the new one.
    const user = await server.createUser();
    secret('user password', user.password);
    secret('user token', user.token);
    const change = (currentPassword: string, newPassword: string) =>
      inject({
        method: 'POST',
        url: '/api/core/v1/user/me/changePassword',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { currentPassword, newPassword },
      });
    const newPassword = secret('new password', 'Brand-New-Passw0rd-8e4a!');
    await change(secret('wrong current password', 'Not-The-Passw0rd-2b9c!'), newPassword);
    await change(user.password, newPassword);
    secret('token after the change', await server.login(user.email, newPassword));

    await inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      headers: { authorization: `Bearer ${refreshedToken}` },
    });
  });

  afterAll(async () => {
    await server?.close();
    await googleStandIn?.close();
    fs.rmSync(google.directory, { recursive: true, force: true });
  });

  it('logs the run: every request, and the failed order email', () => {
    const requests = lines.filter((line) => line.includes('"msg":"incoming request"'));
    expect(requests.length).toBeGreaterThan(30);
    expect(lines.some((line) => line.includes('jobs: job orderMail') && line.includes('failed'))).toBe(true);
  });

  it('writes the addresses that carry secrets with the secrets replaced', () => {
    const urls = lines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url ? [url] : [];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/order\/[0-9a-f-]+\?token=\[redacted\]$/),
        expect.stringMatching(/\/simulated-bank\/\[redacted\]$/),
        expect.stringMatching(/^\/wallet\/v1\/devices\/\[redacted\]\/registrations\//),
        expect.stringMatching(/\?access_token=\[redacted\]&password=\[redacted\]$/),
      ]),
    );
  });

  it('holds none of the secrets used: passwords, tokens, client and SMTP secrets, keys', () => {
    expect(secrets.size).toBeGreaterThan(20);
    expect(leaks(lines, secrets)).toEqual([]);
  });
});
