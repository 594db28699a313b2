/**
 * An e-shop's order prefix starts each of its order and item numbers. Prefixes are unique in an installation and
 * none starts another (no "90" beside "901"), so a number names one e-shop's ticket whichever e-shop it came from.
 */

/** The prefix of `taken` that `prefix` clashes with (the same, or one starting the other); undefined when free. */
export function prefixClash(prefix: string, taken: readonly string[]): string | undefined {
  return taken.find((other) => other.startsWith(prefix) || prefix.startsWith(other));
}

/** Two digits first, from the spec's default 90 up, then 10 to 89; then three digits, and so on. */
function* candidates(): Generator<string> {
  for (let digits = 2; digits <= 6; digits += 1) {
    const low = 10 ** (digits - 1);
    const start = 9 * low;
    for (let value = start; value < 10 * low; value += 1) yield String(value);
    for (let value = low; value < start; value += 1) yield String(value);
  }
}

/**
 * The first free prefix: 90 on a new installation, then 91, … 99, 10, … 89, then longer ones that start none of
 * those taken; undefined when there is none.
 *
 * @example freeOrderPrefix(['90', '91']) === '92'
 */
export function freeOrderPrefix(taken: readonly string[]): string | undefined {
  for (const candidate of candidates()) if (!prefixClash(candidate, taken)) return candidate;
  return undefined;
}
