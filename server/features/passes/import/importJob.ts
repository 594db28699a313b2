import { csvLine } from '../../../../domain/csvCell';
import { IMPORT_MAX_ERRORS } from '../../../../domain/schemas/passImport';
import type { Viewer } from '../../../../domain/schemas/user';
import type { AppContext } from '../../../kernel/appContext';
import type { Db } from '../../../kernel/db/database';
import { runBatch, type BatchResult } from '../../../kernel/engine/batch';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import {
  announcePassChanges,
  announcePassChangesEnd,
  collectPassChanges,
  type PassChangeBatch,
} from '../passChanges';
import { passDefinition } from '../passResource';
import { templateRepository } from '../templateRepository';
import { csvRecords, CsvFileError } from './csvRecords';
import type { PreparedRow } from './importRows';
import { passImportRepository, type ImportCounts } from './passImportRepository';
import { checkedChunks, PASS_IMPORT_JOB } from './passImportService';

/** The result file's header; each line: the row, the pass's id and public link, or the row's error. */
export const RESULT_HEADER = csvLine(['row', 'passId', 'url', 'error']);

/** How many chunks are written at once on PostgreSQL (a pool of connections); PGlite has one. */
const CHUNKS_AT_ONCE = 3;

/** How many rows of a chunk are written at once on PostgreSQL (a pool of connections); PGlite has one. */
const PARALLEL_ROWS = 8;

/** The data rows of the file (the header not counted), for the progress bar. */
async function countRows(data: Buffer): Promise<number> {
  let rows = -1;
  try {
    for await (const _record of csvRecords(data)) rows += 1;
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
  }
  return Math.max(rows, 0);
}

/** The batch item of a row: a new pass of the template, or a merge of its cells into the pass it names. */
const batchItem = (templateId: string, row: PreparedRow) =>
  row.id
    ? { method: 'PATCH' as const, id: row.id, data: { dynamicData: row.dynamicData } }
    : { method: 'POST' as const, data: { templateId, dynamicData: row.dynamicData } };

/**
 * Writes rows through the engine's batch (each as POST or PATCH of the API would), `parallel` at a time. The rows
 * share their reads of the template and its certificate (sharedRead): one read per chunk, not per row.
 */
async function writeRows(
  chunkCall: CallContext,
  templateId: string,
  rows: PreparedRow[],
  parallel: number,
): Promise<BatchResult[]> {
  const call: CallContext = { ...chunkCall, shared: new Map() };
  const results: BatchResult[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      [results[index]] = await runBatch(passDefinition, call, [batchItem(templateId, rows[index])]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, rows.length) }, worker));
  return results;
}

/**
 * Writes a chunk's rows, then saves its outcome (`save`, given the database handle to save in) and announces the
 * passes it updated (announcePassChanges: one push campaign of the import carries them) in one transaction: a chunk
 * whose outcome is kept is announced, and one that is not is written again by the job's retry, and announced then.
 * On PostgreSQL the rows are written in that transaction too: one commit for 500 passes, and a resumed import
 * neither repeats nor loses a row. Should a row's statement fail there (which aborts the transaction), the chunk is
 * written again row by row, as on PGlite, whose one connection must stay free for the hooks a write runs; the
 * changes collected by the rolled-back attempt are dropped.
 */
async function writeChunk<T>(
  context: AppContext,
  viewer: Viewer,
  batch: PassChangeBatch,
  rows: PreparedRow[],
  save: (db: Db, written: BatchResult[]) => Promise<T>,
): Promise<T> {
  const postgres = context.databaseKind === 'postgres';
  const { templateId } = batch;
  const kept = async (trx: Db, written: BatchResult[], changed: Set<string>) => {
    const saved = await save(trx, written);
    await announcePassChanges(context, trx, [...changed], batch);
    return saved;
  };
  const committed = async (): Promise<T> => {
    if (postgres) {
      try {
        return await context.db.transaction().execute(async (trx) => {
          const { context: writing, changed } = collectPassChanges(context, trx);
          return kept(trx, await writeRows({ app: writing, viewer }, templateId, rows, 1), changed);
        });
      } catch {
        // written again below, each row on its own
      }
    }
    const { context: writing, changed } = collectPassChanges(context);
    const written = await writeRows({ app: writing, viewer }, templateId, rows, postgres ? PARALLEL_ROWS : 1);
    return context.db.transaction().execute((trx) => kept(trx, written, changed));
  };
  const saved = await committed();
  // the chunk's pushes, and the webhook deliveries its writes stored in its transaction (the engine wakes the
  // sender only after a transaction of its own)
  context.jobs.wake();
  if (rows.length) context.integrationEvents.wake();
  return saved;
}

