/**
 * Counts failed attempts per key in a sliding window; past the limit the key is refused until the oldest
 * attempt leaves the window. In memory: a restart forgets, which only ever makes it more lenient.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

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
    this.attempts.set(key, recent);
    if (this.attempts.size > 100_000) this.sweep(now);
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
  }
}
