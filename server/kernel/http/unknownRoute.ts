import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendErrorAnswer } from './errors';

/** The methods a route may have, in the order an `Allow` header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const pathOf = (url: string) => url.split('?')[0];

/**
 * The methods the router serves at a path (HEAD wherever GET is, as Fastify serves it); none for a path no route
 * knows.
 *
 * @example methodsAt(app, '/api/core/v1/pass') // ['GET', 'HEAD', 'POST']
 */
export function methodsAt(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/** "GET, HEAD or POST" / "GET, HEAD nebo POST". */
const choices = (methods: string[], conjunction: string) =>
  methods.length < 2
    ? methods.join('')
    : `${methods.slice(0, -1).join(', ')} ${conjunction} ${methods.at(-1)}`;

/**
 * The answer to a request no route takes: 405 with `Allow` when the path is known with other methods, else 404.
 * Either names the address as the caller sent it (`/v1/pass`), never the one it is served at (`/api/core/v1/pass`).
 *
 * @example app.setNotFoundHandler(answerUnknownRoute)
 */
export function answerUnknownRoute(request: FastifyRequest, reply: FastifyReply) {
  const shown = pathOf(request.originalUrl);
  const allowed = methodsAt(request.server, pathOf(request.url));
  if (allowed.length === 0)
    return sendErrorAnswer(
      new HttpError(404, {
        en: `No route ${request.method} ${shown}.`,
        cs: `Adresa ${request.method} ${shown} neexistuje.`,
      }),
      request,
      reply,
    );
  return sendErrorAnswer(
    new HttpError(
      405,
      {
        en: `${shown} does not take ${request.method}; use ${choices(allowed, 'or')}.`,
        cs: `Adresa ${shown} nepřijímá metodu ${request.method}; použijte ${choices(allowed, 'nebo')}.`,
      },
      undefined,
      { allow: allowed.join(', ') },
    ),
    request,
    reply,
  );
}
