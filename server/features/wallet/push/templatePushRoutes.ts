import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Right, can } from '../../../../domain/rights';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { readableRow } from '../../../kernel/engine/crudService';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import { forbidden } from '../../../kernel/http/errors';
import { templateDefinition } from '../../passes';
import { pushServiceOf, type PushProgress } from './pushService';

/** How long the answer waits for the push job; a large template's goes on after it. */
const ANSWER_WITHIN_MS = 2000;

const PushSummarySchema = Type.Object({
  passes: Type.Integer({ description: 'live passes of the template, all given a new update tag' }),
  devices: Type.Integer({ description: 'registered devices to notify' }),
  sent: Type.Integer({ description: 'pushes APNs accepted so far' }),
  failed: Type.Integer({ description: 'pushes APNs refused or did not answer so far' }),
  complete: Type.Boolean({ description: 'false: the rest is being sent by the job queue' }),
});

/**
 * GET /v1/template/{id}/push (TEMPLATE_UPDATE): every live pass of the template changes its update tag, and every
 * device holding one gets an Apple Wallet push. The console calls it after the template was saved.
 */
export function templatePushRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/template/:id/push',
      {
        schema: {
          tags: ['template'],
          description:
            'Tells the wallets holding the passes of the template to update them; answers within about 2 s, the rest of a large push goes on in the background.',
          params: IdParamsSchema,
          response: { 200: PushSummarySchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request) => {
        const template = await readableRow(
          templateDefinition,
          { app: context, viewer: request.viewer },
          request.params.id,
        );
        if (!can(request.viewer, Right.TEMPLATE_UPDATE, String(template.projectId)))
          throw forbidden({
            en: 'Pushing a template needs the TEMPLATE_UPDATE right on its project.',
            cs: 'Odeslání šablony vyžaduje právo TEMPLATE_UPDATE na jejím projektu.',
          });
        const { progress, jobId } = await pushServiceOf(context).pushTemplate(template.id);
        const outcome = jobId ? await context.jobs.outcome(jobId, ANSWER_WITHIN_MS) : { finished: false };
        if (!outcome.finished) return { ...progress, complete: false };
        const { sent, failed } = (outcome as { result: PushProgress }).result;
        return { ...progress, sent, failed, complete: true };
      },
    );
  };
}
