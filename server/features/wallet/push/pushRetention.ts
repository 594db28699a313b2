import { sql } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { MaintenanceTask } from '../../../kernel/maintenance';

const DAY = 24 * 3600 * 1000;

/** Rows deleted per statement: a campaign of a million devices leaves a million results, deleted in steps. */
const STEP = 10_000;

/** Deletes, STEP rows at a time, the rows of `table` whose `column` is older than `before`; answers how many. */
async function deleteOlder(
  db: Db,
  table: 'pushResult' | 'pushCampaign',
  column: 'createdAt' | 'finishedAt',
  before: Date,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`delete from ${sql.table(table)} where "id" in (
      select "id" from ${sql.table(table)} where ${sql.ref(column)} < ${before} limit ${STEP})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < STEP) return deleted;
  }
}

/**
 * APNs' answers (pushResult) and the push campaigns that ended (with their parts) are kept PUSH_RETENTION_DAYS. The
 * deletes are idempotent: instances running them together delete the same rows once.
 */
export const pushRetention: MaintenanceTask = {
  name: 'push retention',
  async run(context, now) {
    const before = new Date(now.getTime() - context.config.pushRetentionDays * DAY);
    return (
      (await deleteOlder(context.db, 'pushResult', 'createdAt', before)) +
      (await deleteOlder(context.db, 'pushCampaign', 'finishedAt', before))
    );
  },
};
