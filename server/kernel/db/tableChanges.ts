import { sql, type DatabaseConnection, type Dialect, type Driver, type RawBuilder } from 'kysely';
import type { Db } from './tables';

/** The trigger function that announces a table's writes on CHANGES_CHANNEL (migration 0015). */
export const ANNOUNCE_FUNCTION = 'announceChange';
export const CHANGES_CHANNEL = 'passbase_changes';

/** Tables a statement writes: `insert into "t"`, `update "t"`, `delete from "t"`, `truncate "t"` (also in CTEs). */
const WRITES =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

/**
 * The tables a SQL text writes. Generous rather than exact: a string that looks like a write (`do update set`)
 * names a table that does not exist, which costs nothing.
 *
 * @example writtenTables('update "pass" set "voided" = $1') // ['pass']
 */
export function writtenTables(text: string): string[] {
  if (!/\b(?:insert|update|delete|truncate|merge)\b/i.test(text)) return [];
  return [...new Set([...text.matchAll(WRITES)].map((match) => match[1]))];
}

/** The announcement's suffix of a write of counters only (`pass:counters`), sent before the table's own. */
const COUNTERS_SUFFIX = ':counters';
const COUNTERS_COMMENT = /^\/\* counters of "([A-Za-z_][A-Za-z0-9_]*)" \*\//;

/**
 * Opens a statement that writes only counters of `table` (a pass's `downloads`): columns that the caches of what
 * a row is made of (the public pass cache, contentStamp) do not keep, only those of whole rows (GET by id, stamp).
 * It announces itself on PostgreSQL (the `"countersAnnounced"` CTE, which the statement must read, once), so that
 * other processes too hear the table's own announcement that follows as a write of counters. The statement must be
 * the only write to the table in its transaction: PostgreSQL merges a transaction's announcements of a table.
 *
 * @example sql`${countersOnly('pass')}, "added" as (...) update "pass" set "downloads" = ... from "added", "countersAnnounced" where ...`
 */
export function countersOnly(table: string): RawBuilder<unknown> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
  return sql`${sql.raw(`/* counters of "${table}" */`)} with "countersAnnounced" as materialized (
    select pg_notify(${CHANGES_CHANNEL}, ${table + COUNTERS_SUFFIX}))`;
}

/** The table of a `countersOnly` statement's text, or of its announcement's payload; else undefined. */
export function countersWritten(textOrPayload: string): string | undefined {
  if (textOrPayload.endsWith(COUNTERS_SUFFIX)) return textOrPayload.slice(0, -COUNTERS_SUFFIX.length);
  return COUNTERS_COMMENT.exec(textOrPayload)?.[1];
}

/**
 * Versions of the database's tables, as this process knows them: every write moves the versions of the tables it
 * changes (its own statements, those its triggers write, and, on PostgreSQL, what other processes announce on the
 * changes channel). A cache stores what it read with the stamp of the tables it read, taken before reading; an
 * entry whose stamp is no longer current is stale. While changes elsewhere cannot be heard (`heard` false), caches
 * must not answer at all.
 */
export class TableChanges {
  private readonly versions = new Map<string, number>();
  /** writes of counters only (countersOnly), which contentStamp leaves out */
  private readonly counterVersions = new Map<string, number>();
  /** moves every stamp at once */
  private epoch = 0;
  /** the database's tables (learnTriggers) */
  private tables: ReadonlySet<string> | undefined;
  /** tables written by the triggers of a table, read from the database (learnTriggers) */
  private triggered = new Map<string, string[]>();
  /** false while another process's writes could go unheard (PostgreSQL before or between listening) */
  heard: boolean;
  /** tables whose writes are announced to other processes (ANNOUNCE_FUNCTION's triggers); 'all': there are none */
  private announced: ReadonlySet<string> | 'all';
  /** a round trip that hears what other processes announced before it (listenForChanges); none while not heard */
  private fence: (() => Promise<void>) | undefined;

  /** `otherWriters`: other processes may write the database (PostgreSQL), and are heard only once listening. */
  constructor(otherWriters: boolean) {
    this.heard = !otherWriters;
    this.announced = otherWriters ? new Set() : 'all';
  }

  /** How `caughtUp` makes sure the announcements made before it are heard (listenForChanges), or none. */
  fenceWith(fence: (() => Promise<void>) | undefined): void {
    this.fence = fence;
  }

  /**
   * Settles once what other processes committed before the call is heard, so that a cache consulted after it
   * answers nothing older: a request that follows another instance's answer sees that instance's write. At once
   * where no other process writes (PGlite), and while nothing can be heard (caches answer nothing then).
   *
   * @example await changes.caughtUp(); const stamp = changes.stamp(tables)
   */
  caughtUp(): Promise<void> {
    return this.heard && this.fence ? this.fence() : Promise.resolve();
  }

  /** May a cache keep what it reads of these tables? Only when every write to them reaches this process. */
  mayCache(tables: readonly string[]): boolean {
    if (!this.heard) return false;
    const announced = this.announced;
    return announced === 'all' || tables.every((table) => announced.has(table));
  }

  /** The tables a SQL text names (quoted), once the database's tables are known (learnTriggers); else undefined. */
  tablesNamedIn(text: string): string[] | undefined {
    const known = this.tables;
    if (!known) return undefined;
    const named = [...text.matchAll(/"([A-Za-z_][A-Za-z0-9_]*)"/g)].map((match) => match[1]);
    return [...new Set(named.filter((name) => known.has(name)))];
  }

  /** The current stamp of these tables: it changes whenever one of them is written. */
  stamp(tables: readonly string[]): number {
    let stamp = this.contentStamp(tables);
    for (const table of tables) stamp += this.counterVersions.get(table) ?? 0;
    return stamp;
  }

