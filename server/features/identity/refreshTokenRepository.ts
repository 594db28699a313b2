import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';

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
      .select('user.id as userId')
      .select(sql<boolean>`"refreshToken"."usedAt" is not null`.as('used'))
      .select(
        sql<boolean>`"refreshToken"."expiresAt" > now() and "session"."revokedAt" is null
          and "session"."expiresAt" > now() and "user"."active" and "user"."deletedAt" is null`.as('live'),
      )
      .where('refreshToken.tokenHash', '=', tokenHash)
      .executeTakeFirst();
  },

  /**
   * Exchanges a token for the next of its family in one statement: marks it used, stores the next, keeps the
   * session alive as long as the next token, and forgets the family's expired tokens. False when the token was
   * used meanwhile (another request won the race): nothing is written then.
   */
  async rotate(db: Db, usedTokenId: string, next: Omit<NewRefreshToken, 'sessionId'>): Promise<boolean> {
    const result = await sql<{ rotated: number }>`
      with "used" as (
        update "refreshToken" set "usedAt" = now()
        where "id" = ${usedTokenId} and "usedAt" is null
        returning "sessionId"
      ), "issued" as (
        insert into "refreshToken" ("sessionId", "apiClientId", "tokenHash", "scope", "expiresAt")
        select "sessionId", ${next.apiClientId}::uuid, ${next.tokenHash}, ${next.scope}, ${expiresIn(next.ttlSeconds)}
        from "used"
      ), "extended" as (
        update "session" set "expiresAt" = greatest("expiresAt", ${expiresIn(next.ttlSeconds)})
        where "id" in (select "sessionId" from "used")
      ), "pruned" as (
        delete from "refreshToken"
        where "sessionId" in (select "sessionId" from "used") and "expiresAt" <= now() and "id" <> ${usedTokenId}
      )
      select count(*)::int as "rotated" from "used"`.execute(db);
    return result.rows[0]?.rotated === 1;
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
