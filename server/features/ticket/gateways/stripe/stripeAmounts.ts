/**
 * Currencies Stripe counts in whole units, without a minor unit (https://docs.stripe.com/currencies#zero-decimal):
 * 1500 JPY is sent as 1500. HUF, TWD and ISK are sent with two decimals like the others (whole amounts times 100),
 * as Stripe asks of them.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Currencies Stripe counts in thousandths, whose last digit must be 0 (5.124 KWD is sent as 5120). */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * An amount in the API's units (484.5 CZK) as Stripe counts it in the currency: 48450 for CZK, 1500 for 1500 JPY.
 *
 * @example stripeAmount(484.5, 'CZK') === 48450; stripeAmount(1500, 'jpy') === 1500
 */
export function stripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return Math.round(amount);
  if (THREE_DECIMAL.has(code)) return Math.round(amount * 100) * 10;
  return Math.round(amount * 100);
}
