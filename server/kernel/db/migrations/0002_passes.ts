import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
export async function up(db: Kysely<any>): Promise<void> {
  const entity = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deletedAt', 'timestamptz');
  /** Live rows only: lists always filter on "deletedAt" is null; the id breaks ties of the engine's order by. */
  const liveIndex = (name: string, table: string, columns: string[]) =>
    sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      where "deletedAt" is null`.execute(db);

  await entity('certificate')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('passTypeId', 'text')
    .addColumn('teamId', 'text')
    .addColumn('expiration', 'timestamptz')
    .addColumn('csr', 'text', (c) => c.notNull())
    /** AES-256-GCM under the certificate key secret, bound to the row's id; never answered */
    .addColumn('privateKey', 'text', (c) => c.notNull())
    .addColumn('certificate', 'text')
    .execute();
  await liveIndex('certificate_projectId', 'certificate', ['projectId', 'createdAt', 'id']);

  await entity('image')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('fileSize', 'integer', (c) => c.notNull())
    .addColumn('storageKey', 'text', (c) => c.notNull())
    .execute();
  await liveIndex('image_projectId', 'image', ['projectId', 'type', 'createdAt', 'id']);
  await liveIndex('image_updatedAt', 'image', ['updatedAt', 'id']);

  await entity('template')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('certificateId', 'uuid', (c) => c.references('certificate.id'))
    .addColumn('jsonTemplate', 'jsonb', (c) => c.notNull())
    .addColumn('dynamicDataJsonSchema', 'jsonb', (c) => c.notNull())
    .addColumn('languages', 'jsonb', (c) => c.notNull())
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('distributable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saveToGooglePayObjectTemplate', 'jsonb')
    .execute();
  await liveIndex('template_projectId', 'template', ['projectId', 'createdAt', 'id']);
  await liveIndex('template_updatedAt', 'template', ['updatedAt', 'id']);

  await entity('pass')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('templateId', 'uuid', (c) => c.notNull().references('template.id'))
    .addColumn('dynamicData', 'jsonb')
    .addColumn('dynamicImages', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('voided', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expirationDate', 'timestamptz')
    .addColumn('devicesTotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('firstRegisterAt', 'timestamptz')
    .addColumn('lastRegisterAt', 'timestamptz')
    .addColumn('firstUnregisterAt', 'timestamptz')
    .addColumn('lastUnregisterAt', 'timestamptz')
    .execute();
  // The pass list at a million rows: by project or template (newest first), and by date alone for admins.
  await liveIndex('pass_projectId_createdAt', 'pass', ['projectId', 'createdAt', 'id']);
  await liveIndex('pass_templateId_createdAt', 'pass', ['templateId', 'createdAt', 'id']);
  await liveIndex('pass_createdAt', 'pass', ['createdAt', 'id']);
  await liveIndex('pass_updatedAt', 'pass', ['updatedAt', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['pass', 'template', 'image', 'certificate']) {
    await db.schema.dropTable(table).execute();
  }
}
