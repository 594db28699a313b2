import type { PaymentState } from '../../../domain/schemas/order';
import { canMovePayment } from '../../../domain/ticket/paymentStates';
import type { AppContext } from '../../kernel/appContext';
import type { OrderRow } from '../../kernel/db/tables';
import { orderRepository } from './orderRepository';
import type { MaintenanceLog, MaintenanceTask } from '../../kernel/maintenance';
import { PAYMENT_TIMEOUT } from './orderTrail';
import { ticketServicesOf } from './ticketServices';

const MINUTE = 60_000;

/**
 * Closes the order's payment at the gateway, then moves the order to what the gateway says: timeout, or the state
 * the customer reached first (paid: the order is fulfilled, as for any payment). The move is conditional, so of
 * instances timing out one order together, one moves it. A gateway that cannot be reached leaves the order for the
 * next run: timing out a payment the customer may have made would sell nothing for money taken.
 */
async function timeOut(context: AppContext, order: OrderRow, log: MaintenanceLog): Promise<boolean> {
  const { gateway, movePayment } = ticketServicesOf(context);
  const from = order.paymentState as PaymentState;
  let to: PaymentState;
  try {
    to = gateway.expire ? (await gateway.expire(order)).paymentState : 'timeout';
  } catch (error) {
    log(
      error,
      `the payment of order ${order.orderNumber} could not be closed at the gateway; retried next run`,
    );
    return false;
  }
  if (to === 'pending' || to === 'unknown') to = 'timeout';
  if (!canMovePayment(from, to)) return false;
  return (await movePayment(PAYMENT_TIMEOUT, order, to)) !== undefined;
}

/**
 * An order whose payment is still open ORDER_PAYMENT_TIMEOUT_MINUTES after it was placed moves to the payment
 * state timeout (spec section 4) and releases what it held: its payment at the gateway and the customer's data
 * (orderRepository.movePaymentState). Its number stays taken: order numbers are never given twice.
 */
export const unpaidOrderTimeouts: MaintenanceTask = {
  name: 'unpaid order timeouts',
  async run(context, now, log) {
    const minutes = context.config.orderPaymentTimeoutMinutes;
    if (minutes === 0) return 0;
    const placedBefore = new Date(now.getTime() - minutes * MINUTE);
    let timedOut = 0;
    let after: OrderRow | undefined;
    for (;;) {
      const overdue = await orderRepository.overdueUnpaid(context.db, placedBefore, after);
      if (overdue.length === 0) return timedOut;
      for (const order of overdue) if (await timeOut(context, order, log)) timedOut += 1;
      after = overdue[overdue.length - 1];
    }
  },
};
