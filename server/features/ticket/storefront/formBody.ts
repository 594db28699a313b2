import type { FastifyInstance } from 'fastify';

/**
 * Reads the storefront's forms (application/x-www-form-urlencoded) as their fields, within the plugin that calls it.
 * The server's own parser reads such a body as JSON except at the OAuth2 token endpoint (server/kernel/http/bodyParsing),
 * and refuses a NUL anywhere with a JSON error; here a field's every problem is the form's to tell the buyer, next
 * to the field (orderForm.ts). A field sent more than once counts with its last value.
 *
 * @example installFormBody(app) // in the storefront's plugin, before its routes
 */
export function installFormBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
