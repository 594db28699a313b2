import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';
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

/** The only routes that take a form body: OAuth2 token requests (RFC 6749). */
const FORM_ROUTES = /\/oauth2\/token(\?|$)/;

/**
 * JSON is accepted whatever the Content-Type says (integrators' clients often send none or a wrong one);
 * a form body is read as a form only by the OAuth2 token endpoint, and only when it is not plainly JSON.
 * Either is refused when it holds a text the database cannot store or is nested too deep (server/kernel/http/textInput).
 */
export function installBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const asText = { parseAs: 'string' as const };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    asText,
    (request: FastifyRequest, body, done) => {
      const text = String(body);
      try {
        if (!FORM_ROUTES.test(request.url) || /^\s*[[{]/.test(text)) return done(null, parseJson(text));
        done(null, parseForm(text));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser('*', asText, (_request: FastifyRequest, body, done) => {
    try {
      done(null, parseJson(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
