import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuditListSchema, HistoryQuerySchema } from '../../../domain/schemas/audit';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../appContext';
import { auditPage } from '../audit/auditService';
import { readableRow } from './crudService';
import { IdParamsSchema } from './listSchemas';
import { crudOperations } from './operationNames';
import type { ResourceDefinition } from './resourceDefinition';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Registers `/v1/{resource}/{id}/history`: the row's audit trail, newest first, for whoever may read the row
 * (deleted or not); 404 otherwise, exactly as the row.
 *
 * @example registerHistoryRoute(app, context, templateDefinition)
 */
export function registerHistoryRoute(
  app: FastifyInstance,
  context: AppContext,
  definition: ResourceDefinition,
) {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `/v1/${definition.descriptor.name}/:id/history`,
    {
      schema: {
        tags: [definition.descriptor.name],
        ...crudOperations(definition.descriptor.name, definition.descriptor.label).history,
        description:
          'The changes of the row, newest first: who, when, which action, each changed field before and after.',
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (request) => {
      const call = { app: context, viewer: request.viewer };
      const row = await readableRow(definition, call, request.params.id, { includeDeleted: true });
      return auditPage(context.db, { resource: definition.descriptor.name, rowId: row.id }, request.query);
    },
  );
}
