import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';

/** The most columns a file may have: the header's cells (a million columns answers 400 at once). */
export const IMPORT_MAX_COLUMNS = 500;
/** The longest cell, in characters. */
export const IMPORT_MAX_CELL_LENGTH = 10_000;
/** The errors a report or an import lists; the count (`errorCount`) tells how many there were in all. */
export const IMPORT_MAX_ERRORS = 1000;

export const PassImportQuerySchema = Type.Object({
  templateId: Uuid({
    description: 'the template the passes are made of (and an `id` column updates passes of)',
  }),
  dryRun: Type.Optional(
    Type.Boolean({ description: 'true: answers the per-row report and writes nothing', default: false }),
  ),
});

/** One problem of a file: its spreadsheet row (the header is row 1) and the column to blame, if any. */
export const PassImportErrorSchema = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  column: Nullable(Type.String()),
  message: Type.String(),
});
export type PassImportError = Static<typeof PassImportErrorSchema>;

/** The dry run's answer: what an import of the file would do, nothing written. */
export const PassImportReportSchema = Type.Object({
  rows: Type.Integer({ description: 'data rows (the header not counted)' }),
  valid: Type.Integer({ description: 'rows that would be imported' }),
  columns: Type.Array(Type.String(), { description: 'the header, as read' }),
  errors: Type.Array(PassImportErrorSchema, { description: `the first ${IMPORT_MAX_ERRORS} errors` }),
  errorCount: Type.Integer({ description: 'all errors, also those beyond the list' }),
});
export type PassImportReport = Static<typeof PassImportReportSchema>;

export const PassImportStartedSchema = Type.Object({ jobId: Uuid() });

export const PASS_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** An import's progress and result; `result.csv` beside it lists each row's pass and link, or its error. */
export const PassImportJobSchema = Type.Object({
  id: Uuid(),
  templateId: Uuid(),
  state: Type.Union(PASS_IMPORT_STATES.map((state) => Type.Literal(state))),
  rows: Type.Integer({ description: 'data rows of the file (known once it was read)' }),
  done: Type.Integer({ description: 'rows handled so far' }),
  created: Type.Integer(),
  updated: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(PassImportErrorSchema, { description: `the first ${IMPORT_MAX_ERRORS} errors` }),
  pushCampaignId: Nullable(
    Uuid({
      description:
        'the push campaign (pushCampaign) that tells the devices of the passes it updated; null until a row updates a pass',
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type PassImportJob = Static<typeof PassImportJobSchema>;
