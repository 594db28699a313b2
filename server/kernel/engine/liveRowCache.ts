import type { TableChanges } from '../db/tableChanges';

/** Rows kept at most per table (the oldest go first). */
const MAX_ROWS = 1_000;

/** How a read learns of other processes' writes: `caughtUp` (default), or `fenced` by the caller already. */
export interface LiveReadOptions {
  /**
   * The caller awaited `changes.caughtUp()` after its request began (e.g. beside its own first query), so that the
   * writes answered before it are heard: the read need not wait for another round trip.
   */
  fenced?: boolean;
}

export interface LiveRowCache<R extends { id: string }> {
  /**
   * The live rows of these ids that `load` finds, from memory while their table is unchanged; those not in memory
   * (or stale) from `load`, in one call. Ids with no live row are missing from the answer. Rows are shared: never
   * change them.
   */
  read(
    ids: readonly string[],
    load: (ids: string[]) => Promise<R[]>,
    options?: LiveReadOptions,
  ): Promise<Map<string, R>>;
  /** The live row of one id (undefined: none), as `read`. */
  one(
    id: string,
    load: (id: string) => Promise<R | undefined>,
    options?: LiveReadOptions,
  ): Promise<R | undefined>;
}

/**
 * Whole live rows of one table by id, for the hot paths that read the same few rows again and again (the checkout's
 * e-shop, products and templates, the order email's e-shop). As the row cache of GET by id (rowCache.ts): a row is answered only while the
 * table's stamp, taken before it was read, is current, so a write this process makes, or hears of (TableChanges), is
 * seen by the next read; where other writers cannot be heard, every read goes to `load`.
 *
 * @example const eshops = createLiveRowCache<EshopRow>(changes, 'eshop'); const found = await eshops.read([id], (ids) => findLive(db, ids))
 */
export function createLiveRowCache<R extends { id: string }>(
  changes: TableChanges,
  table: string,
): LiveRowCache<R> {
  const tables = [table];
  const entries = new Map<string, { row: R; stamp: number }>();
  const cache: LiveRowCache<R> = {
    async one(id, load, options) {
      const found = await cache.read(
        [id],
        async ([only]) => {
          const row = await load(only);
          return row ? [row] : [];
        },
        options,
      );
      return found.get(id);
    },
    async read(ids, load, options = {}) {
      if (!changes.mayCache(tables))
        return new Map((await load([...new Set(ids)])).map((row) => [row.id, row]));
      if (!options.fenced) await changes.caughtUp();
      // the listening connection may have been lost meanwhile
      if (!changes.mayCache(tables))
        return new Map((await load([...new Set(ids)])).map((row) => [row.id, row]));
      const stamp = changes.stamp(tables);
      const found = new Map<string, R>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const kept = entries.get(id);
        if (kept && kept.stamp === stamp) found.set(id, kept.row);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      for (const row of await load(missing)) {
        found.set(row.id, row);
        entries.delete(row.id);
        if (entries.size >= MAX_ROWS) entries.delete(entries.keys().next().value as string);
        entries.set(row.id, { row, stamp });
      }
      return found;
    },
  };
  return cache;
}
