import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../domain/where';
import { ErrorSchema } from '../../../domain/schemas/common';
import { PushResultSchema } from '../../../domain/schemas/pushResult';
import type { AppContext } from '../../appContext';
import { IdParamsSchema } from '../../engine/listSchemas';
import { forbidden, notFound } from '../../http/errors';
import { pushResultRepository } from '../../repositories/pushResultRepository';
import { registrationRepository } from '../../repositories/registrationRepository';

const NEWEST = 100;

/** GET /v1/pass/{id}/pushResults (admins): what APNs answered to the newest 100 pushes of the pass. */
export function pushResultRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/pass/:id/pushResults',
      {
        schema: {
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
      async (request) => {
        if (!request.viewer.isAdmin) throw forbidden('Push results are shown to admins only.');
        const { id } = request.params;
        if (!isUuid(id) || !(await registrationRepository.findWalletPass(context.db, id)))
          throw notFound('Pass');
        const results = await pushResultRepository.newestOfPass(context.db, id, NEWEST);
        return results.map(({ id: resultId, deviceId, status, reason, createdAt }) => ({
          id: resultId,
          deviceId,
          status,
          reason,
          createdAt: createdAt.toISOString(),
        }));
      },
    );
  };
}
