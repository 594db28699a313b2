import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Right, can } from '../../../../domain/rights';
import { ErrorSchema } from '../../../../domain/schemas/common';
import {
  PushCampaignSchema,
  pushCampaignResource,
  type PushCampaign,
} from '../../../../domain/schemas/pushCampaign';
import type { AppContext } from '../../../kernel/appContext';
import type { PushCampaignRow } from '../../../kernel/db/tables';
import { entityOf, readableRow } from '../../../kernel/engine/crudService';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import type { ResourceDefinition } from '../../../kernel/engine/resourceDefinition';
import { conflict, forbidden } from '../../../kernel/http/errors';
import { pushCampaignRepository } from './pushCampaignRepository';

/** Campaigns: read-only through the engine (served from the declaration); the job queue writes them. */
export const pushCampaignDefinition: ResourceDefinition<PushCampaignRow, PushCampaign> = {
  descriptor: pushCampaignResource,
};

/**
 * POST /v1/pushCampaign/{id}/cancel (TEMPLATE_UPDATE on its project): a running campaign stops; its chunks not yet
 * sent are skipped (a chunk being sent finishes and is counted).
 */
export function pushCampaignRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/pushCampaign/:id/cancel',
      {
        schema: {
          tags: [pushCampaignResource.name],
          operationId: 'cancelPushCampaign',
          summary: 'Cancel a running push campaign',
          description:
            'The pushes of the campaign not yet sent are not sent; those sent stay counted. 409 when it no longer runs.',
          params: IdParamsSchema,
          response: {
            200: PushCampaignSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
          },
        },
      },
      async (request) => {
        const call = { app: context, viewer: request.viewer };
        const campaign = await readableRow(pushCampaignDefinition, call, request.params.id);
        if (!can(request.viewer, Right.TEMPLATE_UPDATE, campaign.projectId))
          throw forbidden({
            en: 'Cancelling a push campaign needs the TEMPLATE_UPDATE right on its project.',
            cs: 'Zrušení rozesílání vyžaduje právo TEMPLATE_UPDATE na jeho projektu.',
          });
        if (!(await pushCampaignRepository.cancel(context.db, campaign.id)))
          throw conflict({
            en: 'This push campaign no longer runs: it is done or was cancelled.',
            cs: 'Toto rozesílání už neběží: je hotové nebo bylo zrušeno.',
          });
        const row = await pushCampaignRepository.find(context.db, campaign.id);
        return entityOf(pushCampaignDefinition, context.config, row ?? campaign);
      },
    );
  };
}
