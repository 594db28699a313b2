import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { JobSchema, jobResource } from '../../../domain/schemas/job';
import type { AppContext } from '../appContext';
import { entityOf, readableRow } from '../engine/crudService';
import { IdParamsSchema } from '../engine/listSchemas';
import { writeRecordedRow } from '../engine/recordedRowWrite';
import { conflict, forbidden } from '../http/errors';
import { jobRepository } from './jobRepository';
import { jobDefinition } from './jobDefinition';

/**
 * POST /v1/job/{id}/retry (admins): a failed job runs again at once, with all its attempts; 409 for a job in
 * another state (it is still to run, or done).
 */
export function jobRetryRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const definition = jobDefinition;
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/job/:id/retry',
      {
        schema: {
          operationId: 'retryJob',
          summary: 'Run a failed job again',
          tags: [jobResource.name],
          description: 'Admins: runs a failed job again, with all its attempts.',
          params: IdParamsSchema,
          response: {
            200: JobSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
          },
        },
      },
      async (request) => {
        if (!request.viewer.isAdmin)
          throw forbidden({
            en: 'Retrying a job is for administrators.',
            cs: 'Opakovat úlohu mohou jen administrátoři.',
          });
        const call = { app: context, viewer: request.viewer };
        const before = await readableRow(definition, call, request.params.id);
        const retried = await writeRecordedRow(call, definition, before, (trx) =>
          jobRepository.retry(trx, before.id),
        );
        if (!retried)
          throw conflict({
            en: `Only a failed job can be retried; this ${before.kind} job is ${before.state}.`,
            cs: `Znovu lze zkusit jen selhanou úlohu; tato úloha ${before.kind} je ve stavu ${before.state}.`,
          });
        context.jobs.wake();
        return entityOf(definition, context.config, retried);
      },
    );
  };
}
