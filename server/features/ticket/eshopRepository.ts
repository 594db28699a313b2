import type { Db } from '../../kernel/db/database';
import type { EshopRow } from '../../kernel/db/tables';

export const eshopRepository = {
  /** Every e-shop's order prefix (deleted e-shops' too: their numbers stay taken), but the one of `exceptId`. */
  async orderPrefixes(
    db: Db,
    exceptId?: string,
  ): Promise<Array<{ id: string; name: string; orderPrefix: string }>> {
    let query = db.selectFrom('eshop').select(['id', 'name', 'orderPrefix']);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.execute();
  },

  findLive(db: Db, id: string): Promise<EshopRow | undefined> {
    return db
      .selectFrom('eshop')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** The e-shop of an id, deleted or not: a deleted e-shop's paid orders are still refunded through its gateway. */
  findAny(db: Db, id: string): Promise<EshopRow | undefined> {
    return db.selectFrom('eshop').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
