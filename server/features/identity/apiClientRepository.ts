import type { Db } from '../../kernel/db/database';
import type { ApiClientRow } from '../../kernel/db/tables';

export const apiClientRepository = {
  findLiveByClientId(db: Db, clientId: string): Promise<ApiClientRow | undefined> {
    return db
      .selectFrom('apiClient')
      .selectAll()
      .where('clientId', '=', clientId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  findLiveById(db: Db, id: string): Promise<ApiClientRow | undefined> {
    return db
      .selectFrom('apiClient')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** secretHash null: a public client, which authenticates with its id alone. */
  async insert(db: Db, client: { name: string; clientId: string; secretHash: string | null }): Promise<void> {
    await db
      .insertInto('apiClient')
      .values({ ...client, active: true, isPublic: client.secretHash === null })
      .execute();
  },
};
