import type { RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { TableChanges } from '../db/tableChanges';
import type { Entity, Row } from './rows';

/** Rows kept at most (the oldest go first). */
const MAX_ROWS = 5_000;

export interface CachedRow {
  row: Row;
  entity: Entity;
}

export interface RowCache {
  /**
   * The row of the id in the table (live or deleted, in no viewer's scope: the caller checks it) and its entity,
   * from memory while no write moved the tables it reads, otherwise from `load`; undefined when there is none.
   * The entity is shared: never change it.
   */
  read(
    table: string,
    computed: RawBuilder<unknown> | undefined,
    id: string,
    load: () => Promise<CachedRow | undefined>,
  ): Promise<CachedRow | undefined>;
}

/** The tables a read depends on: its own and those its computed columns name (undefined: not known yet). */
function tablesRead(
  db: Db,
  changes: TableChanges,
  table: string,
  computed: RawBuilder<unknown> | undefined,
): string[] | undefined {
  if (!computed) return [table];
  const named = changes.tablesNamedIn(computed.compile(db).sql);
  return named && [...new Set([table, ...named])];
}

/**
 * GET by id from memory. An entry is answered only while the stamp of the tables it read (taken before reading) is
 * current, so a write that this process makes, or hears of (tableChanges), is seen by the next read. On a database
 * whose other writers cannot be heard (PostgreSQL tables without the changes trigger), nothing is kept.
 */
export function createRowCache(db: Db, changes: TableChanges): RowCache {
  const entries = new Map<string, CachedRow & { stamp: number }>();
  const dependencies = new Map<string, string[]>();
  return {
    async read(table, computed, id, load) {
      let tables = dependencies.get(table);
      if (!tables) {
        tables = tablesRead(db, changes, table, computed);
        if (!tables) return load();
        dependencies.set(table, tables);
      }
      if (!changes.mayCache(tables)) return load();
      await changes.caughtUp();
      // the listening connection may have been lost meanwhile
      if (!changes.mayCache(tables)) return load();
      const key = `${table}/${id}`;
      const stamp = changes.stamp(tables);
      const cached = entries.get(key);
      if (cached && cached.stamp === stamp) return cached;
      const loaded = await load();
      if (!loaded) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= MAX_ROWS) entries.delete(entries.keys().next().value as string);
      entries.set(key, { ...loaded, stamp });
      return loaded;
    },
  };
}
