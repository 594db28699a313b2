import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import { PushResultSchema } from '../../../../domain/schemas/pushResult';
import type { AppContext } from '../../../kernel/appContext';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import { newestPushResultsOfPass } from './pushResults';

/** GET /v1/pass/{id}/pushResults (admins): what APNs answered to the newest 100 pushes of the pass. */
export function pushResultRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/pass/:id/pushResults',
      {
        schema: {
          operationId: 'listPassPushResults',
          summary: "List a pass's Apple Wallet push results",
          tags: ['pass'],
          description: 'Admins: the newest 100 Apple Wallet push results of the pass, newest first.',
          params: IdParamsSchema,
          response: {
            200: Type.Array(PushResultSchema),
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
          },
        },
      },
      (request) => newestPushResultsOfPass({ app: context, viewer: request.viewer }, request.params.id),
    );
  };
}
