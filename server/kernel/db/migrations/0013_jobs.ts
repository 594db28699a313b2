import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The job queue: work that follows an answer (order emails, Apple Wallet pushes) kept in the database, so it
 * survives a crash. `dedupeKey` makes an enqueue of the same work a no-op (`orderMail:<orderId>`); workers claim due
 * pending jobs, and running jobs whose lock expired, with `for update skip locked`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('dedupeKey', 'text', (c) => c.unique())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`"state" in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxAttempts', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('runAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lastError', 'text')
    .addColumn('lockedUntil', 'timestamptz')
    .addColumn('lockedBy', 'text')
    .addColumn('finishedAt', 'timestamptz')
    .execute();
  // what the workers look for: pending jobs by due time, running ones by lock expiry
  await sql`create index "job_due" on "job" ("runAt") where "state" = 'pending'`.execute(db);
  await sql`create index "job_locked" on "job" ("lockedUntil") where "state" = 'running'`.execute(db);
  await sql`create index "job_finished" on "job" ("finishedAt") where "state" = 'done'`.execute(db);
  await sql`create index "job_state" on "job" ("state", "updatedAt")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
