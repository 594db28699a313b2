import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { Row, WriteData } from './resourceDefinition';
import { auditRepository, type AuditEntry } from '../audit/auditRepository';

type Table = keyof Database;

/** `*` plus the resource's computed columns. */
function selection(computed: RawBuilder<unknown> | undefined): RawBuilder<unknown> {
  return computed ? sql`*, ${computed}` : sql`*`;
}

export interface ListQuery {
  computed?: RawBuilder<unknown>;
  conditions: RawBuilder<boolean>[];
  orderBy: RawBuilder<unknown>;
  order: 'asc' | 'desc';
  /** false when the sort column holds no null: the plain order by matches its index in both directions */
  nullsLast?: boolean;
  limit: number;
  offset: number;
  withCount: boolean;
  rows?: RowSelection;
}

/**
 * The rows a query reads: live ones (the default); live and deleted ones; or those its own conditions on deletedAt
 * ask for.
 */
export type RowSelection = 'live' | 'liveAndDeleted' | 'byConditions';

const ROWS: Record<Exclude<RowSelection, 'byConditions'>, RawBuilder<boolean>> = {
  live: sql<boolean>`"deletedAt" is null`,
  // Written as "live or deleted" rather than left out: the planner then combines the partial indexes of live rows
  // with those of deleted ones (0010_deleted_rows) instead of reading the whole table.
  liveAndDeleted: sql<boolean>`("deletedAt" is null or "deletedAt" is not null)`,
};

function whereClause(conditions: RawBuilder<boolean>[], rows: RowSelection = 'live'): RawBuilder<unknown> {
  const all = rows === 'byConditions' ? conditions : [ROWS[rows], ...conditions];
  return all.length ? sql.join(all, sql` and `) : sql`true`;
}

function assignments(values: WriteData): RawBuilder<unknown> {
  return sql.join(Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
}

/**
 * The write statement, with its audit entry inserted in the same statement when one is given: the write answers its
 * row as `written`, from which the entry takes the row's id.
 */
async function written(db: Db, write: RawBuilder<unknown>, entry: AuditedWrite): Promise<Row | undefined> {
  const statement = entry
    ? sql<Row>`with "written" as (${write}), "entry" as (${auditRepository.insertForWritten(entry)})
        select * from "written"`
    : sql<Row>`${write}`;
  const result = await statement.execute(db);
  return result.rows[0];
}

/** The audit entry a write inserts with itself, if any. */
type AuditedWrite = (AuditEntry & { id: string }) | undefined;

/** The SQL every resource shares. Column names come only from resource definitions, never from requests. */
export const entityRepository = {
  async list(db: Db, table: Table, query: ListQuery): Promise<{ rows: Row[]; totalCount: number | null }> {
    const where = whereClause(query.conditions, query.rows);
    const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
    const nulls = query.nullsLast === false ? sql`` : sql` nulls last`;
    const { rows } =
      await sql<Row>`select ${selection(query.computed)} from ${sql.table(table)} where ${where}
      order by ${query.orderBy} ${direction}${nulls}, "id" ${direction}
      limit ${query.limit} offset ${query.offset}`.execute(db);
    if (!query.withCount) return { rows, totalCount: null };
    // A page that is not full, and not past the end, tells the total itself: a search that finds a few rows
    // does not pay its filter twice (the count would cost as much as the page).
    if (rows.length < query.limit && (rows.length > 0 || query.offset === 0))
      return { rows, totalCount: query.offset + rows.length };
    const counted = await sql<{ count: number }>`select count(*)::int as "count" from ${sql.table(table)}
      where ${where}`.execute(db);
    return { rows, totalCount: counted.rows[0].count };
  },

  /** The row of the id within the scope: live only, unless includeDeleted. */
  async find(
    db: Db,
    table: Table,
    id: string,
    scope: RawBuilder<boolean>[],
    options: { computed?: RawBuilder<unknown>; includeDeleted?: boolean } = {},
  ): Promise<Row | undefined> {
    const rows = options.includeDeleted ? 'byConditions' : 'live';
    const where = whereClause([sql<boolean>`"id" = ${id}::uuid`, ...scope], rows);
    const result = await sql<Row>`select ${selection(options.computed)} from ${sql.table(table)}
      where ${where}`.execute(db);
    return result.rows[0];
  },

  async insert(
    db: Db,
    table: Table,
    values: WriteData,
    computed?: RawBuilder<unknown>,
    entry?: AuditedWrite,
  ): Promise<Row> {
    const columns = Object.keys(values);
    const insert = sql`insert into ${sql.table(table)}
      (${sql.join(columns.map((column) => sql.ref(column)))})
      values (${sql.join(columns.map((column) => sql`${values[column]}`))})
      returning ${selection(computed)}`;
    return (await written(db, insert, entry)) as Row;
  },

  async update(
    db: Db,
    table: Table,
    id: string,
    values: WriteData,
    computed?: RawBuilder<unknown>,
    entry?: AuditedWrite,
  ): Promise<Row | undefined> {
    const set = assignments({ ...values, updatedAt: sql`now()` });
    const update = sql`update ${sql.table(table)} set ${set}
      where "id" = ${id}::uuid and "deletedAt" is null returning ${selection(computed)}`;
    return written(db, update, entry);
  },

  /** Holds the lock of this name until the transaction ends: transactions taking it run one after another. */
  async lockUntilCommit(trx: Db, name: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  },

  /**
   * Sets deletedAt, and moves updatedAt with it so that `updatedAt > last sync` finds deletions too; the deleted row,
   * or undefined when it was not live (deleted meanwhile).
   */
  async softDelete(
    db: Db,
    table: Table,
    id: string,
    computed?: RawBuilder<unknown>,
    entry?: AuditedWrite,
  ): Promise<Row | undefined> {
    const update = sql`update ${sql.table(table)} set "deletedAt" = now(), "updatedAt" = now()
      where "id" = ${id}::uuid and "deletedAt" is null returning ${selection(computed)}`;
    return written(db, update, entry);
  },
};
