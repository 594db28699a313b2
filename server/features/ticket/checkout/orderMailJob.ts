import { isPaid } from '../../../../domain/ticket/paymentStates';
import type { Db } from '../../../kernel/db/database';
import type { JobHandler } from '../../../kernel/jobs/jobQueue';
import type { NewJob } from '../../../kernel/jobs/jobRepository';
import { orderRepository } from '../orderRepository';
import type { OrderMailer } from '../orderMailer';
import { CHECKOUT } from '../orderTrail';

/** The queue's job that renders the invoice and sends the email of a paid order. */
export const ORDER_MAIL_JOB = 'orderMail';

/** The email job of an order: its dedupe key makes a second enqueue for the same order a no-op. */
export const orderMailJob = (orderId: string): NewJob => ({
  kind: ORDER_MAIL_JOB,
  payload: { orderId },
  dedupeKey: `${ORDER_MAIL_JOB}:${orderId}`,
});

/**
 * Sends the order's email unless it was sent already (its `emailSentAt`, stamped in the send's transaction), so a
 * job run again (a retry, a worker killed after the stamp) sends nothing twice. An order deleted or no longer
 * paid gets nothing.
 */
export function orderMailHandler(db: Db, mailer: OrderMailer): JobHandler {
  return async (payload) => {
    // the order and its items in one round trip: the mailer does not read the items again
    const found = await orderRepository.findLiveWithItems(db, String(payload.orderId));
    if (!found) return { sent: false, reason: 'the order was deleted' };
    const { order, items } = found;
    if (order.emailSentAt) return { sent: false, reason: 'the email was sent already' };
    if (!isPaid(order)) return { sent: false, reason: `the order is ${order.paymentState}` };
    await mailer.sendOrderMail(order, CHECKOUT, items);
    return { sent: true };
  };
}