/** A chunk's result lines and what it counted. */
function outcomeOf(rows: PreparedRow[], valid: PreparedRow[], written: BatchResult[]) {
  const counts: ImportCounts = { done: rows.length, created: 0, updated: 0, failed: 0, errors: [] };
  const writtenOf = new Map(valid.map((row, index) => [row, written[index]]));
  const lines: string[] = [];
  for (const row of rows) {
    const result = writtenOf.get(row);
    if (result?.data) {
      if (row.id) counts.updated += 1;
      else counts.created += 1;
      lines.push(csvLine([row.row, result.id, result.data.url, '']));
      continue;
    }
    const rowErrors = row.errors.length
      ? row.errors
      : [{ row: row.row, column: null, message: result?.status.message.join('; ') ?? 'Not written.' }];
    if (counts.errors.length < IMPORT_MAX_ERRORS) counts.errors.push(...rowErrors);
    counts.failed += 1;
    lines.push(csvLine([row.row, row.id ?? '', '', rowErrors.map((error) => error.message).join('; ')]));
  }
  return { lines: lines.join('\r\n'), counts };
}

/**
 * Runs an import: counts the rows, then reads the file again in chunks, writes each chunk's valid rows through the
 * pass API's own path (runBatch: rights, validation, audit, the pass's hooks) and stores the chunk's result lines
 * with its counts. On PostgreSQL up to CHUNKS_AT_ONCE chunks are written side by side, each in its own transaction
 * (the file is read while they write); PGlite writes one at a time. A retried job skips the chunks stored; a file
 * error (a broken quote) ends it as failed, the rows before it imported.
 */
export async function runImport(context: AppContext, importId: string, viewer: Viewer): Promise<void> {
  const found = await passImportRepository.find(context.db, importId);
  if (!found || found.state === 'done' || found.state === 'failed') return;
  const { db, storage } = context;
  const batch: PassChangeBatch = {
    cause: 'import',
    importId,
    templateId: found.templateId,
    createdBy: viewer.id,
  };
  const fail = async (message: string, row = 1) => {
    await announcePassChangesEnd(context, batch);
    const now = (await passImportRepository.find(db, importId)) ?? found;
    const errors = [...now.errors, { row, column: null, message }].slice(0, IMPORT_MAX_ERRORS);
    await passImportRepository.setState(db, importId, 'failed', { errors });
    await storage.remove(found.fileKey);
  };
  const template = await templateRepository.findLive(db, found.templateId);
  const data = await storage.get(found.fileKey);
  if (!template || !data)
    return fail(template ? 'The file of the import is gone.' : 'The template was deleted.');
  await passImportRepository.setState(db, importId, 'running', { rows: await countRows(data) });
  const stored = await passImportRepository.storedChunks(db, importId);
  const call: CallContext = { app: context, viewer };
  const atOnce = context.databaseKind === 'postgres' ? CHUNKS_AT_ONCE : 1;
  const writing = new Set<Promise<void>>();
  let chunk = -1;
  try {
    for await (const { rows } of checkedChunks(call, template, data)) {
      if (rows.length === 0) continue;
      chunk += 1;
      if (stored.has(chunk)) continue;
      const valid = rows.filter((row) => row.errors.length === 0);
      const index = chunk;
      const written = writeChunk(context, viewer, batch, valid, async (handle, results) => {
        const outcome = outcomeOf(rows, valid, results);
        await passImportRepository.saveChunk(handle, importId, index, outcome.lines, outcome.counts);
      }).finally(() => writing.delete(written));
      // its failure is met by the race or the wait below; until then it is no unhandled rejection
      written.catch(() => undefined);
      writing.add(written);
      if (writing.size >= atOnce) await Promise.race(writing);
    }
  } catch (error) {
    await Promise.allSettled(writing);
    if (!(error instanceof CsvFileError)) throw error;
    return fail(error.problem.en, error.row ?? 1);
  }
  await Promise.all(writing);
  await announcePassChangesEnd(context, batch);
  await passImportRepository.setState(db, importId, 'done');
  await storage.remove(found.fileKey);
}

/**
 * Registers the import job's handler.
 *
 * @example handlePassImports(context)
 */
export function handlePassImports(context: AppContext): void {
  context.jobs.handle(PASS_IMPORT_JOB, (payload) =>
    runImport(context, String(payload.importId), payload.viewer as Viewer),
  );
}
