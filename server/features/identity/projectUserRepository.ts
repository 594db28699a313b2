import type { Db } from '../../kernel/db/database';

export const projectUserRepository = {
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
    await db
      .deleteFrom('projectUser')
      .where('projectId', '=', projectId)
      .where('userId', '=', userId)
      .execute();
  },
};
