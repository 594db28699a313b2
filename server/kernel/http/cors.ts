import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language';
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After, WWW-Authenticate';
/** How long a browser may reuse a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

export interface CorsOptions {
  /** origins as browsers send them (https://shop.example.com), or ['*'] for any */
  origins: readonly string[];
  /** path prefixes of the APIs (/api/core); the console and the public links get no CORS headers */
  apiPrefixes: readonly string[];
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

/**
 * CORS for the APIs, whose callers sign in with bearer tokens (never cookies, so `*` is safe to allow): a browser
 * page of a listed origin may call them. A preflight from a listed origin answers 204 with the methods and headers
 * allowed; from any other origin 403, so nothing else changes. Requests without an Origin are left alone.
 *
 * @example installCors(app, { origins: ['https://shop.example.com'], apiPrefixes: ['/api/core'] })
 */
export function installCors(app: FastifyInstance, options: CorsOptions): void {
  const anyOrigin = options.origins.includes('*');
  const origins = new Set(options.origins.map((origin) => origin.toLowerCase()));
  // With a list, an answer depends on the Origin asked with: caches must keep them apart, Origin or not.
  const variesByOrigin = origins.size > 0 && !anyOrigin;
  const isApiPath = (url: string) => {
    const path = pathOf(url);
    return options.apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    if (variesByOrigin) reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin) return;
    if (!anyOrigin && !origins.has(origin.toLowerCase())) {
      if (isPreflight(request))
        throw new HttpError(
          403,
          `Pages of ${origin} may not call this API from a browser: the server's CORS_ORIGINS does not list that origin.`,
        );
      return;
    }
    reply.header('access-control-allow-origin', anyOrigin ? '*' : origin);
    if (!isPreflight(request)) {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return;
    }
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
    return reply.status(204).send();
  });
}
