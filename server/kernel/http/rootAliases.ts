/** Where the core API is served; the aliases below lead there. */
export const CORE_API_PREFIX = '/api/core';

/** The Yourpass API lives at its host's root: `{API_URL}/v1/...`, `{API_URL}/oauth2/token`. */
const ROOT_ALIAS = /^\/(?:v1|oauth2)\//;

/**
 * The address a request is served at: `/v1/...` and `/oauth2/...` at the server's root are the core API's, so a
 * client configured with the bare origin works; every other address is itself. Used as Fastify's `rewriteUrl`, so
 * the aliases answer exactly as the core API (same routes, hooks and errors) and the docs list each route once.
 *
 * @example servedUrl('/v1/pass?limit=3') // '/api/core/v1/pass?limit=3'
 */
export function servedUrl(url: string): string {
  return ROOT_ALIAS.test(url) ? `${CORE_API_PREFIX}${url}` : url;
}
