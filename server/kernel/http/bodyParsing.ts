import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';
import { refuseUnusableInput } from './textInput';

function parseJson(body: string): unknown {
  if (body.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw badRequest({ en: 'The request body is not valid JSON.', cs: 'Tělo požadavku není platný JSON.' });
  }
  refuseUnusableInput(value, 'body');
  return value;
}

function parseForm(body: string): Record<string, string> {
  const form = Object.fromEntries(new URLSearchParams(body));
  refuseUnusableInput(form, 'body');
  return form;
}

/** The charsets a text body may declare: UTF-8 by its names; none declared is UTF-8 too. */
const UTF8 = /^"?utf-?8"?$/i;

/**
 * A body is read as UTF-8: one declared in another charset (`charset=iso-8859-1`) would be stored with its letters
 * replaced by U+FFFD, so it is refused with 415 before anything reads it.
 */
function refuseOtherCharsets(request: FastifyRequest): void {
  const charset = /;\s*charset\s*=\s*([^;\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
  if (charset === undefined || UTF8.test(charset)) return;
  throw new HttpError(415, {
    en: 'Send the body in UTF-8 (charset=utf-8).',
    cs: 'Pošlete tělo požadavku v kódování UTF-8 (charset=utf-8).',
  });
}

/** A request with an Idempotency-Key keeps its raw body, which its key's hash covers (http/idempotency.ts). */
function keepForIdempotency(request: FastifyRequest, text: string) {
  if (request.headers['idempotency-key'] !== undefined) request.rawBody = text;
}

/** The only routes that take a form body: OAuth2 token requests (RFC 6749). */
const FORM_ROUTES = /\/oauth2\/token(\?|$)/;

/**
 * JSON is accepted whatever the Content-Type says (integrators' clients often send none or a wrong one);
 * a form body is read as a form only by the OAuth2 token endpoint, and only when it is not plainly JSON.
 * Either is refused when it declares a charset other than UTF-8 (415), holds a text the database cannot store or is
 * nested too deep (server/kernel/http/textInput).
 */
export function installBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const asText = { parseAs: 'string' as const };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    asText,
    (request: FastifyRequest, body, done) => {
      const text = String(body);
      keepForIdempotency(request, text);
      try {
        refuseOtherCharsets(request);
        if (!FORM_ROUTES.test(request.url) || /^\s*[[{]/.test(text)) return done(null, parseJson(text));
        done(null, parseForm(text));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser('*', asText, (request: FastifyRequest, body, done) => {
    keepForIdempotency(request, String(body));
    try {
      refuseOtherCharsets(request);
      done(null, parseJson(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
