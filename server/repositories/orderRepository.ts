import type { Db } from '../db/database';
import type { OrderRow } from '../db/tables';
import type { PaymentState } from '../../domain/schemas/order';

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
   * other gets undefined. Sets the payment success or error time and counts the check.
   */
  async movePaymentState(
    db: Db,
    id: string,
    from: PaymentState,
    to: PaymentState,
  ): Promise<OrderRow | undefined> {
    const now = new Date();
    return db
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
  },

  /** A check that found nothing new still counts. */
  async countPaymentCheck(db: Db, id: string): Promise<void> {
    await db
      .updateTable('order')
      .set((eb) => ({ paymentCheckCount: eb('paymentCheckCount', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },
};
