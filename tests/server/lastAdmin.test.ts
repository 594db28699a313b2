import type { LightMyRequestResponse } from 'fastify';
import { startSession } from '../../server/features/identity/authService';
import { describeOnEachDatabase, expectError } from './harness';

// 50 trials per scenario, each a reset and two concurrent requests.
jest.setTimeout(120_000);

const TRIALS = 50;
const RULE = /^(You are the last active administrator|At least one active administrator must remain)/;

type Admin = 'A' | 'B';
/** One request of a trial: who sends it, what it does, and (batch) whether it goes through /user/batch. */
interface Move {
  by: Admin;
  method: 'PATCH' | 'DELETE';
  target: Admin;
  data?: { isAdmin?: boolean; active?: boolean };
  batch?: boolean;
}

const demoteSelf = (by: Admin, batch = false): Move => ({
  by,
  method: 'PATCH',
  target: by,
  data: { isAdmin: false },
  batch,
});
const deactivateSelf = (by: Admin, batch = false): Move => ({
  by,
  method: 'PATCH',
  target: by,
  data: { active: false },
  batch,
});
const demote = (by: Admin, target: Admin, batch = false): Move => ({
  by,
  method: 'PATCH',
  target,
  data: { isAdmin: false },
  batch,
});
const deactivate = (by: Admin, target: Admin, batch = false): Move => ({
  by,
  method: 'PATCH',
  target,
  data: { active: false },
  batch,
});
const remove = (by: Admin, target: Admin, batch = false): Move => ({ by, method: 'DELETE', target, batch });

/** Each pair removes both administrators if both requests are let through. */
const SCENARIOS: Array<{ title: string; trial: (index: number) => [Move, Move] }> = [
  {
    title: 'two administrators demoting themselves at once',
    trial: () => [demoteSelf('A'), demoteSelf('B')],
  },
  {
    title: 'two administrators deactivating each other at once',
    trial: () => [deactivate('A', 'B'), deactivate('B', 'A')],
  },
  {
    title: 'two administrators deleting each other at once',
    trial: () => [remove('A', 'B'), remove('B', 'A')],
  },
  {
    title: 'a mix of demotion, deactivation and deletion, of oneself and the other, some through batch',
    trial: (index) =>
      (
        [
          [demoteSelf('A'), remove('A', 'B')],
          [remove('B', 'A'), deactivateSelf('B')],
          [deactivateSelf('A', true), demoteSelf('B')],
          [demote('B', 'A', true), remove('A', 'B', true)],
          [deactivate('B', 'A'), demoteSelf('B', true)],
        ] as Array<[Move, Move]>
      )[index % 5],
  },
];

describeOnEachDatabase('the last active administrator', (server) => {
  const ids: Record<Admin, string> = { A: '', B: '' };

  beforeAll(async () => {
    const first = await server().call(await server().adminToken(), {
      method: 'GET',
      url: '/api/core/v1/user/me',
    });
    ids.A = first.json().id;
    ids.B = (await server().createUser({ isAdmin: true })).id;
  });

  /** Both active administrators again, nobody else one, each with a fresh session (a trial may revoke them). */
  async function reset(): Promise<Record<Admin, string>> {
    const { db, viewers } = server().context;
    await db.updateTable('user').set({ isAdmin: false }).where('id', 'not in', [ids.A, ids.B]).execute();
    await db
      .updateTable('user')
      .set({ isAdmin: true, active: true, deletedAt: null })
      .where('id', 'in', [ids.A, ids.B])
      .execute();
    viewers.forgetAll();
    // a session as a sign-in would start, without an Argon2 check per trial
    const tokenOf = async (admin: Admin) => (await startSession(server().context, ids[admin])).token;
    return { A: await tokenOf('A'), B: await tokenOf('B') };
  }

  const send = (tokens: Record<Admin, string>, move: Move) => {
    const path = `/api/core/v1/user/${ids[move.target]}`;
    if (!move.batch)
      return server().call(tokens[move.by], {
        method: move.method,
        url: path,
        ...(move.data ? { payload: move.data } : {}),
      });
    return server().call(tokens[move.by], {
      method: 'POST',
      url: '/api/core/v1/user/batch',
      payload: [{ method: move.method, id: ids[move.target], ...(move.data ? { data: move.data } : {}) }],
    });
  };

  /** 2xx when the move was made; otherwise the status and message it was refused with. */
  function outcome(response: LightMyRequestResponse, move: Move): { code: number; message: string } {
    if (!move.batch) {
      if (response.statusCode < 300) return { code: response.statusCode, message: '' };
      return { code: response.statusCode, message: expectError(response, response.statusCode).message };
    }
    if (response.statusCode !== 200) return { code: response.statusCode, message: response.body };
    const [item] = response.json() as Array<{ status: { code: number; message: string[] } }>;
    return { code: item.status.code, message: item.status.message.join('; ').replace(/^[^:]*: /, '') };
  }

  async function liveActiveAdmins(): Promise<number> {
    const row = await server()
      .context.db.selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('isAdmin', '=', true)
      .where('active', '=', true)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it.each(SCENARIOS)('keeps one active administrator: $title (50 trials)', async ({ trial }) => {
    for (let index = 0; index < TRIALS; index += 1) {
      const tokens = await reset();
      const moves = trial(index);
      const responses = await Promise.all(moves.map((move) => send(tokens, move)));
      const outcomes = responses.map((response, which) => outcome(response, moves[which]));
      const made = outcomes.filter((result) => result.code < 300);
      expect({ index, activeAdmins: await liveActiveAdmins() }).toEqual({ index, activeAdmins: 1 });
      expect({ index, made: made.length }).toEqual({ index, made: 1 });
      // The other one was refused: by the rule (400), or because the first one had already taken its sender's
      // rights (401 signed out, 403 or 404 no longer an administrator, as the API answers a non-administrator).
      const refused = outcomes.find((result) => result.code >= 300)!;
      const expected = refused.code === 400 ? { code: 400, message: expect.stringMatching(RULE) } : refused;
      expect({ index, moves, refused }).toEqual({ index, moves, refused: expected });
      const known = [400, 401, 403, 404].includes(refused.code);
      expect({ index, moves, refused, known }).toEqual({ index, moves, refused, known: true });
    }
  });

  it("says whose removal it refuses: one's own, or another administrator's", async () => {
    const tokens = await reset();
    const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE', target: Admin, payload?: object) =>
      server().call(token, {
        method,
        url: `/api/core/v1/user/${ids[target]}`,
        ...(payload ? { payload } : {}),
      });
    expect((await call(tokens.A, 'DELETE', 'B')).statusCode).toBe(200);
    expectError(
      await call(tokens.A, 'PATCH', 'A', { active: false }),
      400,
      'You are the last active administrator; you cannot remove that.',
    );

    // B demoted a moment ago (its viewer was just read): its next request no longer acts as an administrator
    const again = await reset();
    expect((await call(again.B, 'GET', 'B')).statusCode).toBe(200);
    await server().context.db.updateTable('user').set({ isAdmin: false }).where('id', '=', ids.B).execute();
    expect((await call(again.B, 'DELETE', 'A')).statusCode).toBe(404);
    expect((await call(again.A, 'GET', 'A')).json()).toMatchObject({ isAdmin: true, active: true });
  });
});
