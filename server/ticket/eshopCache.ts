import type { Db } from '../db/database';
import type { TableChanges } from '../db/tableChanges';
import type { EshopRow } from '../db/tables';
import { eshopRepository } from '../repositories/eshopRepository';

/** E-shops kept at most (the oldest go first). */
const MAX_ESHOPS = 500;

const TABLES = ['eshop'];

export interface EshopCache {
  /** The live e-shop of the id (undefined: none, or deleted); shared, never change it. */
  live(id: string): Promise<EshopRow | undefined>;
}

/**
 * The live e-shops' rows, from memory while no write moved the eshop table (TableChanges: this process's writes
 * and, on PostgreSQL, those other processes announce), so the order emails do not read the same few e-shops again
 * and again. Where other writers could go unheard, every read goes to the database.
 *
 * @example const eshops = createEshopCache(db, context.changes); const eshop = await eshops.live(order.eshopId)
 */
export function createEshopCache(db: Db, changes: TableChanges): EshopCache {
  const kept = new Map<string, { row: EshopRow | undefined; stamp: number }>();
  return {
    async live(id) {
      if (!changes.mayCache(TABLES)) return eshopRepository.findLive(db, id);
      // taken before reading: a write that lands meanwhile makes this entry stale at once
      const stamp = changes.stamp(TABLES);
      const known = kept.get(id);
      if (known && known.stamp === stamp) return known.row;
      const row = await eshopRepository.findLive(db, id);
      kept.delete(id);
      if (kept.size >= MAX_ESHOPS) kept.delete(kept.keys().next().value as string);
      kept.set(id, { row, stamp });
      return row;
    },
  };
}
