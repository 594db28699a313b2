import type { PaymentGatewayKind } from '../../../../domain/schemas/paymentGateway';
import type { OrderRow } from '../../../kernel/db/tables';
import type { PaymentGateway } from '../paymentGateway';

/** The gateway's part of a payment request: its id and the page the customer pays on. */
export interface PaymentRequest {
  paymentId: string;
  paymentUrl: string;
  paymentMethod: string | null;
  paymentServiceBaseUrl: string;
}

/** Where a gateway sends the customer back and tells about the payment. */
export interface PaymentLinks {
  /** the order's page: the customer's way back, paid or not */
  returnUrl: string;
  /** the gateway's notification address of the e-shop (`…/eshop/{eshopId}/gateway/{kind}`) */
  notifyUrl: string;
}

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

/**
 * A gateway's refusal or silence, in words a person acts on (a wrong key, the gateway down); never holds a secret.
 * `retry` false: asking again changes nothing (a refused key, a refund above the payment).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retry = true,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * A gateway the checkout pays through, one per e-shop's settings: asks for a payment, tells its state (PaymentGateway),
 * closes it when the order times out, refunds it, and checks its settings.
 */
export interface CheckoutGateway extends PaymentGateway {
  readonly kind: PaymentGatewayKind;
  createPayment(order: OrderRow, links: PaymentLinks): Promise<PaymentRequest>;
  refund(order: OrderRow, refund: RefundRequest): Promise<RefundOutcome>;
  /** Reaches the gateway with the settings; answers what it learnt ("Stripe account acct_… (test mode)"), throws a GatewayError. */
  testConnection(): Promise<string>;
}

/** Minor units (cents, haléře) of an amount in the API's units, as the gateways count. */
export const minorUnits = (amount: number): number => Math.round(amount * 100);
