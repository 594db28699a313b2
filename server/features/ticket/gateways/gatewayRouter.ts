import type { GatewayTestAnswer, PaymentGatewayKind } from '../../../../domain/schemas/paymentGateway';
import type { KeyVault } from '../../../kernel/auth/keyVault';
import type { EshopRow, OrderRow } from '../../../kernel/db/tables';
import type { PaymentStatus } from '../paymentGateway';
import type { SimulatedGateway } from '../checkout/simulatedGateway';
import {
  GatewayError,
  type CheckoutGateway,
  type PaymentLinks,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from './checkoutGateway';
import { GATEWAY_FACTORIES, type GatewayDependencies } from './gatewayFactories';
import { openedSettingsOf, storedSettingsOf } from './gatewaySettings';

export interface GatewayRouterDependencies {
  simulated: SimulatedGateway;
  /** opens the e-shops' sealed gateway secrets */
  vault: KeyVault;
  /** the e-shop of an id, deleted ones included (their paid orders are still refunded) */
  eshopOf: (id: string) => Promise<EshopRow | undefined>;
  gateway: GatewayDependencies;
}

/** Adapters made are kept while their e-shop's settings stay (a gateway's token is reused between calls). */
const REMEMBERED_ADAPTERS = 1_000;

/**
 * The gateway of each e-shop and order: an e-shop sells through the gateway its settings name; an order's payment is
 * asked of the gateway that holds it (`order.paymentGateway`), with its e-shop's settings. As a PaymentGateway
 * (status, expire, refund) it serves the back office and the payment timeouts whatever gateway each order has.
 *
 * @example const gateways = createGatewayRouter({ simulated: bank, vault, eshopOf, gateway: { fetch, timeoutMs } })
 */
export function createGatewayRouter(deps: GatewayRouterDependencies) {
  const made = new Map<string, { version: string; gateway: CheckoutGateway }>();

  function forEshop(eshop: EshopRow): CheckoutGateway {
    const { kind } = storedSettingsOf(eshop);
    if (kind === 'simulated') return deps.simulated;
    const version = JSON.stringify([eshop.paymentGateway, eshop.paymentGatewaySecrets]);
    const held = made.get(eshop.id);
    if (held?.version === version) return held.gateway;
    const factory = GATEWAY_FACTORIES[kind];
    if (!factory) throw new GatewayError(`The ${kind} gateway is not available on this server.`, false);
    let settings;
    try {
      settings = openedSettingsOf(deps.vault, eshop);
    } catch {
      throw new GatewayError(
        `The gateway secrets of the e-shop "${eshop.name}" do not open with this server's CERTIFICATE_KEY_SECRET: enter them again.`,
        false,
      );
    }
    const gateway = factory(settings, deps.gateway);
    if (made.size >= REMEMBERED_ADAPTERS) made.delete(made.keys().next().value as string);
    made.set(eshop.id, { version, gateway });
    return gateway;
  }

  async function forOrder(order: OrderRow): Promise<CheckoutGateway> {
    const kind = (order.paymentGateway ?? 'simulated') as PaymentGatewayKind;
    if (kind === 'simulated') return deps.simulated;
    const eshop = await deps.eshopOf(order.eshopId);
    if (!eshop) throw new GatewayError(`The e-shop of order ${order.orderNumber} was not found.`, false);
    if (storedSettingsOf(eshop).kind !== kind)
      throw new GatewayError(
        `The payment of order ${order.orderNumber} is held by ${kind}, and its e-shop no longer has ${kind}'s settings.`,
        false,
      );
    return forEshop(eshop);
  }

  return {
    forEshop,
    forOrder,

    /** Asks the e-shop's gateway for the order's payment; the answer names the gateway that holds it. */
    async createPayment(
      eshop: EshopRow,
      order: OrderRow,
      links: PaymentLinks,
    ): Promise<PaymentRequest & { kind: PaymentGatewayKind }> {
      const gateway = forEshop(eshop);
      return { kind: gateway.kind, ...(await gateway.createPayment(order, links)) };
    },

    /** The page an order's payment is made on, once requested. */
    paymentUrl: (order: OrderRow): string | undefined =>
      order.paymentUrl ??
      ((order.paymentGateway ?? 'simulated') === 'simulated' ? deps.simulated.paymentUrl(order) : undefined),

    async status(order: OrderRow): Promise<PaymentStatus> {
      return (await forOrder(order)).status(order);
    },

    /** Closes the payment; a gateway that cannot close one tells its state, and a payment still open times out here. */
    async expire(order: OrderRow): Promise<PaymentStatus> {
      const gateway = await forOrder(order);
      return gateway.expire ? gateway.expire(order) : gateway.status(order);
    },

    async refund(order: OrderRow, refund: RefundRequest): Promise<RefundOutcome> {
      return (await forOrder(order)).refund(order, refund);
    },

    /** "Test connection": reaches the e-shop's gateway with its settings, never failing with 5xx. */
    async test(eshop: EshopRow): Promise<GatewayTestAnswer> {
      const kind = storedSettingsOf(eshop).kind;
      try {
        return { kind, ok: true, message: await forEshop(eshop).testConnection() };
      } catch (error) {
        const message = error instanceof GatewayError ? error.message : 'The gateway could not be reached.';
        return { kind, ok: false, message };
      }
    },
  };
}
export type GatewayRouter = ReturnType<typeof createGatewayRouter>;
