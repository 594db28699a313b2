import { sql, type OperationNodeSource } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { PlannedEntry } from '../../kernel/engine/auditTrail';
import { auditRepository } from '../../kernel/audit/auditRepository';
import type { Updateable } from 'kysely';
import type { OrderItemRow, OrderRow, OrderTable } from '../../kernel/db/tables';
import { orderItemRepository } from './orderItemRepository';
import type { PaymentState } from '../../../domain/schemas/order';
import { isFinalPaymentState } from '../../../domain/ticket/paymentStates';

/** Unpaid orders the payment timeout reads at once. */
const OVERDUE_BATCH = 100;

/**
 * The order's write (an update answering the order as "written"), with its audit entry and, when `releaseData`, the
 * deletion of the order's customer data, as one statement: one round trip, committed together or not at all.
 */
async function writtenOrder(
  db: Db,
  update: OperationNodeSource,
  entry: PlannedEntry | undefined,
  releaseData = false,
): Promise<OrderRow | undefined> {
  const parts = [sql`"written" as (${update})`];
  if (releaseData)
    parts.push(
      sql`"released" as (delete from "orderLineData" where "orderId" in (select "id" from "written"))`,
    );
  if (entry) parts.push(sql`"entry" as (${auditRepository.insertForWritten(entry)})`);
  const result = await sql<OrderRow>`with ${sql.join(parts)} select * from "written"`.execute(db);
  return result.rows[0];
}

export const orderRepository = {
  findLive(db: Db, id: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom('order')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /**
   * The live order with its live items (as orderItemRepository.liveOfOrder answers them) in one statement, e.g. for
   * its email: the items come as JSON, read back into the same rows.
   */
  async findLiveWithItems(
    db: Db,
    id: string,
  ): Promise<{ order: OrderRow; items: OrderItemRow[] } | undefined> {
    const found = await db
      .selectFrom('order')
      .selectAll('order')
      .select(orderItemRepository.liveOfOrderAsJson(sql.ref('order.id')).as('liveItems'))
      .where('order.id', '=', id)
      .where('order.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!found) return undefined;
    const { liveItems, ...order } = found;
    return { order, items: liveItems.map(orderItemRepository.fromJson) };
  },

  /**
   * Moves the payment state only if it is still the order's (compare and set): of two concurrent moves one wins, the
   * other gets undefined. Sets the payment success or error time and counts the check. A payment that ends unpaid
   * (declined, canceled, timed out, error) releases the customer's data of the order: an unpaid order holds nothing.
   * One statement with the release and the move's audit entry, planned by `entryOf` from the order the move foresees.
   */
  async movePaymentState(
    db: Db,
    order: OrderRow,
    to: PaymentState,
    entryOf: (foreseen: OrderRow) => PlannedEntry | undefined,
  ): Promise<OrderRow | undefined> {
    const now = new Date();
    const values = {
      paymentState: to,
      updatedAt: now,
      ...(to === 'paid' ? { paymentSuccessAt: now, state: 'paymentSuccess' } : {}),
      ...(to !== 'paid' && to !== 'pending' && to !== 'unknown'
        ? { paymentErrorAt: now, state: 'paymentError' }
        : {}),
    };
    const update = db
      .updateTable('order')
      .set((eb) => ({ ...values, paymentCheckCount: eb('paymentCheckCount', '+', 1) }))
      .where('id', '=', order.id)
      .where('paymentState', '=', order.paymentState)
      .where('deletedAt', 'is', null)
      .returningAll();
    const foreseen = { ...order, ...values, paymentCheckCount: order.paymentCheckCount + 1 };
    return writtenOrder(db, update, entryOf(foreseen), to !== 'paid' && isFinalPaymentState(to));
  },

  /**
   * Sets values of the order, in one statement with the write's audit entry, planned by `entryOf` from the order
   * as the caller knows it with the values set. Answers the order after; undefined when it is not there.
   */
  set(
    db: Db,
    order: OrderRow,
    values: Updateable<OrderTable>,
    entryOf: (foreseen: OrderRow) => PlannedEntry | undefined,
  ): Promise<OrderRow | undefined> {
    const set = { updatedAt: new Date(), ...values };
    const update = db.updateTable('order').set(set).where('id', '=', order.id).returningAll();
    return writtenOrder(db, update, entryOf({ ...order, ...set } as OrderRow));
  },

  /** A check that found nothing new still counts. */
  async countPaymentCheck(db: Db, id: string): Promise<void> {
    await db
      .updateTable('order')
      .set((eb) => ({ paymentCheckCount: eb('paymentCheckCount', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  /**
   * Orders placed before `placedBefore` whose payment is still open (pending or unknown), oldest first, a batch
   * after `after` (the last of the previous batch).
   */
  overdueUnpaid(db: Db, placedBefore: Date, after?: Pick<OrderRow, 'createdAt' | 'id'>): Promise<OrderRow[]> {
    let query = db
      .selectFrom('order')
      .selectAll()
      .where('paymentState', 'in', ['pending', 'unknown'])
      .where('deletedAt', 'is', null)
      .where('createdAt', '<', placedBefore);
    if (after)
      query = query.where((eb) =>
        eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(after.createdAt, after.id)),
      );
    return query.orderBy('createdAt').orderBy('id').limit(OVERDUE_BATCH).execute();
  },
};
