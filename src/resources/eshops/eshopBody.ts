type EshopValues = Record<string, unknown>;

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The e-shop as Save sends it: the seller's emptied inputs (null) left out rather than sent, which the API refuses;
 * no terms address as an empty text.
 *
 * @example eshopBody({ seller: { legalName: 'Zoo Praha', vatId: null }, termsUrl: null }) // { seller: { legalName: 'Zoo Praha' }, termsUrl: '' }
 */
export function eshopBody<Values extends EshopValues>(values: Values): Values {
  const body: EshopValues = { ...values };
  if ('seller' in body) {
    const seller = typeof body.seller === 'object' && body.seller !== null ? body.seller : {};
    body.seller = Object.fromEntries(Object.entries(seller).filter(([, value]) => filled(value)));
  }
  if ('termsUrl' in body && !filled(body.termsUrl)) body.termsUrl = '';
  return body as Values;
}
