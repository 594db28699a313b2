import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuditListSchema, AuditQuerySchema } from '../../../domain/schemas/audit';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../appContext';
import { forbidden } from '../http/errors';
import { auditPage } from './auditService';

/** `GET /v1/audit`: the audit trail across resources, for administrators, filtered by resource, row, user, time. */
export function auditRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/audit',
      {
        schema: {
          operationId: 'listAuditEntries',
          summary: 'List the audit trail',
          tags: ['audit'],
          description: 'Every write through the resource APIs, newest first (administrators only).',
          querystring: AuditQuerySchema,
          response: { 200: AuditListSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (request) => {
        if (!request.viewer.isAdmin) throw forbidden();
        const { page, limit, from, to, ...filter } = request.query;
        return auditPage(
          context.db,
          { ...filter, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
          { page, limit },
        );
      },
    );
  };
}
