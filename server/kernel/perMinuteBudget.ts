const MINUTE = 60_000;

/**
 * Units a minute shared by every caller of this instance, in fixed one-minute windows: a global cap, where a
 * limit per address does not hold against many addresses. 0: no limit.
 *
 * @example const budget = perMinuteBudget(600); const wait = budget.take(3); // 0: taken; else seconds to wait
 */
export function perMinuteBudget(perMinute: number, clock: () => number = Date.now) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = 0;
  return {
    /** Takes the units when they fit in this minute's rest and answers 0; otherwise the seconds until they may. */
    take(units: number): number {
      if (perMinute === 0) return 0;
      const now = clock();
      if (now - windowStart >= MINUTE) {
        windowStart = now;
        used = 0;
      }
      if (used + units > perMinute) return Math.max(1, Math.ceil((windowStart + MINUTE - now) / 1000));
      used += units;
      return 0;
    },
  };
}
export type PerMinuteBudget = ReturnType<typeof perMinuteBudget>;
