/**
 * Do two JSON values hold the same data? The form hands out a fresh copy of the whole pass.json on every
 * change, so a field that did not change is equal, not identical, to what the preview drew last time.
 *
 * @example sameJson({ key: 'a', label: { en: 'A' } }, { key: 'a', label: { en: 'A' } }) // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  if (keys.length !== Object.keys(bRecord).length) return false;
  return keys.every((key) => key in bRecord && sameJson(aRecord[key], bRecord[key]));
}
