import type { PaymentGatewayKind } from '../../../../domain/schemas/paymentGateway';
import type { CheckoutGateway } from './checkoutGateway';
import type { OpenedGatewaySettings } from './gatewaySettings';
import { createGopayGateway } from './gopay/gopayGateway';
import { createStripeGateway } from './stripe/stripeGateway';

/** What an adapter of a real gateway is given besides its settings. */
export interface GatewayDependencies {
  /** the HTTP client (global fetch; tests reach stand-ins through it the same way) */
  fetch: typeof fetch;
  /** how long one call to the gateway may take before it counts as failed */
  timeoutMs: number;
}

/** Makes the adapter of one e-shop's settings; the simulated bank is one per server and made elsewhere. */
export type GatewayFactory = (settings: OpenedGatewaySettings, deps: GatewayDependencies) => CheckoutGateway;

/** The adapters of the real gateways, by kind. */
export const GATEWAY_FACTORIES: Partial<Record<PaymentGatewayKind, GatewayFactory>> = {
  gopay: createGopayGateway,
  stripe: createStripeGateway,
};
