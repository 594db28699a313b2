import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */

/** Tables whose rows the server keeps in memory (a viewer's session, user, memberships; GET by id of resources). */
const ANNOUNCED_TABLES = [
  'session',
  'user',
  'projectUser',
  'project',
  'apiClient',
  'certificate',
  'image',
  'template',
  'pass',
  'stampCard',
  'eshop',
  'product',
  'order',
  'orderItem',
  'orderLineData',
];

/**
 * Every write to the tables above announces itself on commit (NOTIFY "passbase_changes" with the table's name),
 * once per statement: other server processes on the same PostgreSQL database drop what they keep of those tables.
 * A table without the trigger is never cached on PostgreSQL (db/tableChanges.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function "announceChange"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('passbase_changes', TG_TABLE_NAME);
      return null;
    end $$`.execute(db);
  for (const table of ANNOUNCED_TABLES)
    await sql`create trigger ${sql.id(`${table}_announce`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function "announceChange"()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ANNOUNCED_TABLES)
    await sql`drop trigger ${sql.id(`${table}_announce`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function "announceChange"()`.execute(db);
}
