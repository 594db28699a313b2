import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import { refreshTokenRepository } from './refreshTokenRepository';

export interface ViewerRow {
  /** the user's id, or the API client's for a client's session */
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  /** true: an API client's session (client_credentials) */
  isClient: boolean;
  projects: Record<string, number> | null;
  /** the rights mask the session's tokens are narrowed to; null: not narrowed */
  scope: number | null;
  /** an API client's own requests per minute; null: API_RATE_LIMIT */
  rateLimit: number | null;
  /** when the session ends unless extended */
  expiresAt: Date | string;
}

export const sessionRepository = {
  /** A session of a user, or of an API client (`apiClientId`, no user); `scope` narrows its rights. */
  async create(
    db: Db,
    owner: { userId: string } | { apiClientId: string },
    ttlSeconds: number,
    scope: number | null = null,
  ): Promise<string> {
    const row = await db
      .insertInto('session')
      .values({ ...owner, scope, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
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

  /**
   * Deletes sessions that ended (expired or revoked) more than a day ago by the database's clock, which set their
   * times, with their refresh tokens; how many.
   */
  async deleteEndedLongAgo(db: Db): Promise<number> {
    const dayAgo = sql<Date>`now() - interval '1 day'`;
    const result = await db
      .deleteFrom('session')
      .where((eb) => eb.or([eb('expiresAt', '<', dayAgo), eb('revokedAt', '<', dayAgo)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Narrows the session's rights to the mask (a refresh that asks for less scope). */
  async narrow(db: Db, sessionId: string, scope: number): Promise<void> {
    await db.updateTable('session').set({ scope }).where('id', '=', sessionId).execute();
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

  /**
   * The signed-in user, or the API client, of a live session, with their rights on live projects; one round trip.
   * A client's session lasts while the client is active, confidential and not deleted.
   */
  async findViewer(db: Db, sessionId: string): Promise<ViewerRow | undefined> {
    const { rows } = await sql<ViewerRow>`
      select coalesce(u."id", c."id") as "id", coalesce(u."email", '') as "email",
        coalesce(u."displayName", c."name") as "displayName", coalesce(u."isAdmin", false) as "isAdmin",
        s."apiClientId" is not null as "isClient", s."scope", s."expiresAt", c."rateLimit",
        case when s."apiClientId" is null then (
          select json_object_agg(pu."projectId", pu."rights")
          from "projectUser" pu join "project" p on p."id" = pu."projectId" and p."deletedAt" is null
          where pu."userId" = u."id"
        ) else (
          select json_object_agg(cp."projectId", cp."rights")
          from "apiClientProject" cp join "project" p on p."id" = cp."projectId" and p."deletedAt" is null
          where cp."apiClientId" = c."id"
        ) end as "projects"
      from "session" s
      left join "user" u on u."id" = s."userId" and u."active" and u."deletedAt" is null
      left join "apiClient" c on c."id" = s."apiClientId" and c."active" and c."deletedAt" is null
        and not c."isPublic"
      where s."id" = ${sessionId} and s."revokedAt" is null and s."expiresAt" > now()
        and (u."id" is not null or c."id" is not null)`.execute(db);
    return rows[0];
  },
};
