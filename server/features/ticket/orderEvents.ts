import type { OrderRow, RefundRow } from '../../kernel/db/tables';

/** What webhooks hear of an order that was paid or refunded: its ids, number, state and totals (no customer data). */
export const orderEventData = (order: OrderRow) => ({
  id: order.id,
  orderNumber: order.orderNumber,
  eshopId: order.eshopId,
  projectId: order.projectId,
  state: order.state,
  paymentState: order.paymentState,
  totalWithVat: Number(order.totalWithVat),
  refundedAmount: Number(order.refundedAmount),
  currency: order.currency,
});

/** What webhooks hear of a refund that succeeded: the order as it is after it, and the refund. */
export const refundEventData = (order: OrderRow, refund: RefundRow) => ({
  ...orderEventData(order),
  refund: {
    id: refund.id,
    amount: Number(refund.amount),
    currency: refund.currency,
    itemIds: refund.itemIds,
    reason: refund.reason,
    creditNoteNumber: refund.creditNoteNumber,
    refundedAt: refund.refundedAt,
  },
});
