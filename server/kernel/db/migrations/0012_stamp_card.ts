import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Stamp cards: per project, the template whose passes collect stamps, how many make a reward, the reward's template
 * (none: the count starts again) and the dynamic-data field that holds the count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stampCard')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('templateId', 'uuid', (c) => c.notNull().references('template.id'))
    .addColumn('stampsForReward', 'integer', (c) => c.notNull())
    .addColumn('rewardTemplateId', 'uuid', (c) => c.references('template.id'))
    .addColumn('countField', 'text', (c) => c.notNull().defaultTo('stamps'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create index "stampCard_project" on "stampCard" ("projectId", "updatedAt") where "deletedAt" is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stampCard').execute();
}
