import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { GUESS_LIMITS } from '../../server/kernel/auth/guessThrottle';
import { ADMIN, describeOnEachDatabase, expectError } from './harness';

const { perAccountAndAddress: PER_ACCOUNT, perAddress: PER_ADDRESS } = GUESS_LIMITS;

const ATTACKER = '203.0.113.66';
const ELSEWHERE = '198.51.100.20';

// Each guess is an Argon2id verification: a test of a hundred guesses needs more than jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

/** A 429 that tells when to come back. */
function expectRetryAfter(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  return seconds;
}

describeOnEachDatabase('password guessing limits', (server) => {
  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    server().call(undefined, {
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { email, password },
      remoteAddress,
    });
  const changePassword = (
    token: string,
    currentPassword: string,
    newPassword: string,
    remoteAddress: string,
  ) =>
    server().call(token, {
      method: 'POST',
      url: '/api/core/v1/user/me/changePassword',
      payload: { currentPassword, newPassword },
      remoteAddress,
    });

  it("lets the administrator sign in from their own address while a stranger's address is refused for guessing", async () => {
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
      expect((await login(ADMIN.email, `guess ${attempt}`, ATTACKER)).statusCode).toBe(401);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await login(ADMIN.email, `guess ${attempt}`, ATTACKER);
      expectError(refused, 429, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      expectRetryAfter(refused);
    }
    // even the right password: the guessing address learns nothing more
    expectRetryAfter(await login(ADMIN.email, ADMIN.password, ATTACKER));

    const admin = await login(ADMIN.email, ADMIN.password, ELSEWHERE);
    expect(admin.statusCode).toBe(200);
    const me = await server().call(admin.json().token, { method: 'GET', url: '/api/core/v1/user/me' });
    expect(me.json().email).toBe(ADMIN.email);
  });

  it('refuses one address that sprays wrong passwords over many accounts, and only that address', async () => {
    const sprayer = '203.0.113.90';
    const user = await server().createUser();
    for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1)
      expect((await login(`nobody${attempt}@test.local`, 'Winter2026!', sprayer)).statusCode).toBe(401);
    expectError(
      await login(`nobody-else@test.local`, 'Winter2026!', sprayer),
      429,
      /Too many sign-in attempts/,
    );
    expectRetryAfter(await login(user.email, user.password, sprayer));
    expect((await login(user.email, user.password, ELSEWHERE)).statusCode).toBe(200);
  });

  it('counts every address of one IPv6 /64 network as one guesser', async () => {
    const user = await server().createUser();
    for (let host = 1; host <= PER_ACCOUNT; host += 1)
      expect((await login(user.email, 'wrong', `2001:db8:aa:1::${host.toString(16)}`)).statusCode).toBe(401);
    expectRetryAfter(await login(user.email, user.password, '2001:db8:aa:1:ffff:ffff:ffff:ffff'));
    expectRetryAfter(await login(user.email, user.password, '2001:0DB8:00AA:0001::abcd'));
    expect((await login(user.email, user.password, '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('answers 429 to guessing the current password through change-password, and keeps the password', async () => {
    const user = await server().createUser();
    const newPassword = 'Changed-Passw0rd!';
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
      expectError(
        await changePassword(user.token, `guess ${attempt}`, newPassword, ATTACKER),
        400,
        'Your current password is not valid or new password is not secure...',
      );
    const refused = await changePassword(user.token, user.password, newPassword, ATTACKER);
    expectError(refused, 429, /^Too many wrong passwords\. Try again in \d+ seconds\.$/);
    expectRetryAfter(refused);

    // nothing changed: the old password still signs in, from an address that did not guess
    expect((await login(user.email, newPassword, ELSEWHERE)).statusCode).toBe(401);
    expect((await login(user.email, user.password, ELSEWHERE)).statusCode).toBe(200);
  });

  it('counts change-password guesses and sign-in guesses of one account from one address together', async () => {
    const user = await server().createUser();
    const guesser = '203.0.113.120';
    for (let attempt = 0; attempt < PER_ACCOUNT / 2; attempt += 1)
      expect((await changePassword(user.token, 'wrong', 'Changed-Passw0rd!', guesser)).statusCode).toBe(400);
    for (let attempt = 0; attempt < PER_ACCOUNT / 2; attempt += 1)
      expect((await login(user.email, 'wrong', guesser)).statusCode).toBe(401);
    expectRetryAfter(await login(user.email, user.password, guesser));
    expectRetryAfter(await changePassword(user.token, user.password, 'Changed-Passw0rd!', guesser));
  });

  it('never trips for a user who signs in and changes their password successfully', async () => {
    const user = await server().createUser();
    const address = '192.0.2.15';
    for (let attempt = 0; attempt < 25; attempt += 1)
      expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    // a few typos between successes: each success clears them
    for (let round = 0; round < 3; round += 1) {
      for (let typo = 0; typo < PER_ACCOUNT - 1; typo += 1)
        expect((await login(user.email, 'typo', address)).statusCode).toBe(401);
      expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    }
    let password = user.password;
    for (let change = 0; change < 12; change += 1) {
      const next = `Next-Passw0rd!${change}`;
      const token = (await login(user.email, password, address)).json().token as string;
      expect((await changePassword(token, password, next, address)).statusCode).toBe(204);
      password = next;
    }
    expect((await login(user.email, password, address)).statusCode).toBe(200);
  });
});

describeOnEachDatabase('API client secret guessing limits', (server) => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const userForm = `grant_type=password&username=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`;
  const token = (authorization: string, remoteAddress: string) =>
    server().call(undefined, {
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      payload: userForm,
      remoteAddress,
    });
  const newClient = async (): Promise<{ clientId: string; clientSecret: string }> =>
    (
      await server().call(await server().adminToken(), {
        method: 'POST',
        url: '/api/core/v1/apiClient',
        payload: { name: `Integration ${crypto.randomBytes(3).toString('hex')}` },
      })
    ).json();

  /** The OAuth2 error shape ({error, error_description}), with 429 and Retry-After. */
  function expectOAuthLimited(response: LightMyRequestResponse, error: string) {
    expectRetryAfter(response);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      error,
      error_description: expect.stringMatching(/^Too many .+\. Try again in \d+ seconds\.$/),
    });
  }

  it('answers 429 with Retry-After to guessing a client secret, while the client works from elsewhere', async () => {
    const client = await newClient();
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
      const wrong = await token(basic(client.clientId, `guess-${attempt}`), ATTACKER);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_client');
    }
    expectOAuthLimited(await token(basic(client.clientId, 'guess-more'), ATTACKER), 'invalid_client');
    expectOAuthLimited(await token(basic(client.clientId, client.clientSecret), ATTACKER), 'invalid_client');

    const elsewhere = await token(basic(client.clientId, client.clientSecret), ELSEWHERE);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().token_type).toBe('Bearer');
  });

  it('refuses one address that tries many client ids, and only that address', async () => {
    const client = await newClient();
    const prober = '203.0.113.150';
    for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1)
      expect((await token(basic(`probe-${attempt}`, 'secret'), prober)).statusCode).toBe(401);
    expectOAuthLimited(await token(basic(client.clientId, client.clientSecret), prober), 'invalid_client');
    expect((await token(basic(client.clientId, client.clientSecret), ELSEWHERE)).statusCode).toBe(200);
  });

  it('counts client secrets sent in the form body like those in HTTP Basic', async () => {
    const client = await newClient();
    const guesser = '203.0.113.160';
    const formToken = (secret: string) =>
      server().call(undefined, {
        method: 'POST',
        url: '/api/core/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${userForm}&client_id=${encodeURIComponent(client.clientId)}&client_secret=${encodeURIComponent(secret)}`,
        remoteAddress: guesser,
      });
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
      expect((await formToken(`guess-${attempt}`)).statusCode).toBe(401);
    expectOAuthLimited(await formToken(client.clientSecret), 'invalid_client');
  });

  it('limits user password guesses through the password grant in the OAuth2 error shape', async () => {
    const client = await newClient();
    const guesser = '203.0.113.170';
    const grant = (password: string) =>
      server().call(undefined, {
        method: 'POST',
        url: '/api/core/oauth2/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(client.clientId, client.clientSecret),
        },
        payload: `grant_type=password&username=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(password)}`,
        remoteAddress: guesser,
      });
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
      expect((await grant(`guess-${attempt}`)).json().error).toBe('invalid_grant');
    expectOAuthLimited(await grant(ADMIN.password), 'invalid_grant');
  });

  it('never trips for an integration that authenticates successfully', async () => {
    const client = await newClient();
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect((await token(basic(client.clientId, client.clientSecret), '192.0.2.30')).statusCode).toBe(200);
  });
});
