import type { Db } from '../db/database';

export const projectUserRepository = {
  /** userId -> rights, for each of the given projects. */
  async membersOf(db: Db, projectIds: readonly string[]): Promise<Map<string, Record<string, number>>> {
    const members = new Map<string, Record<string, number>>(projectIds.map((id) => [id, {}]));
    if (projectIds.length === 0) return members;
    const rows = await db
      .selectFrom('projectUser')
      .innerJoin('user', 'user.id', 'projectUser.userId')
      .select(['projectUser.projectId', 'projectUser.userId', 'projectUser.rights'])
      .where('projectUser.projectId', 'in', projectIds)
      .where('user.deletedAt', 'is', null)
      .execute();
    for (const row of rows) members.get(row.projectId)![row.userId] = row.rights;
    return members;
  },

  async find(db: Db, projectId: string, userId: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('projectUser')
      .select('rights')
      .where('projectId', '=', projectId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row?.rights;
  },

  async set(db: Db, projectId: string, userId: string, rights: number): Promise<void> {
    await db
      .insertInto('projectUser')
      .values({ projectId, userId, rights })
      .onConflict((conflict) => conflict.columns(['projectId', 'userId']).doUpdateSet({ rights }))
      .execute();
  },

  async remove(db: Db, projectId: string, userId: string): Promise<void> {
    await db.deleteFrom('projectUser').where('projectId', '=', projectId).where('userId', '=', userId).execute();
  },
};