  /** The stamp of these tables but their counters (countersOnly): it changes whenever the rest is written. */
  contentStamp(tables: readonly string[]): number {
    let stamp = this.epoch;
    for (const table of tables) stamp += this.versions.get(table) ?? 0;
    return stamp;
  }

  /** The table was written (with whatever its triggers write). */
  moved(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    this.movedTriggered(table);
  }

  /** The table's counters only were written (countersOnly); whatever its triggers write, wholly. */
  movedCounters(table: string): void {
    this.counterVersions.set(table, (this.counterVersions.get(table) ?? 0) + 1);
    this.movedTriggered(table);
  }

  private movedTriggered(table: string): void {
    for (const other of this.triggered.get(table) ?? [])
      this.versions.set(other, (this.versions.get(other) ?? 0) + 1);
  }

  /** Every table may have changed (the changes channel reconnected after missing some). */
  movedAll(): void {
    this.epoch += 1;
  }

  /**
   * Reads the database's triggers, so that a write to a table moves the tables its triggers write too (an
   * order's update writes its items), and which tables announce their writes to other processes. Called once the
   * migrations ran.
   */
  async learnTriggers(db: Db): Promise<void> {
    const { rows: functions } = await sql<{ name: string; source: string }>`
      select p.proname as "name", p.prosrc as "source" from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(db);
    const { rows: tables } = await sql<{ name: string }>`select c.relname as "name" from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r'`.execute(
      db,
    );
    const { rows: triggers } = await sql<{ table: string; function: string }>`
      select c.relname as "table", p.proname as "function" from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal`.execute(db);
    const writesOf = (name: string, seen = new Set<string>()): string[] => {
      if (seen.has(name)) return [];
      seen.add(name);
      const source = functions.find((candidate) => candidate.name === name)?.source ?? '';
      const called = functions.filter((other) => source.includes(`"${other.name}"(`));
      return [...writtenTables(source), ...called.flatMap((other) => writesOf(other.name, seen))];
    };
    const direct = new Map<string, Set<string>>();
    for (const trigger of triggers) {
      const tables = direct.get(trigger.table) ?? new Set<string>();
      for (const table of writesOf(trigger.function)) if (table !== trigger.table) tables.add(table);
      direct.set(trigger.table, tables);
    }
    const closure = (table: string, seen = new Set<string>()): string[] => {
      for (const next of direct.get(table) ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          closure(next, seen);
        }
      return [...seen];
    };
    this.triggered = new Map([...direct.keys()].map((table) => [table, closure(table)]));
    this.tables = new Set(tables.map((table) => table.name));
    if (this.announced !== 'all')
      this.announced = new Set(
        triggers.filter((trigger) => trigger.function === ANNOUNCE_FUNCTION).map((trigger) => trigger.table),
      );
  }
}

/** A table written in a transaction: wholly, or only its counters (countersOnly). */
type Written = 'content' | 'counters';
type Connection = DatabaseConnection & {
  inner: DatabaseConnection;
  pending: Map<string, Written> | undefined;
};

function move(changes: TableChanges, table: string, written: Written): void {
  if (written === 'counters') changes.movedCounters(table);
  else changes.moved(table);
}

/**
 * A dialect whose every statement tells `changes` which tables it writes: at once, and again when its transaction
 * ends (a cache filled between the statement and the commit read the old rows).
 */
export function watchedDialect(dialect: Dialect, changes: TableChanges): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => watchedDriver(dialect.createDriver(), changes),
  };
}

function watchedDriver(driver: Driver, changes: TableChanges): Driver {
  const wrappers = new WeakMap<DatabaseConnection, Connection>();
  const wrap = (inner: DatabaseConnection): Connection => {
    const known = wrappers.get(inner);
    if (known) return known;
    const connection: Connection = {
      inner,
      pending: undefined,
      executeQuery(query) {
        const counters = countersWritten(query.sql);
        const written = writtenTables(query.sql).map((table) => ({
          table,
          kind: table === counters ? ('counters' as const) : ('content' as const),
        }));
        const mixed = written.find(({ table, kind }) => (connection.pending?.get(table) ?? kind) !== kind);
        if (mixed)
          return Promise.reject(
            new Error(
              `A write of "${mixed.table}"'s counters only must be its only write in the transaction`,
            ),
          );
        for (const { table, kind } of written) {
          move(changes, table, kind);
          connection.pending?.set(table, kind);
        }
        return inner.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    wrappers.set(inner, connection);
    return connection;
  };
  const unwrap = (connection: DatabaseConnection) => (connection as Connection).inner;
  const ended = (connection: DatabaseConnection) => {
    const wrapper = connection as Connection;
    for (const [table, written] of wrapper.pending ?? []) move(changes, table, written);
    wrapper.pending = undefined;
  };
  return {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    async beginTransaction(connection, settings) {
      await driver.beginTransaction(unwrap(connection), settings);
      (connection as Connection).pending = new Map();
    },
    async commitTransaction(connection) {
      try {
        await driver.commitTransaction(unwrap(connection));
      } finally {
        ended(connection);
      }
    },
    async rollbackTransaction(connection) {
      try {
        await driver.rollbackTransaction(unwrap(connection));
      } finally {
        ended(connection);
      }
    },
    savepoint: driver.savepoint
      ? (connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile)
      : undefined,
    rollbackToSavepoint: driver.rollbackToSavepoint
      ? (connection, name, compile) => driver.rollbackToSavepoint!(unwrap(connection), name, compile)
      : undefined,
    releaseSavepoint: driver.releaseSavepoint
      ? (connection, name, compile) => driver.releaseSavepoint!(unwrap(connection), name, compile)
      : undefined,
    releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
    destroy: () => driver.destroy(),
  };
}
