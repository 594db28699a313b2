import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { FIELD_AREAS, PASS_STYLES } from '../../../../domain/template/limits';
import type { AppContext } from '../../../kernel/appContext';
import { publicPass } from '../publicRecords';
import { recordPublicRequest } from '../passEvents';
import { badRequest, notFound } from '../../../kernel/http/errors';
import { rememberPageLanguages } from './publicErrorPages';

const HREF = /<a\s[^>]*href\s*=\s*["']([^"']+)["']/gi;
const PLAIN_URL = /https?:\/\/[^\s<>"']+/gi;

/**
 * The http(s) addresses a resolved pass.json shows in its fields: the links of attributed values and the
 * addresses written in values (which Wallet makes links of).
 *
 * @example linksOfPass({ storeCard: { backFields: [{ attributedValue: '<a href="https://a.example">A</a>' }] } }) // Set {'https://a.example'}
 */
export function linksOfPass(passJson: Record<string, unknown>): Set<string> {
  const links = new Set<string>();
  for (const style of PASS_STYLES) {
    const areas = passJson[style] as Record<string, unknown> | undefined;
    for (const area of FIELD_AREAS) {
      const fields = areas?.[area];
      if (!Array.isArray(fields)) continue;
      for (const field of fields as Array<Record<string, unknown>>) {
        if (typeof field.attributedValue === 'string')
          for (const match of field.attributedValue.matchAll(HREF))
            links.add(match[1].replace(/&amp;/g, '&'));
        if (typeof field.value === 'string')
          for (const match of field.value.matchAll(PLAIN_URL)) links.add(match[0]);
      }
    }
  }
  return links;
}

const isHttp = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * GET /p/{id}/link?url=… : a click on a link of a pass whose template tracks links. Only an http(s) address the
 * pass itself shows (in any of its template's languages) is followed, never another one (no open redirect): 302
 * to it, and a 'link' event for the reports.
 */
export function linkRedirectRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/:id/link',
      {
        schema: {
          operationId: 'followPassLink',
          summary: 'Follow a link of a pass',
          tags: ['public'],
          description:
            "Follows a link of the pass (302) and counts the click, when the pass's template tracks links.",
          params: Type.Object({ id: Type.String() }),
          querystring: Type.Object({
            url: Type.String({ maxLength: 2000 }),
            tag: Type.Optional(Type.String()),
          }),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { url } = request.query;
        const pass = await publicPass(context.db, id);
        rememberPageLanguages(request, pass.languages);
        if (!isHttp(url)) throw badRequest('Only http and https links of the pass are followed.');
        const languages = pass.languages.length ? pass.languages : ['en'];
        let tracked = false;
        let shown = false;
        for (const language of languages) {
          const view = await context.passes.view(pass.id, language);
          tracked = view.template.trackLinks === true;
          if (!tracked) break;
          if (linksOfPass(view.passJson).has(url)) {
            shown = true;
            break;
          }
        }
        if (!tracked) throw notFound('Tracked link');
        if (!shown) throw notFound('Link of the pass');
        recordPublicRequest(context.events, request, {
          passId: pass.id,
          templateId: pass.templateId,
          projectId: pass.projectId,
          type: 'link',
          format: null,
          url,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );
  };
}
