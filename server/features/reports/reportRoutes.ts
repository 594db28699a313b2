import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import {
  ActivityReportSchema,
  LinksReportSchema,
  REPORT_TYPES,
  ReportQuerySchema,
  ReportTemplatesQuerySchema,
  ReportTemplatesSchema,
  RowsReportSchema,
  StampsReportSchema,
  TaggedReportSchema,
} from '../../../domain/schemas/report';
import type { AppContext } from '../../kernel/appContext';
import { reportService } from './reportService';

const ReportParamsSchema = Type.Object({
  serviceType: Type.String({ description: `one of ${REPORT_TYPES.join(', ')}` }),
});

/**
 * GET /v1/report/{serviceType} (admins, or PASS_READ on where.projectId): the reports of spec section 7, read from
 * aggregates kept as events arrive; GET /v1/report/templates: the templates those reports can be filtered by.
 */
export function reportRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/report/templates',
      {
        schema: {
          operationId: 'listReportTemplates',
          summary: 'List the templates a report can filter by',
          tags: ['report'],
          description:
            "The templates of the project's passes (id and name), by name: what a report can be filtered by. Admins, or PASS_READ on the project (no TEMPLATE_READ needed); another project answers 404.",
          querystring: ReportTemplatesQuerySchema,
          response: {
            200: ReportTemplatesSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
          },
        },
      },
      (request) => reportService.templates(context.db, request.viewer, request.query.projectId),
    );
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/report/:serviceType',
      {
        schema: {
          operationId: 'getReport',
          summary: 'Get a report',
          tags: ['report'],
          description:
            'A report over [from, to) in daily, weekly (ISO) or monthly intervals at a whole UTC offset: register_in_wallet and at_least_once_register_in_wallet answer rows, preview and download counts per tag, links clicks per url, activity per project, stamps the stamps and rewards given at the till.',
          params: ReportParamsSchema,
          querystring: ReportQuerySchema,
          response: {
            200: Type.Union([
              RowsReportSchema,
              TaggedReportSchema,
              LinksReportSchema,
              ActivityReportSchema,
              StampsReportSchema,
            ]),
            400: ErrorSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
          },
        },
      },
      (request) =>
        reportService.report(context.db, request.viewer, request.params.serviceType, request.query),
    );
  };
}
