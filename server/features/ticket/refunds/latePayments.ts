import type { OrderRow } from '../../../kernel/db/tables';
import type { AuditActor, TrailContext } from '../../../kernel/engine/auditTrail';
import { writeOrder } from '../orderTrail';
import { refundRepository } from './refundRepository';

/**
 * Marks a payment that arrived after its order timed out: money taken for an order that no longer sells, listed
 * "to refund" (the order list's toRefund filter) until a refund gives it back. Once: the first time it is heard
 * stays, however often the gateway reports it; in the trail under the actor.
 *
 * @example await markLatePayment(trail, PAYMENT_GATEWAY, order)
 */
export async function markLatePayment(
  trail: TrailContext,
  actor: AuditActor,
  order: OrderRow,
): Promise<void> {
  if (order.latePaymentAt) return;
  await trail.db.transaction().execute(async (trx) => {
    const locked = await refundRepository.lockOrder(trx, order.id);
    if (!locked || locked.latePaymentAt) return;
    await writeOrder({ db: trx, config: trail.config }, actor, locked, { latePaymentAt: new Date() });
  });
}
