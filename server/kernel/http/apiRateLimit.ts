import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext';
import { HttpError } from './errors';

const MINUTE = 60_000;

/**
 * Requests a minute per principal (a user or an API client) in fixed windows of a calendar minute, in this
 * instance's memory: the counts of the last window are dropped as a new one begins, so memory holds one entry per
 * principal seen this minute.
 *
 * @example const limiter = principalWindows(); limiter.take('user:1', 1200) // { remaining: 1199, resetSeconds: 42 }
 */
export function principalWindows(clock: () => number = Date.now) {
  let window = -1;
  let used = new Map<string, number>();
  return {
    /** Counts one request; `remaining` is negative when it is over the limit. */
    take(principal: string, limit: number) {
      const now = clock();
      const current = Math.floor(now / MINUTE);
      if (current !== window) {
        window = current;
        used = new Map();
      }
      const count = (used.get(principal) ?? 0) + 1;
      used.set(principal, count);
      return {
        remaining: limit - count,
        resetSeconds: Math.max(1, Math.ceil(((current + 1) * MINUTE - now) / 1000)),
      };
    },
  };
}

/** One count per app for all its APIs: the core and ticket APIs count a principal's requests together. */
const windowsOfApp = new WeakMap<AppContext, ReturnType<typeof principalWindows>>();

/**
 * The API's limit per principal (API_RATE_LIMIT a minute, or an API client's own `rateLimit`; 0 = none), for a scope
 * of routes behind authentication: every answer says `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (seconds; the IETF draft's fields), and a request over the limit answers 429 with `Retry-After`.
 *
 * @example signedIn.addHook('preHandler', authenticate(context)); installApiRateLimit(signedIn, context);
 */
export function installApiRateLimit(app: FastifyInstance, context: AppContext): void {
  let windows = windowsOfApp.get(context);
  if (!windows) windowsOfApp.set(context, (windows = principalWindows()));
  app.addHook('preHandler', async (request, reply) => {
    const { viewer } = request;
    const limit = viewer.rateLimit ?? context.config.apiRateLimit;
    if (limit === 0) return;
    const { remaining, resetSeconds } = windows.take(
      `${viewer.apiClient ? 'client' : 'user'}:${viewer.id}`,
      limit,
    );
    reply.header('ratelimit-limit', String(limit));
    reply.header('ratelimit-remaining', String(Math.max(0, remaining)));
    reply.header('ratelimit-reset', String(resetSeconds));
    if (remaining < 0)
      throw new HttpError(
        429,
        {
          en: `Too many requests: at most ${limit} a minute for ${viewer.apiClient ? 'this API client' : 'this user'}. Try again in ${resetSeconds} seconds.`,
          cs: `Příliš mnoho požadavků: nejvýše ${limit} za minutu pro ${viewer.apiClient ? 'tohoto API klienta' : 'tohoto uživatele'}. Zkuste to znovu za ${resetSeconds} s.`,
        },
        undefined,
        { 'retry-after': String(resetSeconds) },
      );
  });
}
