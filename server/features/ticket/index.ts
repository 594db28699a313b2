/**
 * Tickets: e-shops, products, orders and their items, the storefront and checkout, payments, e-mails,
 * invoices, accounting and the gate.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { createCheckoutCore } from './checkout/checkoutCore';
export { CHECKOUT_PREFIX, checkoutPartsOf, checkoutRoutes } from './checkout/routes';
export { eshopRepository } from './eshopRepository';
export { ORDER_PREFIX_LOCK, eshopDefinition } from './eshopResource';
export { ticketEntryDefinition } from './gate/ticketEntryResource';
export { orderItemDefinition } from './orderItemResource';
export { orderDefinition } from './orderResource';
export { unpaidOrderTimeouts } from './paymentTimeouts';
export { productRepository } from './productRepository';
export { productDefinition } from './productResource';
export { STOREFRONT_PREFIX, storefrontRoutes } from './storefront/routes';
export { ticketApi } from './ticketRoutes';
