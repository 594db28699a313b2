/**
 * VAT is stored as a rate (0.21) and typed and printed as a percentage (21). Both ways round away the binary
 * fractions that multiplying by 100 leaves (0.21 × 100 = 21.000000000000004).
 */
const tidy = (value: number) => Number.parseFloat(value.toPrecision(12));

/** The rates a product may have: 0 to 100 % (the write schema's bounds). */
export const VAT_RANGE = { minimum: 0, maximum: 1 } as const;

/**
 * The percentage of a rate, as the invoice prints it and the console shows it.
 *
 * @example vatPercent(0.21) // 21
 */
export const vatPercent = (rate: number): number => tidy(rate * 100);

/**
 * The percentage an input shows for a stored rate; empty for no rate.
 *
 * @example vatToPercent(0.21) // '21'
 */
export function vatToPercent(rate: unknown): string {
  return typeof rate === 'number' && Number.isFinite(rate) ? String(vatPercent(rate)) : '';
}

/**
 * The rate stored for a typed percentage; null for an empty input, the text as typed when it is no number (the
 * form's check then refuses it).
 *
 * @example percentToVat(21) // 0.21
 */
export function percentToVat(percent: unknown): unknown {
  if (percent === '' || percent === null || percent === undefined) return null;
  const value = typeof percent === 'number' ? percent : Number(String(percent).replace(',', '.'));
  return Number.isFinite(value) ? tidy(value / 100) : percent;
}

/** Is a stored rate outside 0–100 %? (what is no number at all the schema's own check speaks of) */
export const vatOutOfRange = (rate: unknown): boolean =>
  typeof rate === 'number' && Number.isFinite(rate) && (rate < VAT_RANGE.minimum || rate > VAT_RANGE.maximum);
