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
import { pushCampaignRepository } from './pushCampaignRepository';
import { pushServiceOf } from './pushService';

/** How long the answer waits for a small campaign to end (the console then shows what was sent). */
const ANSWER_WITHIN_MS = 2000;

/** A campaign that has planned more pushes than this is answered at once: it goes on in the background. */
const WAIT_FOR_PUSHES_AT_MOST = 500;

/** How often the answer looks at the campaign's counters while it waits. */
const LOOK_EVERY_MS = 25;

const PushSummarySchema = Type.Object({
  passes: Type.Integer({
    description: 'live passes of the template given a new update tag so far (all of them once complete)',
  }),
  devices: Type.Integer({
    description:
      'pushes to registered devices (one per device and pass type) planned so far, as the passes are planned',
  }),
  sent: Type.Integer({ description: 'pushes APNs accepted so far' }),
  failed: Type.Integer({ description: 'pushes APNs refused or did not answer (after the retries) so far' }),
  complete: Type.Boolean({
    description: 'false: the rest is being planned and sent by the job queue (follow the campaign)',
  }),
  campaignId: Type.String({ format: 'uuid', description: 'the push campaign (GET /v1/pushCampaign/{id})' }),
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
          operationId: 'pushTemplatePasses',
          summary: "Push updates of a template's passes to wallets",
          tags: ['template'],
          description:
            'Tells the wallets holding the passes of the template to update them: starts a push campaign (superseding a running one of the template) and answers once it is done, after about 2 s, or at once when it has over 500 devices to push; the rest of a large push goes on in the background, its progress in the campaign.',
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
        const { campaignId } = await pushServiceOf(context).pushTemplate(template.id, {
          createdBy: request.viewer.id,
        });
        const until = Date.now() + ANSWER_WITHIN_MS;
        for (;;) {
          const campaign = await pushCampaignRepository.find(context.db, campaignId);
          if (!campaign) throw new Error(`The push campaign ${campaignId} vanished.`);
          const { passes, devices, sent, failed, status } = campaign;
          const complete = status !== 'running';
          if (complete || devices > WAIT_FOR_PUSHES_AT_MOST || Date.now() >= until)
            return { passes, devices, sent, failed, complete, campaignId };
          await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
        }
      },
    );
  };
}
