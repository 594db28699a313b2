import type { Db } from '../../../kernel/db/database';
import type { ProductRow } from '../../../kernel/db/tables';

export const storefrontRepository = {
  /** The products an e-shop sells now: live and active, in the e-shop's order (then by name, for a stable page). */
  productsOnSale(db: Db, eshopId: string): Promise<ProductRow[]> {
    return db
      .selectFrom('product')
      .selectAll()
      .where('eshopId', '=', eshopId)
      .where('active', '=', true)
      .where('deletedAt', 'is', null)
      .orderBy('order')
      .orderBy('name')
      .orderBy('id')
      .execute();
  },
};
