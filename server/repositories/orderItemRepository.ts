import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { OrderItemRow } from '../db/tables';

/** The item's customer data: stored once per order line and shared by the line's items. */
const lineData = sql<unknown>`(select "orderLineData"."data" from "orderLineData"
  where "orderLineData"."id" = "orderItem"."lineDataId")`;

export const orderItemRepository = {
  lineData,
  /** The item's customer data as "data" (a computed column of the engine's reads). */
  dataColumn: sql`${lineData} as "data"`,

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
