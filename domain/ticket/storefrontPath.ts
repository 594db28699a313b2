/** Where the storefronts are served, by the same server as the console: `/shop/{eshopId}`. */
export const STOREFRONT_PREFIX = '/shop';

/**
 * The storefront of an e-shop: its address in the console's link and in the storefront's own pages.
 *
 * @example storefrontPath('e 1') // '/shop/e%201'
 */
export const storefrontPath = (eshopId: string) => `${STOREFRONT_PREFIX}/${encodeURIComponent(eshopId)}`;
