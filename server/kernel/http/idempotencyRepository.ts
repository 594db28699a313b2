import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { IdempotencyKeyTable } from '../db/tables';
import type { Selectable } from 'kysely';

export type IdempotencyRow = Selectable<IdempotencyKeyTable>;

/** A first answer kept for replay. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  body: string;
}

export const idempotencyRepository = {
  /**
   * Claims the key for a request: true when this request is the first (a new row in state 'running'), or takes over
   * a row older than the key's life or left 'running' past `staleSeconds` (a process that stopped mid-request).
   */
  async claim(
    db: Db,
    claim: { principal: string; key: string; requestHash: string },
    lifeSeconds: number,
    staleSeconds: number,
  ): Promise<boolean> {
    const { rows } = await sql<{ claimed: number }>`
      insert into "idempotencyKey" ("principal", "key", "requestHash", "state")
      values (${claim.principal}, ${claim.key}, ${claim.requestHash}, 'running')
      on conflict ("principal", "key") do update set
        "requestHash" = excluded."requestHash", "state" = 'running', "status" = null, "contentType" = null,
        "location" = null, "body" = null, "createdAt" = now()
      where "idempotencyKey"."createdAt" < now() - make_interval(secs => ${lifeSeconds})
        or ("idempotencyKey"."state" = 'running'
          and "idempotencyKey"."createdAt" < now() - make_interval(secs => ${staleSeconds}))
      returning 1 as "claimed"`.execute(db);
    return rows.length === 1;
  },

  find(db: Db, principal: string, key: string): Promise<IdempotencyRow | undefined> {
    return db
      .selectFrom('idempotencyKey')
      .selectAll()
      .where('principal', '=', principal)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  async finish(db: Db, principal: string, key: string, answer: StoredAnswer): Promise<void> {
    await db
      .updateTable('idempotencyKey')
      .set({ state: 'done', ...answer })
      .where('principal', '=', principal)
      .where('key', '=', key)
      .where('state', '=', 'running')
      .execute();
  },

  /** Lets the key go: its first answer was a failure of the server's, or one not kept. */
  async release(db: Db, principal: string, key: string): Promise<void> {
    await db
      .deleteFrom('idempotencyKey')
      .where('principal', '=', principal)
      .where('key', '=', key)
      .where('state', '=', 'running')
      .execute();
  },

  /** Deletes keys created before the time; how many. */
  async deleteOlderThan(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('idempotencyKey').where('createdAt', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
