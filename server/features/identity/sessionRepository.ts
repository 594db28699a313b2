import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import { refreshTokenRepository } from './refreshTokenRepository';

export interface ViewerRow {
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  projects: Record<string, number> | null;
  /** when the session ends unless extended */
  expiresAt: Date | string;
}

export const sessionRepository = {
  async create(db: Db, userId: string, ttlSeconds: number): Promise<string> {
    const row = await db
      .insertInto('session')
      .values({ userId, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Extends a live session (never shortens it: an OAuth2 session lives as long as its refresh token); false when it
   * is revoked, expired, or its user can no longer sign in.
   */
  async extend(db: Db, sessionId: string, ttlSeconds: number): Promise<boolean> {
    const result = await db
      .updateTable('session')
      .set({ expiresAt: sql`greatest("expiresAt", now() + make_interval(secs => ${ttlSeconds}))` })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user')
            .select('user.id')
            .whereRef('user.id', '=', 'session.userId')
            .where('user.active', '=', true)
            .where('user.deletedAt', 'is', null),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async revoke(db: Db, sessionId: string): Promise<void> {
    await db
      .updateTable('session')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', sessionId)
      .execute();
  },

  /** Ends the user's sessions but the one kept; the refresh tokens of all of them, the kept one's too, stop. */
  async revokeAllOfUser(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
    await refreshTokenRepository.deleteAllOfUser(db, userId);
    let query = db
      .updateTable('session')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  },

  /** The signed-in user of a live session, with their rights on live projects; one round trip. */
  findViewer(db: Db, sessionId: string): Promise<ViewerRow | undefined> {
    return db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id', 'user.email', 'user.displayName', 'user.isAdmin', 'session.expiresAt'])
      .select(
        sql<Record<string, number> | null>`(
          select json_object_agg(pu."projectId", pu."rights")
          from "projectUser" pu join "project" p on p."id" = pu."projectId" and p."deletedAt" is null
          where pu."userId" = "user"."id"
        )`.as('projects'),
      )
      .where('session.id', '=', sessionId)
      .where('session.revokedAt', 'is', null)
      .where('session.expiresAt', '>', sql<Date>`now()`)
      .where('user.active', '=', true)
      .where('user.deletedAt', 'is', null)
      .executeTakeFirst();
  },
};
