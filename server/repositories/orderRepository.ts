import type { Db } from '../db/database';
import type { OrderRow } from '../db/tables';
import type { PaymentState } from '../../domain/schemas/order';
import { isFinalPaymentState } from '../../domain/ticket/paymentStates';

/** Unpaid orders the payment timeout reads at once. */
const OVERDUE_BATCH = 100;

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
   * Moves the payment state only if it is still `from` (compare and set): of two concurrent moves one wins, the
   * other gets undefined. Sets the payment success or error time and counts the check. A payment that ends unpaid
   * (declined, canceled, timed out, error) releases the customer's data of the order: an unpaid order holds nothing.
   * Two statements: run it in a transaction (`trx`), so that the release is part of the move.
   */
  async movePaymentState(
    trx: Db,
    id: string,
    from: PaymentState,
    to: PaymentState,
  ): Promise<OrderRow | undefined> {
    const now = new Date();
    const moved = await trx
      .updateTable('order')
      .set((eb) => ({
        paymentState: to,
        updatedAt: now,
        paymentCheckCount: eb('paymentCheckCount', '+', 1),
        ...(to === 'paid' ? { paymentSuccessAt: now, state: 'paymentSuccess' } : {}),
        ...(to !== 'paid' && to !== 'pending' && to !== 'unknown'
          ? { paymentErrorAt: now, state: 'paymentError' }
          : {}),
      }))
      .where('id', '=', id)
      .where('paymentState', '=', from)
      .where('deletedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (moved && to !== 'paid' && isFinalPaymentState(to))
      await trx.deleteFrom('orderLineData').where('orderId', '=', id).execute();
    return moved;
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
