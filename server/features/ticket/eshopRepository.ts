import { sql } from 'kysely';
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

  /** Does a live e-shop sell through the simulated bank (the server then warns at start)? */
  async anyOnSimulatedBank(db: Db): Promise<boolean> {
    const found = await db
      .selectFrom('eshop')
      .select('id')
      .where('deletedAt', 'is', null)
      .where(sql<string>`"paymentGateway"->>'kind'`, '=', 'simulated')
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  },

  /** The e-shop of an id, deleted or not: a deleted e-shop's paid orders are still refunded through its gateway. */
  findAny(db: Db, id: string): Promise<EshopRow | undefined> {
    return db.selectFrom('eshop').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
