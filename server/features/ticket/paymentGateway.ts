import type { PaymentState } from '../../../domain/schemas/order';
import type { GatewayTestAnswer } from '../../../domain/schemas/paymentGateway';
import type { EshopRow, OrderRow } from '../../kernel/db/tables';

/** A refund asked of the gateway: our refund's id (the gateway's idempotency key) and the amount in the API's units. */
export interface RefundRequest {
  refundId: string;
  amount: number;
}

/** What the gateway says of a refund: done, refused (with its reason), or accepted and not yet done. */
export interface RefundOutcome {
  state: 'succeeded' | 'failed' | 'requested';
  gatewayRefundId?: string | null;
  /** the gateway's words when it refused */
  reason?: string | null;
}

/** What a gateway says of a payment now. */
export interface PaymentStatus {
  paymentState: PaymentState;
  /** the gateway's payment method when it tells (card, bank transfer, …) */
  paymentMethod?: string | null;
}

/**
 * A payment gateway, as the ticket API sees it. The checkout's simulated bank implements it; so does an adapter of
 * a real gateway. `status` asks the gateway again about an order's payment (POST /v1/order/{id}/updatePaymentState).
 *
 * @example setTicketServices(context, { gateway: simulatedGateway(...) })
 */
export interface PaymentGateway {
  status(order: OrderRow): Promise<PaymentStatus>;
  /**
   * Closes the payment of an order that was not paid in time (ORDER_PAYMENT_TIMEOUT_MINUTES), so it can no longer
   * be paid, and answers its state: timeout when it was closed, the decided state when the customer decided first
   * (paid: the order is fulfilled), pending or unknown when the gateway cannot tell (the order times out).
   * Without it, the order times out on this side only.
   */
  expire?(order: OrderRow): Promise<PaymentStatus>;
  /** Refunds part or all of a paid payment (gateways/checkoutGateway RefundRequest); without it, nothing can be refunded. */
  refund?(order: OrderRow, refund: RefundRequest): Promise<RefundOutcome>;
  /** "Test connection" of an e-shop's gateway settings. */
  test?(eshop: EshopRow): Promise<GatewayTestAnswer>;
}

/** Until a gateway is wired: the gateway "says" what is stored, so a refresh changes nothing. */
export const storedStateGateway: PaymentGateway = {
  status: async (order) => ({ paymentState: order.paymentState as PaymentState }),
};
