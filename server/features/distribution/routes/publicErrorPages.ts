import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { publicErrorPage } from '../errorPage';
import { sendHtmlPage } from '../html';
import { PUBLIC_TEXT_LANGUAGES } from '../publicTexts';
import { preferredLanguage } from '../../../kernel/http/requestDetails';
import { errorAnswer, sendErrorAnswer, type HttpError } from '../../../kernel/http/errors';
import { prefersHtml } from '../../../kernel/http/prefersHtml';

/** The languages of the pass or template a request is about, once known: its failure page speaks one of them. */
const pageLanguages = new WeakMap<FastifyRequest, string[]>();

/**
 * Notes the languages of the pass or template a public request found, so that a failure after this point is
 * shown in one of them (the one the reader prefers, else English, else the first).
 *
 * @example rememberPageLanguages(request, pass.languages)
 */
export function rememberPageLanguages(request: FastifyRequest, languages: string[]): void {
  pageLanguages.set(request, languages);
}

function languageOf(request: FastifyRequest): string {
  const acceptLanguage = request.headers['accept-language'];
  const known = pageLanguages.get(request);
  if (!known?.length) return preferredLanguage(acceptLanguage, PUBLIC_TEXT_LANGUAGES) ?? 'en';
  return preferredLanguage(acceptLanguage, known) ?? (known.includes('en') ? 'en' : known[0]);
}

function formatOf(request: FastifyRequest): string | undefined {
  const { format } = (request.query ?? {}) as { format?: unknown };
  return typeof format === 'string' && format ? format : undefined;
}

/**
 * Failures of the public links: a browser's navigation (HTML preferred over JSON) gets a page that says what went
 * wrong and what to do, in the pass's language; API clients keep the JSON error shape, unchanged. Status and
 * headers (Retry-After) are the same either way.
 *
 * @example installPublicErrorPages(app) // inside the /p plugin, before its routes
 */
export function installPublicErrorPages(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (!prefersHtml(request.headers.accept)) return sendErrorAnswer(error, request, reply);
    const { statusCode, headers } = errorAnswer(error, request);
    const format = formatOf(request);
    // a wallet button failed: the pass's own page (its address without the query) still shows the pass
    const walletFailed =
      request.routeOptions.url?.endsWith('/:id') === true &&
      (format === 'pkpass' || format === 'savetogooglepayjwt') &&
      statusCode !== 404 &&
      statusCode !== 400;
    const page = publicErrorPage({
      statusCode,
      format,
      language: languageOf(request),
      backHref: walletFailed ? '?' : undefined,
    });
    if (headers) reply.headers(headers);
    return sendHtmlPage(reply, page, { status: statusCode, vary: 'Accept, Accept-Language' });
  });
}
