import type { PaymentGatewayKind } from '../../../../domain/schemas/paymentGateway';
import type { OrderRow } from '../../../kernel/db/tables';
import { HttpError } from '../../../kernel/http/errors';
import type { PaymentGateway, RefundOutcome, RefundRequest } from '../paymentGateway';

export type { RefundOutcome, RefundRequest } from '../paymentGateway';

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

/**
 * A gateway's refusal or silence, in words a person acts on (a wrong key, the gateway down); never holds a secret.
 * `retry` false: asking again changes nothing (a refused key, a refund above the payment). A request that meets one
 * answers 502 with its words.
 */
export class GatewayError extends HttpError {
  constructor(
    message: string,
    readonly retry = true,
  ) {
    super(502, message);
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
