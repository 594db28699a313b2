import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { DemoSummarySchema } from '../../../domain/schemas/demo';
import type { AppContext } from '../../kernel/appContext';
import { buildDemoProject, DEMO_PROJECT } from './buildDemoProject';
import { conflict, forbidden } from '../../kernel/http/errors';

/**
 * POST /v1/demo (administrators): makes the demo project in the server's own process, as `npm run demo-data` does
 * with the server stopped, so that the embedded database needs no stop; the console's home page calls it. One run
 * at a time per server: a second call meanwhile answers 409 (two runs would empty each other's project).
 */
export function demoRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    let running: { since: Date; by: string } | undefined;
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/demo',
      {
        schema: {
          operationId: 'createDemoProject',
          summary: 'Create the demo project',
          tags: ['demo'],
          description:
            `Administrators: creates the project "${DEMO_PROJECT}" (or replaces the content of an earlier one): a ` +
            'development signing certificate, a template of each pass style, 600 sample passes with a year of events, a ' +
            'stamp card, and the ticket e-shop "Open Air Nights" (storefront /shop/{eshopId}) with two products and one ' +
            'paid order of two tickets, placed through the checkout and the simulated bank. Takes some seconds; 409 ' +
            'while another run is going on.',
          response: { 201: DemoSummarySchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (request, reply) => {
        if (!request.viewer.isAdmin)
          throw forbidden({
            en: 'Creating the demo project is for administrators.',
            cs: 'Ukázkový projekt mohou vytvořit jen administrátoři.',
          });
        if (running) {
          const since = running.since.toISOString();
          throw conflict({
            en: `The demo project is being created already (started at ${since} by ${running.by}): wait until it is done, then reload.`,
            cs: `Ukázkový projekt se už vytváří (od ${since}, spustil(a) ${running.by}): počkejte, až bude hotový, a pak obnovte stránku.`,
          });
        }
        running = { since: new Date(), by: request.viewer.name };
        try {
          const summary = await buildDemoProject(context);
          request.log.info(
            { projectId: summary.projectId, passes: summary.passes, eshopId: summary.eshopId },
            `demo project ${summary.replaced ? 'replaced' : 'created'}`,
          );
          return await reply.status(201).send(summary);
        } finally {
          running = undefined;
        }
      },
    );
  };
}
