/**
 * A rate is stored as a fraction (0.21, a product's VAT) and typed and printed as a percentage (21). Both ways round away the binary
 * fractions that multiplying by 100 leaves (0.21 × 100 = 21.000000000000004).
 */
const tidy = (value: number) => Number.parseFloat(value.toPrecision(12));

/**
 * The percentage of a rate, as an invoice prints it and the console shows it.
 *
 * @example ratePercent(0.21) // 21
 */
export const ratePercent = (rate: number): number => tidy(rate * 100);

/**
 * The percentage an input shows for a stored rate; empty for no rate.
 *
 * @example rateToPercent(0.21) // '21'
 */
export function rateToPercent(rate: unknown): string {
  return typeof rate === 'number' && Number.isFinite(rate) ? String(ratePercent(rate)) : '';
}

/**
 * The rate stored for a typed percentage; null for an empty input, the text as typed when it is no number (the
 * form's check then refuses it).
 *
 * @example percentToRate(21) // 0.21
 */
export function percentToRate(percent: unknown): unknown {
  if (percent === '' || percent === null || percent === undefined) return null;
  const value = typeof percent === 'number' ? percent : Number(String(percent).replace(',', '.'));
  return Number.isFinite(value) ? tidy(value / 100) : percent;
}
