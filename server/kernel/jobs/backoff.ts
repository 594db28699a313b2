/**
 * How long a job waits before its next attempt: `baseMs` after the first failure, doubling with each one, at most
 * `maxMs`, with up to a tenth less at random so that jobs that failed together do not all come back together.
 *
 * @example retryDelayMs(3, 10_000, 3_600_000) // about 40 s
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(delay * (1 - Math.random() * 0.1));
}
