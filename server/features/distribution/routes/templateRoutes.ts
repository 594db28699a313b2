import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { linkQrPng } from '../barcodes';
import { distributableTemplate, handOutPass } from '../publicRecords';
import { sendHtmlPage, type HtmlPage } from '../html';
import { recordPublicRequest } from '../passEvents';
import { templateLink, dynamicDataProblems } from '../../passes';
import { preferredLanguage } from '../../../kernel/http/requestDetails';
import { messagePage, templateLandingPage } from '../templateLandingPage';
import { badRequest } from '../../../kernel/http/errors';
import { rememberPageLanguages } from './publicErrorPages';
import type { DistributionContext } from './passRoutes';
import { TemplateParamsSchema, TemplateQuerySchema, shownFormat } from './publicSchemas';

const sendPage = (reply: FastifyReply, page: HtmlPage, status = 200) =>
  sendHtmlPage(reply, page, { status, cacheControl: 'private, no-cache' });

/** A text of the template (a string, or the text in one of its languages). */
function textOf(value: unknown, language: string): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const byLanguage = value as Record<string, unknown>;
  const text = byLanguage[language] ?? byLanguage.en ?? Object.values(byLanguage)[0];
  return typeof text === 'string' ? text : '';
}

/**
 * `/t/{templateId}` of distributable templates: GET shows a page with a "Get your pass" button (or, with
 * format=qrcode, a PNG of the link) and creates nothing; POST hands out a new pass with empty dynamic data and
 * sends the browser to it (303).
 *
 * @example await app.register(templateRoutes(context))
 */
export function templateRoutes(context: DistributionContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const schema = { tags: ['public'], params: TemplateParamsSchema, querystring: TemplateQuerySchema };

    routes.get(
      '/t/:templateId',
      {
        schema: {
          operationId: 'getTemplatePage',
          summary: "Show a distributable template's page",
          ...schema,
          description: "A distributable template's page, or its link as a QR code.",
        },
      },
      async (request, reply) => {
        const { format } = request.query;
        if (format !== undefined && format !== '' && format !== 'qrcode')
          throw badRequest(`Unknown format "${shownFormat(format)}": use qrcode, or no format for the page.`);
        const template = await distributableTemplate(context.db, request.params.templateId);
        rememberPageLanguages(request, template.languages);
        recordPublicRequest(context.events, request, {
          passId: null,
          templateId: template.id,
          projectId: template.projectId,
          type: 'preview',
          format: format || null,
        });
        if (format === 'qrcode') {
          const png = await linkQrPng(templateLink(context.config, template.id));
          return reply
            .header('content-type', 'image/png')
            .header('cache-control', 'private, no-cache')
            .send(png);
        }
        const language =
          preferredLanguage(request.headers['accept-language'], template.languages) ??
          template.languages[0] ??
          'en';
        const jsonTemplate = (template.jsonTemplate ?? {}) as Record<string, unknown>;
        const page = templateLandingPage({
          title: textOf(jsonTemplate.description, language) || template.name,
          organizationName: textOf(jsonTemplate.organizationName, language),
          language,
        });
        return sendPage(reply.header('vary', 'Accept-Language'), page);
      },
    );

    routes.post(
      '/t/:templateId',
      {
        schema: {
          operationId: 'claimTemplatePass',
          summary: 'Get a new pass of a distributable template',
          ...schema,
          description: 'Hands out a new pass of a distributable template; 303 to its link.',
        },
      },
      async (request, reply) => {
        const template = await distributableTemplate(context.db, request.params.templateId);
        rememberPageLanguages(request, template.languages);
        if (dynamicDataProblems(template, {}).length) {
          const page = messagePage(
            'This pass cannot be handed out',
            'The pass needs details that this link cannot fill in. Please ask the issuer for your pass.',
          );
          return sendPage(reply, page, 400);
        }
        const passId = await handOutPass(context, template);
        recordPublicRequest(context.events, request, {
          passId,
          templateId: template.id,
          projectId: template.projectId,
          type: 'preview',
          format: 'newpass',
        });
        // relative to /t/{templateId}: the new pass's link under the same base
        return reply
          .status(303)
          .header('location', `../${encodeURIComponent(passId)}`)
          .send();
      },
    );
  };
}
