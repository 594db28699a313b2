import { sql } from 'kysely';
import { IMPORT_MAX_ERRORS } from '../../../../domain/schemas/passImport';
import type { Db } from '../../../kernel/db/database';
import type { PassImportError, PassImportRow, PassImportState } from '../../../kernel/db/tables';

/** How many chunks of result lines are read at a time when the result file is sent. */
const CHUNKS_PER_READ = 20;

/** What a chunk of an import counted (added to the import's counts when the chunk is stored). */
export interface ImportCounts {
  done: number;
  created: number;
  updated: number;
  failed: number;
  errors: PassImportError[];
}

/** The SQL of pass imports: their rows, the chunks of their result files, and the passes an import updates. */
export const passImportRepository = {
  async insert(
    db: Db,
    values: { id: string; projectId: string; templateId: string; userId: string; fileKey: string },
  ): Promise<void> {
    await db.insertInto('passImport').values(values).execute();
  },

  find(db: Db, id: string): Promise<PassImportRow | undefined> {
    return db.selectFrom('passImport').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Moves the import to `state`, with its number of rows once counted, or its errors when it failed. */
  async setState(
    db: Db,
    id: string,
    state: PassImportState,
    extra: { rows?: number; errors?: PassImportError[] } = {},
  ): Promise<void> {
    const { errors, ...rest } = extra;
    await db
      .updateTable('passImport')
      .set({ state, ...rest, ...(errors ? { errors: JSON.stringify(errors) } : {}), updatedAt: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /** The chunks whose result lines are stored: a resumed import skips them. */
  async storedChunks(db: Db, importId: string): Promise<Set<number>> {
    const rows = await db
      .selectFrom('passImportChunk')
      .select('chunk')
      .where('importId', '=', importId)
      .execute();
    return new Set(rows.map((row) => row.chunk));
  },

  /**
   * Stores a chunk's result lines and adds its counts to the import's (the first IMPORT_MAX_ERRORS errors kept), in
   * `db`, the transaction that wrote the chunk's passes: chunks written side by side add up (their errors kept in
   * the order of the rows), and a chunk is counted exactly when its passes are there.
   */
  async saveChunk(
    db: Db,
    importId: string,
    chunk: number,
    lines: string,
    counts: ImportCounts,
  ): Promise<void> {
    await db.insertInto('passImportChunk').values({ importId, chunk, lines }).execute();
    await db
      .updateTable('passImport')
      .set({
        done: sql`"done" + ${counts.done}`,
        created: sql`"created" + ${counts.created}`,
        updated: sql`"updated" + ${counts.updated}`,
        failed: sql`"failed" + ${counts.failed}`,
        errors: sql`(select coalesce(jsonb_agg("error" order by "row", "at"), '[]'::jsonb) from (select "error", "at",
          ("error"->>'row')::integer as "row"
          from jsonb_array_elements("errors" || ${JSON.stringify(counts.errors)}::jsonb) with ordinality
            as "all"("error", "at") order by "row", "at" limit ${IMPORT_MAX_ERRORS}) as "kept")`,
        updatedAt: new Date(),
      })
      .where('id', '=', importId)
      .execute();
  },

  /**
   * Ends as failed the imports whose job stopped: queued or running, with no progress since `before` (a crash
   * after the job's last attempt). Answers them: their files, which nothing reads any more, and what ends with them.
   */
  async failStalled(
    db: Db,
    before: Date,
    message: string,
  ): Promise<{ id: string; templateId: string; userId: string | null; fileKey: string }[]> {
    const error = JSON.stringify([{ row: 1, column: null, message }]);
    const stalled = await db
      .updateTable('passImport')
      .set({ state: 'failed', errors: sql`"errors" || ${error}::jsonb`, updatedAt: new Date() })
      .where('state', 'in', ['queued', 'running'])
      .where('updatedAt', '<', before)
      .returning(['id', 'templateId', 'userId', 'fileKey'])
      .execute();
    return stalled;
  },

  /** Deletes the imports that ended before `before`, with their result lines; answers how many. */
  async deleteEndedBefore(db: Db, before: Date): Promise<number> {
    const deleted = await db
      .deleteFrom('passImport')
      .where('state', 'in', ['done', 'failed'])
      .where('updatedAt', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  },

  /** The result file's lines in the order of the file, a few chunks per query. */
  async *resultLines(db: Db, importId: string): AsyncGenerator<string> {
    for (let from = 0; ; from += CHUNKS_PER_READ) {
      const chunks = await db
        .selectFrom('passImportChunk')
        .select('lines')
        .where('importId', '=', importId)
        .orderBy('chunk')
        .offset(from)
        .limit(CHUNKS_PER_READ)
        .execute();
      for (const { lines } of chunks) yield lines;
      if (chunks.length < CHUNKS_PER_READ) return;
    }
  },

  /** The live passes among `ids`: their template, project and dynamic data (a row names the pass it updates). */
  livePasses(db: Db, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pass')
      .select(['id', 'templateId', 'projectId', 'dynamicData'])
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .execute();
  },
};
