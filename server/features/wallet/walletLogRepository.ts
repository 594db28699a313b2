import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';

/** What Apple Wallet reports about our web service (POST /v1/log): kept for operators, for a while. */
export const walletLogRepository = {
  /** @example await walletLogRepository.insert(db, ['Web service error for pass.com.example: ...']) */
  async insert(db: Db, messages: string[]): Promise<void> {
    if (messages.length === 0) return;
    await db
      .insertInto('walletLog')
      .values(messages.map((message) => ({ message })))
      .execute();
  },

  /** Deletes the messages received before the time; answers how many. */
  async deleteOlderThan(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('walletLog').where('createdAt', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Deletes all but the newest `count` messages; answers how many. */
  async keepNewest(db: Db, count: number): Promise<number> {
    const result = await sql`delete from "walletLog" where ("createdAt", "id") <= (
        select "createdAt", "id" from "walletLog" order by "createdAt" desc, "id" desc offset ${count} limit 1)`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0);
  },
};
