import type { Db } from '../db/database';
import type { OrderItemRow } from '../db/tables';

export const orderItemRepository = {
  liveOfOrder(db: Db, orderId: string): Promise<OrderItemRow[]> {
    return db
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  },
};
