import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import * as passwords from '../../server/kernel/auth/passwords';
import { loadConfig } from '../../server/kernel/config';
import { ADMIN, SQL_TEXT, databaseKinds, expectError, startTestServer, type TestServer } from './harness';

/*
 * OAuth2 as programs written against the Yourpass API drive it. The official JS client posts the form unencoded
 * (`grant_type=password&username=${username}&password=${password}`) with `Authorization: Basic btoa(id:secret)`
 * and reads an error only from a 200 answer's `error`; the Java client (an OAuth2 library) form-encodes, sends
 * `scope`, and may refresh. Both dialects run on both databases: RFC 6749 by default, Yourpass's under
 * OAUTH2_COMPAT=yourpass.
 */

type Dialect = 'standard' | 'yourpass';
const dialects: Dialect[] = ['standard', 'yourpass'];
const cases = dialects.flatMap((dialect) => databaseKinds.map((kind) => [dialect, kind] as const));

const TOKEN_URL = '/api/core/oauth2/token';
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`, 'binary').toString('base64')}`;
const jsClientForm = (username: string, password: string) =>
  `grant_type=password&username=${username}&password=${password}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

interface Client {
  id: string;
  clientId: string;
  clientSecret: string;
}

describe.each(cases)('OAuth2 for Yourpass integrations (%s dialect, %s)', (dialect, kind) => {
  let server: TestServer;
  let confidential: Client;
  let publicClient: Client;
  let admin: string;

  const token = (body: string, authorization?: string, contentType = 'application/x-www-form-urlencoded') =>
    server.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: {
        accept: 'application/json, application/x-www-form-urlencoded',
        'content-type': contentType,
        ...(authorization ? { authorization } : {}),
      },
      payload: body,
    });
  const asConfidential = (body: string) =>
    token(body, basic(confidential.clientId, confidential.clientSecret));
  const signIn = async (fields: Record<string, string> = {}) => {
    const response = await asConfidential(
      form({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password, ...fields }),
    );
    expect(response.statusCode).toBe(200);
    return response.json() as { access_token: string; refresh_token: string; scope?: string };
  };
  const refresh = (refreshToken: string, client: Client = confidential, extra: Record<string, string> = {}) =>
    token(
      form({ grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }),
      basic(client.clientId, client.clientSecret),
    );
  const me = (accessToken: string) =>
    server.call(accessToken, { method: 'GET', url: '/api/core/v1/user/me' });
  const createClient = async (payload: Record<string, unknown>): Promise<Client> => {
    const response = await server.call(admin, { method: 'POST', url: '/api/core/v1/apiClient', payload });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    return { id: created.id, clientId: created.clientId, clientSecret: created.clientSecret ?? '' };
  };

  /** A refusal as the dialect answers it: RFC 6749's status and code, or 200 with Yourpass's code. */
  function expectRefused(
    response: LightMyRequestResponse,
    standard: { status: number; error: string },
    yourpassError = standard.error,
  ) {
    const expected = dialect === 'yourpass' ? { status: 200, error: yourpassError } : standard;
    expect(response.statusCode).toBe(expected.status);
    expect(response.json()).toEqual({ error: expected.error, error_description: expect.any(String) });
    expect(response.json().error_description).not.toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toMatch(SQL_TEXT);
    return response.json() as { error: string; error_description: string };
  }

  beforeAll(async () => {
    server = await startTestServer(kind, dialect === 'yourpass' ? { OAUTH2_COMPAT: 'yourpass' } : {});
    admin = await server.adminToken();
    confidential = await createClient({ name: 'Integration' });
    publicClient = await createClient({
      name: 'Yourpass public client',
      clientId: crypto.randomUUID(),
      isPublic: true,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('password grant', () => {
    it('answers an access token and a refresh token to a confidential client; the access token opens the API', async () => {
      const response = await asConfidential(jsClientForm(ADMIN.email, ADMIN.password));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect((await me(body.access_token)).json().email).toBe(ADMIN.email);
    });

    it('answers a public client authenticated by its id and an empty secret, without a refresh token', async () => {
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic(publicClient.clientId, ''),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
      expect((await me(body.access_token)).statusCode).toBe(200);
    });

    it('takes a public client id sent in the form, with no Authorization header', async () => {
      const response = await token(
        form({
          grant_type: 'password',
          username: ADMIN.email,
          password: ADMIN.password,
          client_id: publicClient.clientId,
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().access_token).toEqual(expect.any(String));
    });

    it('echoes a scope of rights the client asked for', async () => {
      const body = await signIn({ scope: 'pass:read template:read' });
      expect(body.scope).toBe('pass:read template:read');
    });

    it("echoes the Java client's scope word under Yourpass's dialect, and refuses it as unknown otherwise", async () => {
      if (dialect === 'yourpass') {
        const body = await signIn({ scope: 'scope' });
        expect(body.scope).toBe('scope');
        expect((await me(body.access_token)).json().isAdmin).toBe(true);
      } else {
        const answer = expectRefused(
          await asConfidential(
            form({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password, scope: 'scope' }),
          ),
          { status: 400, error: 'invalid_scope' },
        );
        expect(answer.error_description).toMatch(/Unknown scope "scope".*pass:read/);
      }
    });

    it('reads a token request sent as JSON', async () => {
      const response = await asConfidential(
        JSON.stringify({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password }),
      );
      expect(response.statusCode).toBe(200);
    });

    it('refuses an empty username or password before any password check', async () => {
      const checks = [jest.spyOn(passwords, 'verifyPassword'), jest.spyOn(passwords, 'verifyAgainstNothing')];
      for (const body of [
        jsClientForm('', ADMIN.password),
        jsClientForm(ADMIN.email, ''),
        'grant_type=password',
      ]) {
        expectRefused(await asConfidential(body), { status: 400, error: 'invalid_request' }, 'invalid_grant');
      }
      for (const check of checks) expect(check).not.toHaveBeenCalled();
    });

    it('never counts an empty password toward the account lockout', async () => {
      const user = await server.createUser();
      for (let attempt = 0; attempt < 12; attempt += 1) {
        expectRefused(
          await asConfidential(jsClientForm(user.email, '')),
          { status: 400, error: 'invalid_request' },
          'invalid_grant',
        );
      }
      const response = await asConfidential(
        form({ grant_type: 'password', username: user.email, password: user.password }),
      );
      expect(response.statusCode).toBe(200);
    });

    it('answers invalid_grant for an unknown username and for a wrong password, alike', async () => {
      const unknown = expectRefused(await asConfidential(jsClientForm('invalid', ADMIN.password)), {
        status: 400,
        error: 'invalid_grant',
      });
      const wrong = expectRefused(await asConfidential(jsClientForm(ADMIN.email, 'invalid')), {
        status: 400,
        error: 'invalid_grant',
      });
      expect(unknown).toEqual(wrong);
    });

    it('answers a username with a control character like an unknown one', async () => {
      const response = await asConfidential(`grant_type=password&username=admin%01%40test.local&password=x`);
      expectRefused(response, { status: 400, error: 'invalid_grant' });
    });

    it('stops an account after ten wrong passwords, with Retry-After', async () => {
      const user = await server.createUser();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expectRefused(await asConfidential(jsClientForm(user.email, 'wrong')), {
          status: 400,
          error: 'invalid_grant',
        });
      }
      const limited = await asConfidential(
        form({ grant_type: 'password', username: user.email, password: user.password }),
      );
      expect(expectRefused(limited, { status: 429, error: 'invalid_grant' }).error_description).toMatch(
        /Too many sign-in attempts/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('client authentication', () => {
    it('answers a wrong client secret as the dialect names it (unauthorized_client for Yourpass)', async () => {
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic(confidential.clientId, 'invalid'),
      );
      expectRefused(response, { status: 401, error: 'invalid_client' }, 'unauthorized_client');
      if (dialect === 'standard') expect(response.headers['www-authenticate']).toMatch(/^Basic/);
    });

    it('answers an unknown client id as the dialect names it (server_error for Yourpass)', async () => {
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic('invalid', confidential.clientSecret),
      );
      expectRefused(response, { status: 401, error: 'invalid_client' }, 'server_error');
    });

    it('takes a secret sent for a public client as a wrong secret', async () => {
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic(publicClient.clientId, 'guess'),
      );
      expectRefused(response, { status: 401, error: 'invalid_client' }, 'unauthorized_client');
    });

    it('refuses a confidential client that sends no secret', async () => {
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic(confidential.clientId, ''),
      );
      expectRefused(response, { status: 401, error: 'invalid_client' }, 'unauthorized_client');
    });

    it('answers invalid_client to a missing or malformed Basic header (an unknown client to one naming none), and signs nobody in', async () => {
      const malformed = [
        undefined,
        'Basic',
        'Basic !!!!',
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        `Basic ${Buffer.from(':secret').toString('base64')}`,
        `Basic ${Buffer.from('%zz:secret').toString('base64')}`,
        `Basic ${Buffer.from(`${confidential.clientId}:${confidential.clientSecret}`).toString('base64')} extra`,
        `Bearer ${confidential.clientSecret}`,
      ];
      for (const authorization of malformed) {
        expectRefused(await token(jsClientForm(ADMIN.email, ADMIN.password), authorization), {
          status: 401,
          error: 'invalid_client',
        });
      }
      // read, but naming no client there can be: an unknown client
      const unknown = [
        `Basic ${Buffer.from(`${'x'.repeat(5000)}:y`).toString('base64')}`,
        `Basic ${Buffer.from('client\u0000id:secret').toString('base64')}`,
      ];
      for (const authorization of unknown) {
        expectRefused(
          await token(jsClientForm(ADMIN.email, ADMIN.password), authorization),
          { status: 401, error: 'invalid_client' },
          'server_error',
        );
      }
    });

    it('answers unauthorized_client to a disabled client', async () => {
      const disabled = await createClient({ name: 'Disabled' });
      await server.call(admin, {
        method: 'PATCH',
        url: `/api/core/v1/apiClient/${disabled.id}`,
        payload: { active: false },
      });
      const response = await token(
        jsClientForm(ADMIN.email, ADMIN.password),
        basic(disabled.clientId, disabled.clientSecret),
      );
      expectRefused(response, { status: 400, error: 'unauthorized_client' });
    });
  });

  describe('grant types and unreadable requests', () => {
    it('answers unsupported_grant_type for any grant but password, refresh_token and client_credentials', async () => {
      for (const grant of ['authorization_code', 'PASSWORD', 'implicit']) {
        expectRefused(
          await asConfidential(`grant_type=${grant}&username=${ADMIN.email}&password=${ADMIN.password}`),
          {
            status: 400,
            error: 'unsupported_grant_type',
          },
        );
      }
    });

    it('answers invalid_request when grant_type is missing', async () => {
      expectRefused(await asConfidential(`username=${ADMIN.email}&password=${ADMIN.password}`), {
        status: 400,
        error: 'invalid_request',
      });
    });

    it('answers invalid_request in the OAuth2 shape for a body that cannot be read', async () => {
      const response = await asConfidential('{"grant_type": "password",');
      expect(expectRefused(response, { status: 400, error: 'invalid_request' }).error_description).toMatch(
        /JSON/,
      );
    });

    it('answers invalid_scope for a scope that is not RFC 6749 scope words', async () => {
      for (const scope of ['a"b', 'two  spaces', ' leading', 'tab\there']) {
        expectRefused(
          await asConfidential(
            form({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password, scope }),
          ),
          { status: 400, error: 'invalid_scope' },
        );
      }
    });
  });

  it('describes the token endpoint in the OpenAPI document: the form, both grants, the Yourpass dialect', async () => {
    const doc = (await server.call(undefined, { method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths['/oauth2/token'].post;
    const form = post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(form.properties)).toEqual(
      expect.arrayContaining(['grant_type', 'username', 'password', 'refresh_token', 'scope', 'client_id']),
    );
    expect(post.security).toEqual([{ basic: [] }]);
    expect(post.description).toMatch(/OAUTH2_COMPAT=yourpass/);
    const answers = post.responses['200'].content['application/json'].schema.anyOf;
    expect(answers.map((answer: { properties: object }) => Object.keys(answer.properties))).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['refresh_token', 'scope']),
        ['error', 'error_description'],
      ]),
    );
    const createBody = doc.paths['/v1/apiClient'].post.requestBody.content['application/json'].schema;
    const createClient = doc.components.schemas[createBody.$ref.replace('#/components/schemas/', '')];
    expect(Object.keys(createClient.properties)).toEqual(expect.arrayContaining(['clientId', 'isPublic']));
  });

  describe('refresh tokens', () => {
    it('rotates: a new access token and a new refresh token, the granted scope echoed', async () => {
      const first = await signIn({ scope: 'pass:read template:read' });
      const response = await refresh(first.refresh_token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const next = response.json();
      expect(next).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
        scope: 'pass:read template:read',
      });
      expect(next.refresh_token).not.toBe(first.refresh_token);
      expect((await me(next.access_token)).json().email).toBe(ADMIN.email);
      const again = await refresh(next.refresh_token, confidential, { scope: 'pass:read' });
      expect(again.statusCode).toBe(200);
      expect(again.json().scope).toBe('pass:read');
    });

    it('revokes the whole sign-in when a used refresh token comes back', async () => {
      const first = await signIn();
      const second = (await refresh(first.refresh_token)).json();
      expect((await me(second.access_token)).statusCode).toBe(200);

      const replay = expectRefused(await refresh(first.refresh_token), {
        status: 400,
        error: 'invalid_grant',
      });
      expect(replay.error_description).toMatch(/used already/);
      expectRefused(await refresh(second.refresh_token), { status: 400, error: 'invalid_grant' });
      expect((await me(second.access_token)).statusCode).toBe(401);
      expect((await me(first.access_token)).statusCode).toBe(401);
    });

    it('lets only one of two simultaneous refreshes with one token through', async () => {
      const first = await signIn();
      const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
      const granted = answers.filter((answer) => answer.json().access_token !== undefined);
      expect(granted.length).toBeLessThanOrEqual(1);
    });

    it('refuses a refresh token presented by another client, and leaves it working for its own', async () => {
      const other = await createClient({ name: 'Other integration' });
      const first = await signIn();
      expectRefused(await refresh(first.refresh_token, other), { status: 400, error: 'invalid_grant' });
      expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    });

    it('refuses the refresh grant to a public client', async () => {
      const first = await signIn();
      expectRefused(await refresh(first.refresh_token, publicClient), {
        status: 400,
        error: 'unauthorized_client',
      });
      expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    });

    it('answers invalid_grant to an unknown refresh token and invalid_request to a missing one', async () => {
      expectRefused(await refresh('not-a-token'), { status: 400, error: 'invalid_grant' });
      expectRefused(await refresh(crypto.randomBytes(32).toString('base64url')), {
        status: 400,
        error: 'invalid_grant',
      });
      expectRefused(await asConfidential('grant_type=refresh_token'), {
        status: 400,
        error: 'invalid_request',
      });
    });

    it('refuses a scope wider than the one granted, and the token still works after', async () => {
      const first = await signIn({ scope: 'pass:read' });
      expectRefused(await refresh(first.refresh_token, confidential, { scope: 'pass:read user:update' }), {
        status: 400,
        error: 'invalid_scope',
      });
      expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    });

    it('refuses an expired refresh token', async () => {
      const first = await signIn();
      await server.context.db
        .updateTable('refreshToken')
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where('tokenHash', '=', server.context.tokens.refreshTokenHash(first.refresh_token))
        .execute();
      expectRefused(await refresh(first.refresh_token), { status: 400, error: 'invalid_grant' });
    });

    it('stops the refresh token at logout', async () => {
      const first = await signIn();
      expect(
        (await server.call(first.access_token, { method: 'POST', url: '/api/core/auth/logout' })).statusCode,
      ).toBe(204);
      expectRefused(await refresh(first.refresh_token), { status: 400, error: 'invalid_grant' });
    });

    it('stops refresh tokens when the user changes their password', async () => {
      const user = await server.createUser();
      const grant = (password: string) =>
        asConfidential(form({ grant_type: 'password', username: user.email, password }));
      const kept = (await grant(user.password)).json();
      const other = (await grant(user.password)).json();
      const changed = await server.call(kept.access_token, {
        method: 'POST',
        url: '/api/core/v1/user/me/changePassword',
        payload: { currentPassword: user.password, newPassword: 'Another-Passw0rd!' },
      });
      expect(changed.statusCode).toBeLessThan(300);
      expectRefused(await refresh(kept.refresh_token), { status: 400, error: 'invalid_grant' });
      expectRefused(await refresh(other.refresh_token), { status: 400, error: 'invalid_grant' });
      expect((await grant('Another-Passw0rd!')).statusCode).toBe(200);
    });

    it('stores refresh tokens only as a keyed hash', async () => {
      const first = await signIn();
      const rows = await server.context.db.selectFrom('refreshToken').select('tokenHash').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.tokenHash).not.toContain(first.refresh_token);
      }
      const plainSha256 = crypto.createHash('sha256').update(first.refresh_token).digest('hex');
      expect(rows.map((row) => row.tokenHash)).not.toContain(plainSha256);
    });
  });

  describe('API clients, as an administrator manages them', () => {
    it('creates a public client with a chosen client id and no secret', async () => {
      const clientId = crypto.randomUUID();
      const response = await server.call(admin, {
        method: 'POST',
        url: '/api/core/v1/apiClient',
        payload: { name: 'Public', clientId, isPublic: true },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(expect.objectContaining({ clientId, isPublic: true, active: true }));
      expect(response.json()).not.toHaveProperty('clientSecret');
    });

    it('creates a confidential client with a chosen client id and shows its secret once', async () => {
      const response = await server.call(admin, {
        method: 'POST',
        url: '/api/core/v1/apiClient',
        payload: { name: 'Chosen', clientId: `chosen-${crypto.randomBytes(4).toString('hex')}` },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(
        expect.objectContaining({ isPublic: false, clientSecret: expect.any(String) }),
      );
    });

    it('refuses a client id that is taken or breaks the rule, and creates nothing', async () => {
      const before = (await server.call(admin, { method: 'GET', url: '/api/core/v1/apiClient' })).json()
        .totalCount;
      expectError(
        await server.call(admin, {
          method: 'POST',
          url: '/api/core/v1/apiClient',
          payload: { name: 'Twin', clientId: publicClient.clientId, isPublic: true },
        }),
        409,
        /client id exists already/,
      );
      for (const clientId of ['with:colon', 'with space', '-leading', 'x'.repeat(101), 'é', '']) {
        expectError(
          await server.call(admin, {
            method: 'POST',
            url: '/api/core/v1/apiClient',
            payload: { name: 'Bad', clientId },
          }),
          400,
        );
      }
      const after = (await server.call(admin, { method: 'GET', url: '/api/core/v1/apiClient' })).json()
        .totalCount;
      expect(after).toBe(before);
    });

    it('takes back what it answered (PUT), but never a changed client id or kind', async () => {
      const created = await createClient({
        name: 'Round trip',
        clientId: crypto.randomUUID(),
        isPublic: true,
      });
      const url = `/api/core/v1/apiClient/${created.id}`;
      const read = (await server.call(admin, { method: 'GET', url })).json();
      const put = await server.call(admin, { method: 'PUT', url, payload: { ...read, name: 'Renamed' } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual(
        expect.objectContaining({ name: 'Renamed', clientId: created.clientId, isPublic: true }),
      );
      expectError(
        await server.call(admin, { method: 'PATCH', url, payload: { clientId: 'other' } }),
        400,
        /client id cannot change/,
      );
      expectError(await server.call(admin, { method: 'PATCH', url, payload: { isPublic: false } }), 400);
      expect((await server.call(admin, { method: 'GET', url })).json().clientId).toBe(created.clientId);
    });

    it("lets a deleted client's id be chosen again", async () => {
      const clientId = crypto.randomUUID();
      const first = await createClient({ name: 'First', clientId, isPublic: true });
      await server.call(admin, { method: 'DELETE', url: `/api/core/v1/apiClient/${first.id}` });
      expectRefused(
        await token(jsClientForm(ADMIN.email, ADMIN.password), basic(clientId, '')),
        { status: 401, error: 'invalid_client' },
        'server_error',
      );
      await createClient({ name: 'Second', clientId, isPublic: true });
      expect((await token(jsClientForm(ADMIN.email, ADMIN.password), basic(clientId, ''))).statusCode).toBe(
        200,
      );
    });
  });
});

describe.each(databaseKinds)('OAuth2 set up by the environment (%s)', (kind) => {
  const firstClientId = crypto.randomUUID();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      REFRESH_TOKEN_TTL_SECONDS: '0',
      FIRST_OAUTH_CLIENT_ID: firstClientId,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  const call = (body: string, authorization: string) =>
    server.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      payload: body,
    });

  it('creates FIRST_OAUTH_CLIENT_ID without a secret as a public client', async () => {
    const signedIn = await call(jsClientForm(ADMIN.email, ADMIN.password), basic(firstClientId, ''));
    expect(signedIn.statusCode).toBe(200);
    const clients = await server.call(await server.adminToken(), {
      method: 'GET',
      url: '/api/core/v1/apiClient',
    });
    expect(clients.json().data).toEqual([
      expect.objectContaining({ clientId: firstClientId, isPublic: true }),
    ]);
  });

  it('issues no refresh token with REFRESH_TOKEN_TTL_SECONDS=0, and refuses the refresh grant', async () => {
    const created = (
      await server.call(await server.adminToken(), {
        method: 'POST',
        url: '/api/core/v1/apiClient',
        payload: { name: 'C' },
      })
    ).json();
    const authorization = basic(created.clientId, created.clientSecret);
    const signedIn = await call(jsClientForm(ADMIN.email, ADMIN.password), authorization);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('refresh_token');
    const refreshed = await call('grant_type=refresh_token&refresh_token=anything', authorization);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('unsupported_grant_type');
  });
});

describe('OAuth2 settings', () => {
  it('refuses an OAUTH2_COMPAT it does not know, naming the values it takes', () => {
    expect(() => loadConfig({ OAUTH2_COMPAT: 'spring' })).toThrow(/"standard".*"yourpass"/);
    expect(loadConfig({}).oauth2Compat).toBe('standard');
    expect(loadConfig({ OAUTH2_COMPAT: 'yourpass' }).oauth2Compat).toBe('yourpass');
  });
});
