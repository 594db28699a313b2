import { holdsOn } from '../../../domain/rights';
import type { Order } from '../../../domain/schemas/order';
import { REFUND_RULE } from '../../../domain/schemas/refund';
import { isPaid } from '../../../domain/ticket/paymentStates';
import { roundMoney } from '../../../domain/ticket/pricing';
import { useViewer } from '../../common/useViewer';

/** The reason a late payment's refund is given, prefilled. */
export const LATE_PAYMENT_REASON = 'app.ticket.refund.latePaymentReason';

/** What is left to give back of an order as it knows it (its refunds under way aside: the server decides). */
export const leftToRefund = (order: Pick<Order, 'totalWithVat' | 'refundedAmount'>) =>
  roundMoney(Number(order.totalWithVat) - Number(order.refundedAmount ?? 0));

/** A paid order, or a payment that came after its order timed out, with money left to give back. */
export const isRefundable = (order: Order) =>
  (isPaid(order) || Boolean(order.latePaymentAt)) && leftToRefund(order) > 0;

/**
 * An order whose payment is open (canceled at its gateway) or paid with something left (refunded whole); a late
 * payment is refunded, its order having timed out already.
 */
export const isCancelable = (order: Order) =>
  ['pending', 'unknown'].includes(order.paymentState) || (isPaid(order) && leftToRefund(order) > 0);

/** May the viewer refund and cancel the order (REFUND_RULE on its project, as the server asks)? */
export function useMayRefund(order: Pick<Order, 'projectId'> | undefined): boolean {
  const { viewer } = useViewer();
  return Boolean(order && viewer && holdsOn(viewer, REFUND_RULE, order.projectId));
}
