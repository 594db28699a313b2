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

  await entity('user')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('displayName', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('isAdmin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create unique index "user_email_live" on "user" (lower("email")) where "deletedAt" is null`.execute(
    db,
  );
  await db.schema.createIndex('user_updatedAt').on('user').column('updatedAt').execute();

  await entity('project')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('parentId', 'uuid', (c) => c.references('project.id'))
    .execute();
  await db.schema.createIndex('project_parentId').on('project').column('parentId').execute();
  await db.schema.createIndex('project_updatedAt').on('project').column('updatedAt').execute();

  await db.schema
    .createTable('projectUser')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('userId', 'uuid', (c) => c.notNull().references('user.id'))
    .addColumn('rights', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('projectUser_pk', ['projectId', 'userId'])
    .execute();
  await db.schema.createIndex('projectUser_userId').on('projectUser').column('userId').execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('userId', 'uuid', (c) => c.notNull().references('user.id'))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('revokedAt', 'timestamptz')
    .execute();
  await db.schema.createIndex('session_userId').on('session').column('userId').execute();

  await entity('apiClient')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('clientId', 'text', (c) => c.notNull().unique())
    .addColumn('secretHash', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['apiClient', 'session', 'projectUser', 'project', 'user']) {
    await db.schema.dropTable(table).execute();
  }
}
