import { sha256 } from '../../server/kernel/auth/secrets';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';

/*
 * The API's limit per principal (issue 29): API_RATE_LIMIT requests a minute per user or API client, said in the
 * RateLimit-* headers of every answer, and 429 with Retry-After beyond it.
 */

describe.each(databaseKinds)('API rate limit per principal (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { API_RATE_LIMIT: '5' });
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  const me = (token: string) => server.call(token, { method: 'GET', url: '/api/core/v1/user/me' });

  it('says the limit on every answer and answers 429 with Retry-After beyond it, per principal', async () => {
    const admin = await server.adminToken();
    const user = await server.createUser();
    const first = await me(admin);
    const seconds = Number(first.headers['ratelimit-reset']);
    // a window that ends within the next requests would reset the count: wait for the next one
    if (seconds < 3) await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await me(admin));
    const allowed = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(allowed.length).toBeLessThanOrEqual(5);
    expect(refused).toBeDefined();
    if (!refused) return;
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expectError(refused, 429, /Too many requests: at most 5 a minute for this user/);
    // the ticket API counts with the core API, for the same principal
    expectError(await server.call(admin, { method: 'GET', url: '/api/ticket/v1/eshop' }), 429);
    // another user has a count of their own
    const theirs = await me(user.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['ratelimit-limit']).toBe('5');
    expect(Number(theirs.headers['ratelimit-remaining'])).toBeLessThan(5);
  });

  it("takes an API client's own limit over API_RATE_LIMIT", async () => {
    // made in the database: the administrator spent this minute's requests above
    const clientId = 'bulk-sync';
    const clientSecret = 'a-secret-of-the-bulk-sync-client';
    await server.context.db
      .insertInto('apiClient')
      .values({ name: 'Bulk sync', clientId, secretHash: sha256(clientSecret), active: true, rateLimit: 100 })
      .execute();
    const token = await server.app.inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    const answer = await me(token.json().access_token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-limit']).toBe('100');
  });
});

describe('API rate limit off', () => {
  it('says nothing with API_RATE_LIMIT=0', async () => {
    const server = await startTestServer('pglite', { API_RATE_LIMIT: '0' });
    try {
      const answer = await server.call(await server.adminToken(), {
        method: 'GET',
        url: '/api/core/v1/user/me',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 60_000);
});
