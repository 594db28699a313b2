import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { problemsIn } from '../../../domain/problem';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../../kernel/appContext';
import { readableRow } from '../../kernel/engine/crudService';
import { IdParamsSchema } from '../../kernel/engine/listSchemas';
import { messageLanguageOf, notFound, type MessageLanguage } from '../../kernel/http/errors';
import { passDefinition } from './passResource';
import { templateDefinition } from './templateResource';
import { createPassPackager } from './pkpass/passPackager';
import type { PreflightReport } from './pkpass/problems';

const ProblemSchema = Type.Object({ path: Type.String(), message: Type.String() });
const PreflightSchema = Type.Object({
  errors: Type.Array(ProblemSchema),
  warnings: Type.Array(ProblemSchema),
  developmentSigned: Type.Optional(
    Type.Boolean({
      description:
        'true when the pass signs only with a development certificate: it downloads, iPhones do not accept it',
    }),
  ),
});
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** A report as the request reads it: each message in the language it asks for (Accept-Language). */
const reportIn = (report: PreflightReport, language: MessageLanguage): PreflightReport => ({
  ...report,
  errors: problemsIn(report.errors, language),
  warnings: problemsIn(report.warnings, language),
});

/** Pre-flight of Apple Wallet passes: what would stop a pass from signing (errors) or show badly (warnings). */
export function preflightRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const checks = createPassPackager(context);

    routes.get(
      '/v1/template/:id/preflight',
      {
        schema: {
          operationId: 'preflightTemplate',
          summary: "Check a template against Apple Wallet's rules",
          tags: ['template'],
          description:
            "The template's Apple Wallet pre-flight, as for a pass without dynamic data: errors stop signing, warnings do not. Messages in Czech when Accept-Language prefers it.",
          params: IdParamsSchema,
          response: { 200: PreflightSchema, ...errors },
        },
      },
      async (request) => {
        const row = await readableRow(
          templateDefinition,
          { app: context, viewer: request.viewer },
          request.params.id,
        );
        const report = await checks.templatePreflight(row.id);
        if (!report) throw notFound('Template');
        return reportIn(report, messageLanguageOf(request));
      },
    );

    routes.get(
      '/v1/pass/:id/preflight',
      {
        schema: {
          operationId: 'preflightPass',
          summary: "Check a pass against Apple Wallet's rules",
          tags: ['pass'],
          description:
            "The pass's Apple Wallet pre-flight: errors stop signing (409 on download), warnings do not. Messages in Czech when Accept-Language prefers it.",
          params: IdParamsSchema,
          response: { 200: PreflightSchema, ...errors },
        },
      },
      async (request) => {
        const row = await readableRow(
          passDefinition,
          { app: context, viewer: request.viewer },
          request.params.id,
        );
        return reportIn(await checks.passPreflight(row.id), messageLanguageOf(request));
      },
    );
  };
}
