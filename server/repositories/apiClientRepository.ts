import type { Db } from '../db/database';
import type { ApiClientRow } from '../db/tables';

export const apiClientRepository = {
  findLiveByClientId(db: Db, clientId: string): Promise<ApiClientRow | undefined> {
    return db
      .selectFrom('apiClient')
      .selectAll()
      .where('clientId', '=', clientId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  async insert(db: Db, client: { name: string; clientId: string; secretHash: string }): Promise<void> {
    await db.insertInto('apiClient').values({ ...client, active: true }).execute();
  },
};
