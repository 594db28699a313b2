import type { Db } from '../../kernel/db/database';

/** An API client's rights per project (the client_credentials grant), as projectUser holds a member's. */
export const apiClientProjectRepository = {
  /** projectId → rights of the client on its live projects. */
  async rightsOf(db: Db, apiClientId: string): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('apiClientProject')
      .innerJoin('project', 'project.id', 'apiClientProject.projectId')
      .select(['apiClientProject.projectId', 'apiClientProject.rights'])
      .where('apiClientProject.apiClientId', '=', apiClientId)
      .where('project.deletedAt', 'is', null)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.projectId, row.rights]));
  },

  async set(db: Db, apiClientId: string, projectId: string, rights: number): Promise<void> {
    await db
      .insertInto('apiClientProject')
      .values({ apiClientId, projectId, rights })
      .onConflict((conflict) => conflict.columns(['apiClientId', 'projectId']).doUpdateSet({ rights }))
      .execute();
  },

  async remove(db: Db, apiClientId: string, projectId: string): Promise<void> {
    await db
      .deleteFrom('apiClientProject')
      .where('apiClientId', '=', apiClientId)
      .where('projectId', '=', projectId)
      .execute();
  },
};
