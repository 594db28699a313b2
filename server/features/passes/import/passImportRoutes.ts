import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import { multipartBody } from '../../../kernel/http/multipartBody';
import {
  PassImportJobSchema,
  PassImportQuerySchema,
  PassImportReportSchema,
  PassImportStartedSchema,
} from '../../../../domain/schemas/passImport';
import type { AppContext } from '../../../kernel/appContext';
import { attachment } from '../../../kernel/http/attachment';
import { badRequest } from '../../../kernel/http/errors';
import { readUpload } from '../../../kernel/http/multipart';
import { handlePassImports, RESULT_HEADER } from './importJob';
import { passImportRepository } from './passImportRepository';
import { dryRunImport, importProgress, startImport, visibleImport } from './passImportService';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
};
const JobParams = Type.Object({ jobId: Type.String() });

/**
 * The import of passes from CSV: POST /v1/pass/import (a dry run's report, or a job), GET /v1/pass/import/{jobId}
 * (its progress) and …/result.csv (each row's pass and link, or its error).
 */
export function passImportRoutes(context: AppContext) {
  handlePassImports(context);
  const limit = context.config.importMaxBytes;
  return async (app: FastifyInstance) => {
    await app.register(multipart);
    const typed = app.withTypeProvider<TypeBoxTypeProvider>();
    typed.post(
      '/v1/pass/import',
      {
        schema: {
          tags: ['pass'],
          operationId: 'importPasses',
          summary: 'Import passes from a CSV file',
          description:
            'multipart/form-data with one CSV file in the field "file" (UTF-8 with or without BOM, or Windows-1250; ' +
            '"," or ";" detected from the header). The header names dynamicData keys (nested by "a.b"); an "id" ' +
            'column updates the passes it names (their dynamicData merged). With dryRun=true answers a report per ' +
            'row and writes nothing; otherwise answers 202 with the job that imports the file. ' +
            `At most ${limit} bytes.`,
          ...multipartBody({ file: 'The CSV file' }),
          querystring: PassImportQuerySchema,
          response: {
            200: PassImportReportSchema,
            202: PassImportStartedSchema,
            422: ErrorSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const call = { app: context, viewer: request.viewer };
        const { templateId, dryRun } = request.query;
        const upload = await readUpload(request, {
          maxFileBytes: limit,
          tooLarge: {
            en: `The file is larger than the import's limit of ${limit} bytes (IMPORT_MAX_BYTES); split it into smaller files.`,
            cs: `Soubor je větší než limit importu ${limit} bajtů (IMPORT_MAX_BYTES); rozdělte ho na menší soubory.`,
          },
        });
        if (!upload.file)
          throw badRequest({
            en: 'Send the CSV file in the field named "file".',
            cs: 'Pošlete soubor CSV v poli s názvem "file".',
          });
        if (dryRun) return dryRunImport(call, templateId, upload.file.data);
        return reply.status(202).send(await startImport(call, templateId, upload.file.data));
      },
    );
    typed.get(
      '/v1/pass/import/:jobId',
      {
        schema: {
          tags: ['pass'],
          operationId: 'getPassImport',
          summary: "An import's progress",
          params: JobParams,
          response: { 200: PassImportJobSchema, ...errors },
        },
      },
      (request) => importProgress({ app: context, viewer: request.viewer }, request.params.jobId),
    );
    typed.get(
      '/v1/pass/import/:jobId/result.csv',
      {
        schema: {
          tags: ['pass'],
          operationId: 'getPassImportResult',
          summary: "An import's result file",
          description: 'CSV: row, passId, url (the public link) or error, for each row handled so far.',
          params: JobParams,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const found = await visibleImport({ app: context, viewer: request.viewer }, request.params.jobId);
        async function* lines() {
          yield `${RESULT_HEADER}\r\n`;
          for await (const chunk of passImportRepository.resultLines(context.db, found.id))
            yield `${chunk}\r\n`;
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`import-${found.id}.csv`))
          .send(Readable.from(lines()));
      },
    );
  };
}
