import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { NewUser, UserRow } from '../../kernel/db/tables';

export const userRepository = {
  /** The condition on "user" rows: this user, and the members of these projects. */
  themselvesAndMembersOf(userId: string, projectIds: readonly string[]): RawBuilder<boolean> {
    if (projectIds.length === 0) return sql<boolean>`"id" = ${userId}::uuid`;
    return sql<boolean>`("id" = ${userId}::uuid or "id" in (
      select "userId" from "projectUser" where "projectId" in (${sql.join(projectIds.map((id) => sql`${id}::uuid`))})))`;
  },

  findLiveByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('user')
      .selectAll()
      .where(sql<boolean>`lower("email") = lower(${email})`)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  findLiveById(db: Db, id: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  async count(db: Db): Promise<number> {
    const row = await db
      .selectFrom('user')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  },

  insert(db: Db, user: NewUser): Promise<UserRow> {
    return db.insertInto('user').values(user).returningAll().executeTakeFirstOrThrow();
  },

  async setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
    await db
      .updateTable('user')
      .set({ passwordHash, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  },

  async countOtherActiveAdmins(db: Db, exceptId: string): Promise<number> {
    const row = await db
      .selectFrom('user')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('isAdmin', '=', true)
      .where('active', '=', true)
      .where('deletedAt', 'is', null)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return row.count;
  },
};
