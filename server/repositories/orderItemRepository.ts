import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { OrderItemRow } from '../db/tables';

export const orderItemRepository = {
  /** The item's customer data as "data": stored once per order line and shared by the line's items. */
  dataColumn: sql`(select "orderLineData"."data" from "orderLineData"
    where "orderLineData"."id" = "orderItem"."lineDataId") as "data"`,

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
