import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Jobs that coalesce while they wait: a job queued with `coalesceKey` (`googlePass:<passId>`) joins the job with
 * the same key that has not started yet, since that one will read the latest state when it runs. The key is
 * cleared when a worker claims the job, so a change after that start queues a job of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('job')
    .addColumn('coalesceKey', 'text', (c) => c.unique())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('coalesceKey').execute();
}
