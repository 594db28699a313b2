import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Running jobs by the end of their lock: a worker's claim finds jobs whose worker died without reading the done
 * jobs kept for JOB_RETENTION_HOURS, as `job_due` lets it find due pending jobs without reading the rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index "job_lapsed" on "job" ("lockedUntil") where "state" = 'running'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "job_lapsed"`.execute(db);
}
