/** Runs a task when its turn comes. */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Runs at most `limit` tasks at once; the others wait their turn in order.
 *
 * @example const limited = concurrencyLimit(100); await Promise.all(tokens.map((token) => limited(() => send(token))))
 */
export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
