import { sql } from 'kysely';
import type { Db } from '../db/database';

/** One count the guessing limits keep: a key and how many failures it may have in the window. */
export interface GuessCount {
  key: string;
  limit: number;
}

/** Rows the retention deletes per statement: a flood of failures is deleted in steps, none holding the table long. */
const STEP = 10_000;

/**
 * The failed guesses (table guessFailure), timed by the database's clock so that instances whose clocks differ still
 * count alike.
 */
export const guessFailureRepository = {
  /**
   * Seconds until every count is under its limit again, in one query: for a count at or over its limit, until the
   * failure that made it reach the limit (the limit-th newest in the window) leaves the window; at least 1. 0 when
   * every count is under its limit.
   */
  async waitSeconds(
    db: Db,
    kind: string,
    counts: readonly GuessCount[],
    windowSeconds: number,
  ): Promise<number> {
    const limiting = counts.map(
      ({ key, limit }) => sql`(select "at" from "guessFailure"
        where "kind" = ${kind} and "key" = ${key} and "at" > now() - make_interval(secs => ${windowSeconds})
        order by "at" desc offset ${limit - 1} limit 1)`,
    );
    const { rows } = await sql<{ wait: number }>`
      select coalesce(max(greatest(1, ceil(extract(epoch from "at" - now()) + ${windowSeconds}))), 0)::int as "wait"
      from (${sql.join(limiting, sql` union all `)}) as "limiting"`.execute(db);
    return Number(rows[0]?.wait ?? 0);
  },

  /** One failure of each key, in one insert. */
  async record(db: Db, kind: string, keys: readonly string[]): Promise<void> {
    await db
      .insertInto('guessFailure')
      .values(keys.map((key) => ({ kind, key })))
      .execute();
  },

  /** Forgets the failures of one key. */
  async clear(db: Db, kind: string, key: string): Promise<void> {
    await db.deleteFrom('guessFailure').where('kind', '=', kind).where('key', '=', key).execute();
  },

  /** Deletes, STEP rows at a time, the failures that left the window; how many. */
  async deleteOutsideWindow(db: Db, windowSeconds: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      // ctid: the row's place; the table has no id, and a failure is never updated, so its place stays
      const result = await sql`delete from "guessFailure" where ctid = any(array(
        select ctid from "guessFailure" where "at" <= now() - make_interval(secs => ${windowSeconds})
        limit ${STEP}))`.execute(db);
      const count = Number(result.numAffectedRows ?? 0);
      deleted += count;
      if (count < STEP) return deleted;
    }
  },
};
