const SWEEP_ABOVE_KEYS = 100_000;

/**
 * Counts failed attempts per key in a sliding window; past the limit the key is refused until the oldest
 * attempt leaves the window. In memory: a restart forgets, which only ever makes it more lenient.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();
  /** Sweeping walks every key: it runs again only once the map has doubled, so a flood of keys costs O(1) a failure. */
  private sweepAbove = SWEEP_ABOVE_KEYS;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait before the key may try again; 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.attempts.set(key, recent.slice(-this.limit));
    if (this.attempts.size > this.sweepAbove) this.sweep(now);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private sweep(now: number): void {
    for (const [key, times] of this.attempts) {
      if (times.every((at) => at <= now - this.windowMs)) this.attempts.delete(key);
    }
    this.sweepAbove = Math.max(SWEEP_ABOVE_KEYS, this.attempts.size * 2);
  }
}
