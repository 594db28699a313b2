import crypto from 'node:crypto';
import { holdsOn } from '../../../../domain/rights';
import { passResource } from '../../../../domain/schemas/pass';
import {
  IMPORT_MAX_ERRORS,
  type PassImportError,
  type PassImportJob,
  type PassImportReport,
} from '../../../../domain/schemas/passImport';
import { isUuid } from '../../../../domain/where';
import type { TemplateRow } from '../../../kernel/db/tables';
import { refusalOf } from '../../../kernel/engine/accessRules';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { HttpError, badRequest, forbidden, notFound } from '../../../kernel/http/errors';
import { templateRepository } from '../templateRepository';
import { refuseExpiredCertificate } from '../certificates/certificateExpiry';
import { csvRecords, CsvFileError, type CsvRecord } from './csvRecords';
import { prepareRow, readHeader, type ImportHeader, type PreparedRow } from './importRows';
import { passImportRepository } from './passImportRepository';
import { checkRows } from './rowChecks';

/** Rows read, checked and written together: one lookup of the passes they update, one progress update. */
export const IMPORT_CHUNK_ROWS = 500;

/** The job that writes an import's passes. */
export const PASS_IMPORT_JOB = 'passImport';

/** A file error as an HTTP answer: 400 naming the row. */
const asHttpError = (error: unknown) => (error instanceof CsvFileError ? badRequest(error.problem) : error);

/**
 * The template of an import the viewer may run: live, of a project of theirs (else 404, as if it did not exist),
 * where they may create passes (else 403).
 */
export async function importTemplate(call: CallContext, templateId: string): Promise<TemplateRow> {
  const template = isUuid(templateId)
    ? await templateRepository.findLive(call.app.db, templateId)
    : undefined;
  const { viewer } = call;
  if (!template || !(viewer.isAdmin || viewer.projects[template.projectId] !== undefined))
    throw notFound('Template');
  if (!holdsOn(viewer, passResource.access.create, template.projectId))
    throw forbidden(refusalOf(passResource, 'create', "the template's project"));
  await refuseExpiredCertificate(call, template.certificateId);
  return template;
}

/** Updating passes by an `id` column needs the update right too. */
function checkUpdateRight(call: CallContext, template: TemplateRow, header: ImportHeader): void {
  if (header.hasId && !holdsOn(call.viewer, passResource.access.update, template.projectId))
    throw forbidden(refusalOf(passResource, 'update', "the template's project"));
}

/** The file's header and its data rows in checked chunks; file errors (a broken quote) thrown as CsvFileError. */
export async function* checkedChunks(
  call: CallContext,
  template: TemplateRow,
  data: Buffer,
): AsyncGenerator<{ header: ImportHeader; rows: PreparedRow[] }> {
  const records = csvRecords(data);
  const first = await records.next();
  if (first.done)
    throw new CsvFileError(
      { en: 'The file is empty: it needs a header row.', cs: 'Soubor je prázdný: potřebuje řádek záhlaví.' },
      1,
    );
  const header = readHeader(template.dynamicDataJsonSchema, first.value as CsvRecord);
  checkUpdateRight(call, template, header);
  let rows: PreparedRow[] = [];
  const flush = async () => {
    await checkRows(call.app.db, template, header, rows);
    const chunk = rows;
    rows = [];
    return { header, rows: chunk };
  };
  yield { header, rows: [] };
  try {
    for await (const record of records) {
      rows.push(prepareRow(header, record));
      if (rows.length >= IMPORT_CHUNK_ROWS) yield await flush();
    }
  } finally {
    // the rows read before a file error (a broken quote) are handled before the error ends the reading
    if (rows.length) yield await flush();
  }
}

/** Adds errors to a capped list; answers how many were given. */
function collect(list: PassImportError[], errors: PassImportError[]): number {
  for (const error of errors) if (list.length < IMPORT_MAX_ERRORS) list.push(error);
  return errors.length;
}

/**
 * The dry run: what importing the file would do, row by row (every check of the real import, the pass API's
 * validator included), with nothing written.
 *
 * @example await dryRunImport(call, templateId, file)
 */
export async function dryRunImport(
  call: CallContext,
  templateId: string,
  data: Buffer,
): Promise<PassImportReport> {
  const template = await importTemplate(call, templateId);
  const report: PassImportReport = { rows: 0, valid: 0, columns: [], errors: [], errorCount: 0 };
  let headerBroken = false;
  try {
    for await (const { header, rows } of checkedChunks(call, template, data)) {
      if (rows.length === 0) {
        report.columns = header.names;
        headerBroken = header.errors.length > 0;
        report.errorCount += collect(report.errors, header.errors);
      }
      report.rows += rows.length;
      for (const row of rows) {
        if (row.errors.length === 0 && !headerBroken) report.valid += 1;
        report.errorCount += collect(report.errors, row.errors);
      }
    }
  } catch (error) {
    if (!(error instanceof CsvFileError) || error.row === null || error.row === 1) throw asHttpError(error);
    // a broken quote: the rows before it are reported, and the row where reading stopped
    report.errorCount += collect(report.errors, [
      { row: error.row, column: null, message: error.problem.en },
    ]);
  }
  return report;
}

/**
 * Starts an import: the header checked now (an unknown column answers 422 naming it), the file stored, and a job
 * queued that writes the passes; answers the job's id for GET …/import/{jobId}.
 *
 * @example const { jobId } = await startImport(call, templateId, file)
 */
export async function startImport(
  call: CallContext,
  templateId: string,
  data: Buffer,
): Promise<{ jobId: string }> {
  const template = await importTemplate(call, templateId);
  try {
    for await (const { header } of checkedChunks(call, template, data)) {
      if (header.errors.length)
        throw new HttpError(422, {
          en: `The header does not fit the template: ${header.errors.map((error) => error.message).join(' ')}`,
          cs: `Záhlaví neodpovídá šabloně: ${header.errors.map((error) => error.message).join(' ')}`,
        });
      break;
    }
  } catch (error) {
    throw asHttpError(error);
  }
  const { app, viewer } = call;
  const id = crypto.randomUUID();
  const fileKey = `imports/${id}.csv`;
  await app.storage.put(fileKey, data);
  await app.db.transaction().execute(async (trx) => {
    await passImportRepository.insert(trx, {
      id,
      projectId: template.projectId,
      templateId: template.id,
      userId: viewer.id,
      fileKey,
    });
    await app.jobs.enqueue(trx, { kind: PASS_IMPORT_JOB, payload: { importId: id, viewer }, maxAttempts: 3 });
  });
  app.jobs.wake();
  return { jobId: id };
}

/** The import as its owner's project sees it; another project's (or an unknown id) answers 404. */
export async function visibleImport(call: CallContext, jobId: string) {
  const found = isUuid(jobId) ? await passImportRepository.find(call.app.db, jobId) : undefined;
  const { viewer } = call;
  if (!found || !holdsOn(viewer, passResource.access.read, found.projectId))
    throw new HttpError(404, { en: 'The import was not found.', cs: 'Import nebyl nalezen.' });
  return found;
}

/** An import's progress and first errors. */
export async function importProgress(call: CallContext, jobId: string): Promise<PassImportJob> {
  const row = await visibleImport(call, jobId);
  return {
    id: row.id,
    templateId: row.templateId,
    state: row.state,
    rows: row.rows,
    done: row.done,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    errors: row.errors,
    pushCampaignId: row.pushCampaignId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
