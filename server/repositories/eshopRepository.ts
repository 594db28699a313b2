import type { Db } from '../db/database';
import type { EshopRow } from '../db/tables';

export const eshopRepository = {
  findLive(db: Db, id: string): Promise<EshopRow | undefined> {
    return db
      .selectFrom('eshop')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },
};
