import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Entries at the gate: every scan of a ticket, accepted or not, with who scanned it, when, where and its answer.
 * A queued offline scan carries the gate's id of it (`clientId`): unique per user, so a sync sent twice counts it
 * once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticketEntry')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('orderItemId', 'uuid', (c) => c.references('orderItem.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('entriesLeft', 'integer')
    .addColumn('userId', 'uuid', (c) => c.references('user.id'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('eshopId', 'uuid', (c) => c.references('eshop.id'))
    .addColumn('projectId', 'uuid', (c) => c.references('project.id'))
    .addColumn('gate', 'text')
    .addColumn('offline', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('clientId', 'text')
    .execute();
  await sql`create index "ticketEntry_project_at" on "ticketEntry" ("projectId", "at", "id")`.execute(db);
  await sql`create index "ticketEntry_orderItem_at" on "ticketEntry" ("orderItemId", "at")`.execute(db);
  await sql`create index "ticketEntry_at" on "ticketEntry" ("at", "id")`.execute(db);
  await sql`create unique index "ticketEntry_user_clientId" on "ticketEntry" ("userId", "clientId")
    where "clientId" is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticketEntry').execute();
}
