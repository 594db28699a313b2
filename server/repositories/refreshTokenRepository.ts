import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface RefreshTokenGrant {
  id: string;
  sessionId: string;
  apiClientId: string;
  userId: string;
  scope: string;
  /** exchanged already: presented again, it is a replay */
  used: boolean;
  /** unexpired, of a live session whose user may still sign in */
  live: boolean;
}

export interface NewRefreshToken {
  sessionId: string;
  apiClientId: string;
  tokenHash: string;
  scope: string;
  ttlSeconds: number;
}

const expiresIn = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export const refreshTokenRepository = {
  async insert(db: Db, token: NewRefreshToken): Promise<void> {
    await db
      .insertInto('refreshToken')
      .values({
        sessionId: token.sessionId,
        apiClientId: token.apiClientId,
        tokenHash: token.tokenHash,
        scope: token.scope,
        expiresAt: expiresIn(token.ttlSeconds),
      })
      .execute();
  },

  /** The token stored under this hash, with its session's state; one round trip. */
  findByHash(db: Db, tokenHash: string): Promise<RefreshTokenGrant | undefined> {
    return db
      .selectFrom('refreshToken')
      .innerJoin('session', 'session.id', 'refreshToken.sessionId')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['refreshToken.id', 'refreshToken.sessionId', 'refreshToken.apiClientId', 'refreshToken.scope'])
      .select('session.userId')
      .select(sql<boolean>`"refreshToken"."usedAt" is not null`.as('used'))
      .select(
        sql<boolean>`"refreshToken"."expiresAt" > now() and "session"."revokedAt" is null
          and "session"."expiresAt" > now() and "user"."active" and "user"."deletedAt" is null`.as('live'),
      )
      .where('refreshToken.tokenHash', '=', tokenHash)
      .executeTakeFirst();
  },

  /**
   * Exchanges a token for the next of its family: marks it used, stores the next, keeps the session alive as long
   * as the next token, and forgets the family's expired tokens. False when the token was used meanwhile (another
   * request won the race): nothing is written then.
   */
  async rotate(db: Db, usedTokenId: string, next: NewRefreshToken): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('refreshToken')
        .set({ usedAt: sql`now()` })
        .where('id', '=', usedTokenId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await refreshTokenRepository.insert(trx, next);
      await trx
        .updateTable('session')
        .set({ expiresAt: sql`greatest("expiresAt", ${expiresIn(next.ttlSeconds)})` })
        .where('id', '=', next.sessionId)
        .execute();
      await trx
        .deleteFrom('refreshToken')
        .where('sessionId', '=', next.sessionId)
        .where('expiresAt', '<=', sql<Date>`now()`)
        .execute();
      return true;
    });
  },

  /** Every refresh token of the user's sessions stops working (a new password needs a new grant). */
  async deleteAllOfUser(db: Db, userId: string): Promise<void> {
    await db
      .deleteFrom('refreshToken')
      .where('sessionId', 'in', (sessions) =>
        sessions.selectFrom('session').select('id').where('userId', '=', userId),
      )
      .execute();
  },
};
