import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The wallet engine: each pass's Apple Wallet token and update tag, the devices that registered passes, what
 * happens to passes (events for the reports), push results and the devices' logs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // two version-4 UUIDs: 244 random bits, drawn per row (existing passes get their own too)
  const randomToken = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
  await db.schema
    .alterTable('pass')
    .addColumn('authenticationToken', 'text', (c) => c.notNull().defaultTo(randomToken))
    .addColumn('walletUpdatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pass_templateId').on('pass').column('templateId').execute();

  await db.schema
    .createTable('device')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('deviceLibraryIdentifier', 'text', (c) => c.notNull().unique())
    .addColumn('pushToken', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('registration')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('deviceId', 'uuid', (c) => c.notNull().references('device.id'))
    .addColumn('passId', 'uuid', (c) => c.notNull().references('pass.id'))
    .addColumn('passTypeIdentifier', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .execute();
  await sql`create unique index "registration_live" on "registration" ("deviceId", "passId") where "deletedAt" is null`.execute(
    db,
  );
  await sql`create index "registration_passId" on "registration" ("passId") where "deletedAt" is null`.execute(
    db,
  );

  await db.schema
    .createTable('passEvent')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('passId', 'uuid', (c) => c.references('pass.id'))
    .addColumn('templateId', 'uuid', (c) => c.references('template.id'))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    /** preview, download, register, unregister, update, push */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('tag', 'text')
    /** ios, android, desktop, other */
    .addColumn('client', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('passEvent_project_time')
    .on('passEvent')
    .columns(['projectId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('passEvent_template_time')
    .on('passEvent')
    .columns(['templateId', 'createdAt'])
    .execute();
  await db.schema.createIndex('passEvent_passId').on('passEvent').column('passId').execute();

  await db.schema
    .createTable('pushResult')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('passId', 'uuid', (c) => c.notNull().references('pass.id'))
    .addColumn('deviceId', 'uuid', (c) => c.notNull().references('device.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('pushResult_passId')
    .on('pushResult')
    .columns(['passId', 'createdAt'])
    .execute();

  await db.schema
    .createTable('walletLog')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['walletLog', 'pushResult', 'passEvent', 'registration', 'device'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('pass_templateId').execute();
  await db.schema
    .alterTable('pass')
    .dropColumn('authenticationToken')
    .dropColumn('walletUpdatedAt')
    .execute();
}
