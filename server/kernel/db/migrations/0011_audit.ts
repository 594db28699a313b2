import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The audit trail: one row per write through the resource engine (who, when, which action, which row, the changed
 * fields before and after). No foreign keys: the trail outlives the users and rows it names. A row's history is read
 * newest first; the admin list and the retention read by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('userId', 'uuid')
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('rowId', 'uuid', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`create index "audit_row" on "audit" ("resource", "rowId", "at" desc, "id" desc)`.execute(db);
  await sql`create index "audit_at" on "audit" ("at" desc, "id" desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit').execute();
}
