import type { AppContext } from '../../../kernel/appContext';
import { secretFromEnvOrFile } from '../../../kernel/auth/secrets';
import type { EshopRow } from '../../../kernel/db/tables';
import { createLiveRowCache } from '../../../kernel/engine/liveRowCache';
import { eshopRepository } from '../eshopRepository';
import { createCheckoutService, type CheckoutService } from './checkoutService';
import { invoiceLinks, type InvoiceLinks } from './invoiceLinks';
import { createGatewayRouter, type GatewayRouter } from '../gateways/gatewayRouter';
import { createSimulatedGateway, type SimulatedGateway } from './simulatedGateway';
import { orderStatusTokens, type OrderStatusTokens } from './statusToken';

/** Where the public checkout is, under the ticket API base. */
export const CHECKOUT_PREFIX = '/api/ticket/public/v1';

/** How long one call to a real gateway may take before it counts as failed (the customer waits for some). */
const GATEWAY_TIMEOUT_MS = 15_000;

/** The checkout of a context without its HTTP routes: what places, pays and fulfils orders. */
export interface CheckoutCore {
  service: CheckoutService;
  bank: SimulatedGateway;
  /** the gateway of each e-shop and order */
  gateways: GatewayRouter;
  tokens: OrderStatusTokens;
  invoices: InvoiceLinks;
  /** the signed links of refunds' credit notes, for their e-mails */
  creditNotes: InvoiceLinks;
  /** the live e-shop of an id, from memory while its table is unchanged */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
}

/**
 * The checkout service over each e-shop's gateway (the simulated bank by default), its status tokens and invoice links signed with the server's token
 * secret: the public routes build on it, and a command without a server (`npm run demo-data`) places orders through
 * it exactly as a customer's. A paid order's email job is stored in the database and sent by the job queue of a
 * running server.
 *
 * @example const { service, bank } = createCheckoutCore(context, (error, message) => console.error(message, error))
 */
export function createCheckoutCore(
  context: AppContext,
  log: (error: unknown, message: string) => void,
): CheckoutCore {
  const { config } = context;
  const bank = createSimulatedGateway(`${config.publicUrl}${CHECKOUT_PREFIX}/simulated-bank`, context.db);
  const secret = `checkout:${secretFromEnvOrFile(config.tokenSecret, config.dataDir, 'token-secret')}`;
  const tokens = orderStatusTokens(secret);
  const invoices = invoiceLinks(secret, config.invoiceLinkDays);
  const creditNotes = invoiceLinks(secret, config.invoiceLinkDays, 'refund-credit-note');
  // one copy of the live e-shops in memory, for the checkout and its emails
  const eshops = createLiveRowCache<EshopRow>(context.changes, 'eshop');
  const liveEshop = (id: string) => eshops.one(id, (only) => eshopRepository.findLive(context.db, only));
  const gateways = createGatewayRouter({
    simulated: bank,
    vault: context.certificateKeys,
    // from memory while live; a deleted e-shop (whose paid orders are still refunded) from the database
    eshopOf: async (id) => (await liveEshop(id)) ?? eshopRepository.findAny(context.db, id),
    gateway: { fetch: (input, init) => fetch(input, init), timeoutMs: GATEWAY_TIMEOUT_MS },
  });
  const service = createCheckoutService({
    db: context.db,
    changes: context.changes,
    liveEshop,
    config,
    gateways,
    jobs: context.jobs,
    tokens,
    invoiceLinks: invoices,
    integrationEvents: context.integrationEvents,
    log,
  });
  return { service, bank, gateways, tokens, invoices, creditNotes, liveEshop };
}
