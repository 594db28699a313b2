/** The rates a product may have: 0 to 100 % (the write schema's bounds). */
export const VAT_RANGE = { minimum: 0, maximum: 1 } as const;

/** Is a stored rate outside 0–100 %? (what is no number at all the schema's own check speaks of) */
export const vatOutOfRange = (rate: unknown): boolean =>
  typeof rate === 'number' && Number.isFinite(rate) && (rate < VAT_RANGE.minimum || rate > VAT_RANGE.maximum);
