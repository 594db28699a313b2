import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GUESS_LIMITS } from '../../server/kernel/auth/guessThrottle';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { ADMIN, describeOnEachDatabase, expectError } from './harness';

const { perAccountAndAddress: PER_ACCOUNT } = GUESS_LIMITS;

// Each guess is an Argon2id verification: tens of them need more than jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

/** A 429 that tells when to come back: the seconds. */
function retryAfterOf(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  return Number(response.headers['retry-after']);
}

describeOnEachDatabase('guessing limits kept in the database', (server) => {
  const loginOn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { email, password }, remoteAddress });
  const login = (email: string, password: string, remoteAddress: string) =>
    loginOn(server().app, email, password, remoteAddress);
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const clientTokenOn = (app: FastifyInstance, id: string, secret: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(id, secret) },
      payload: 'grant_type=client_credentials',
      remoteAddress,
    });

  /** The failures kept of one guesser (its address's count and its accounts'), by key. */
  async function failuresOf(guesser: string): Promise<Record<string, number>> {
    const rows = await server()
      .context.db.selectFrom('guessFailure')
      .select(['key', (eb) => eb.fn.countAll<string>().as('count')])
      .where((eb) => eb.or([eb('key', '=', guesser), eb('key', 'like', `${guesser} %`)]))
      .groupBy('key')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]));
  }

  /** Moves the guesser's failures back in time, as if they had been made `seconds` earlier. */
  async function backdate(guesser: string, seconds: number): Promise<void> {
    await server()
      .context.db.updateTable('guessFailure')
      .set({ at: sql`"at" - make_interval(secs => ${seconds})` })
      .where((eb) => eb.or([eb('key', '=', guesser), eb('key', 'like', `${guesser} %`)]))
      .execute();
  }

  it('counts wrong passwords through one instance at another: the 11th attempt is refused there', async () => {
    const user = await server().createUser();
    const guesser = '203.0.113.201';
    const other = await server().startAnotherInstance();
    try {
      for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
        expect((await login(user.email, `guess ${attempt}`, guesser)).statusCode).toBe(401);
      const refused = await loginOn(other.app, user.email, user.password, guesser);
      expectError(refused, 429, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      expect(retryAfterOf(refused)).toBeGreaterThan(15 * 60 - 60);
      // the owner, from their own address, signs in through either
      expect((await loginOn(other.app, user.email, user.password, '192.0.2.201')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('counts wrong client secrets through one instance at another, apart from passwords', async () => {
    const client = (
      await server().call(await server().adminToken(), {
        method: 'POST',
        url: '/api/core/v1/apiClient',
        payload: { name: 'Shared limits' },
      })
    ).json() as { clientId: string; clientSecret: string };
    const guesser = '203.0.113.202';
    const other = await server().startAnotherInstance();
    try {
      for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
        expect(
          (await clientTokenOn(server().app, client.clientId, `guess-${attempt}`, guesser)).statusCode,
        ).toBe(401);
      const refused = await clientTokenOn(other.app, client.clientId, client.clientSecret, guesser);
      expect(retryAfterOf(refused)).toBeGreaterThan(0);
      expect(refused.json().error).toBe('invalid_client');
      // passwords are counted apart: the same address may still sign in
      expect((await loginOn(other.app, ADMIN.email, ADMIN.password, guesser)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('forgets failures 15 minutes old, tells when in Retry-After, and the maintenance deletes them', async () => {
    const user = await server().createUser();
    const guesser = '203.0.113.203';
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1)
      expect((await login(user.email, `guess ${attempt}`, guesser)).statusCode).toBe(401);
    expect(await failuresOf(guesser)).toEqual({
      [guesser]: PER_ACCOUNT,
      [`${guesser} ${user.email}`]: PER_ACCOUNT,
    });

    // made 14 minutes ago: the oldest leaves the window in a minute
    await backdate(guesser, 14 * 60);
    const wait = retryAfterOf(await login(user.email, user.password, guesser));
    expect(wait).toBeGreaterThanOrEqual(50);
    expect(wait).toBeLessThanOrEqual(60);

    // a failure from elsewhere, made now, is kept by the maintenance
    const recent = '198.51.100.203';
    expect((await login(user.email, 'wrong', recent)).statusCode).toBe(401);

    // made more than 15 minutes ago: forgotten, even before the maintenance deletes them
    await backdate(guesser, 61);
    expect((await login(user.email, user.password, guesser)).statusCode).toBe(200);
    // the success cleared the account's count; the address's count is left to the maintenance
    expect(await failuresOf(guesser)).toEqual({ [guesser]: PER_ACCOUNT });

    const done = await maintenanceOf(server().context)?.run();
    expect(done?.['guess failure retention']).toBeGreaterThanOrEqual(PER_ACCOUNT);
    expect(await failuresOf(guesser)).toEqual({});
    expect(await failuresOf(recent)).toEqual({ [recent]: 1, [`${recent} ${user.email}`]: 1 });
  });

  it('stops a count at its limit (refused attempts add nothing) and keeps one row per key of a flood', async () => {
    const guesser = '203.0.113.204';
    for (let attempt = 0; attempt < PER_ACCOUNT + 5; attempt += 1)
      await login(ADMIN.email, `guess ${attempt}`, guesser);
    expect(await failuresOf(guesser)).toEqual({
      [guesser]: PER_ACCOUNT,
      [`${guesser} ${ADMIN.email}`]: PER_ACCOUNT,
    });

    const sprayer = '203.0.113.205';
    for (let account = 0; account < 20; account += 1)
      expect((await login(`nobody${account}@test.local`, 'wrong', sprayer)).statusCode).toBe(401);
    const sprayed = await failuresOf(sprayer);
    expect(Object.keys(sprayed)).toHaveLength(21);
    expect(sprayed[sprayer]).toBe(20);
    expect(Object.values(sprayed).filter((count) => count === 1)).toHaveLength(20);
  });

  it('keeps account names of any length or character: 256 characters name the account, NUL is no error', async () => {
    const guesser = '203.0.113.206';
    const long = 'x'.repeat(256);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await clientTokenOn(server().app, `${long}${attempt}\u0000`, 'secret', guesser);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error).toBe('invalid_client');
    }
    expect((await clientTokenOn(server().app, 'with\u0000nul', 'secret', guesser)).statusCode).toBe(401);
    expect(await failuresOf(guesser)).toEqual({
      [guesser]: 4,
      [`${guesser} ${long}`]: 3,
      [`${guesser} with\uFFFDnul`]: 1,
    });
  });
});
