import type { PaymentState } from '../../../../domain/schemas/order';
import { isFinalPaymentState } from '../../../../domain/ticket/paymentStates';
import type { Db } from '../../../kernel/db/database';
import type { OrderRow } from '../../../kernel/db/tables';
import type { JobHandler } from '../../../kernel/jobs/jobQueue';
import type { NewJob } from '../../../kernel/jobs/jobRepository';
import { PermanentJobFailure } from '../../../kernel/jobs/permanentFailure';
import { orderRepository } from '../orderRepository';
import { GatewayError } from './checkoutGateway';

/** The queue's job that asks a real gateway about an order's payment until it ends: a missed notification's net. */
export const PAYMENT_CHECK_JOB = 'paymentCheck';

/** Asked again with the queue's backoff (JOB_RETRY_BASE_MS doubling up to JOB_RETRY_MAX_MS): about a day at the defaults. */
const CHECKS = 30;

/**
 * The check of an order's payment, first due `delayMs` after the payment was asked for (the customer is on the
 * gateway's page meanwhile, and its notification usually comes first), then with the queue's backoff.
 */
export const paymentCheckJob = (orderId: string, delayMs: number): NewJob => ({
  kind: PAYMENT_CHECK_JOB,
  payload: { orderId },
  dedupeKey: `${PAYMENT_CHECK_JOB}:${orderId}`,
  maxAttempts: CHECKS,
  delayMs,
});

/** Not an error: the payment waits for the customer, and the queue asks again later. */
class PaymentStillOpen extends Error {}

/**
 * Asks the order's gateway and applies the answer as the customer's return would; while the payment waits, the
 * attempt "fails" so the queue asks again later. An order decided, timed out or deleted ends the job.
 */
export function paymentCheckHandler(
  db: Db,
  applyPaymentResult: (order: OrderRow) => Promise<{ paymentState: PaymentState }>,
): JobHandler {
  return async (payload) => {
    const order = await orderRepository.findLive(db, String(payload.orderId));
    if (!order) return { checked: false, reason: 'the order was deleted' };
    if (isFinalPaymentState(order.paymentState as PaymentState))
      return { checked: false, reason: `the order is ${order.paymentState}` };
    let state: PaymentState;
    try {
      ({ paymentState: state } = await applyPaymentResult(order));
    } catch (error) {
      if (error instanceof GatewayError && !error.retry) throw new PermanentJobFailure(error.message);
      throw error;
    }
    if (!isFinalPaymentState(state))
      throw new PaymentStillOpen(
        `the payment of order ${order.orderNumber} is still ${state}; asked again later`,
      );
    return { checked: true, paymentState: state };
  };
}
