import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Idempotent writes and machine clients (issue 29):
 * - `idempotencyKey`: the first answer to a POST sent with an `Idempotency-Key`, per principal (a user or an API
 *   client), kept 24 hours; `state` is 'running' while the first request works, so that its twins wait for it;
 * - `apiClientProject`: an API client's rights per project, the bitmask of domain/rights.ts (as `projectUser`);
 * - `session` may belong to an API client instead of a user (the client_credentials grant), and may carry a
 *   `scope`: a rights mask the token is narrowed to (null: not narrowed);
 * - `apiClient.rateLimit`: the client's own API requests per minute (null: API_RATE_LIMIT);
 * - an index of sessions by their end, for the retention that deletes ended ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotencyKey')
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('contentType', 'text')
    .addColumn('location', 'text')
    .addColumn('body', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotencyKey_pkey', ['principal', 'key'])
    .execute();
  await sql`create index "idempotencyKey_createdAt" on "idempotencyKey" ("createdAt")`.execute(db);

  await db.schema
    .createTable('apiClientProject')
    .addColumn('apiClientId', 'uuid', (c) => c.notNull().references('apiClient.id'))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('rights', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('apiClientProject_pkey', ['apiClientId', 'projectId'])
    .execute();
  await sql`create trigger "apiClientProject_announce"
    after insert or update or delete or truncate on "apiClientProject"
    for each statement execute function "announceChange"()`.execute(db);

  await sql`alter table "session" alter column "userId" drop not null`.execute(db);
  await db.schema
    .alterTable('session')
    .addColumn('apiClientId', 'uuid', (c) => c.references('apiClient.id'))
    .addColumn('scope', 'integer')
    .execute();
  // sessions that ended are deleted a day later (identity's session retention)
  await sql`create index "session_expiresAt" on "session" ("expiresAt")`.execute(db);
  await db.schema.alterTable('apiClient').addColumn('rateLimit', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('apiClient').dropColumn('rateLimit').execute();
  await sql`drop index "session_expiresAt"`.execute(db);
  await sql`delete from "session" where "userId" is null`.execute(db);
  await db.schema.alterTable('session').dropColumn('scope').dropColumn('apiClientId').execute();
  await sql`alter table "session" alter column "userId" set not null`.execute(db);
  await db.schema.dropTable('apiClientProject').execute();
  await db.schema.dropTable('idempotencyKey').execute();
}
