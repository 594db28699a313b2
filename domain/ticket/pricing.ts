/** Money in CZK (or the e-shop's currency) to 2 decimals, away from float noise: 150 * 1.21 -> 181.5. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * Spec section 5: priceWithVat = priceWithoutVat + vat × priceWithoutVat, rounded to 2 decimals.
 *
 * @example priceWithVat(150, 0.21) === 181.5
 */
export function priceWithVat(priceWithoutVat: number, vat: number): number {
  return roundMoney(priceWithoutVat + vat * priceWithoutVat);
}
