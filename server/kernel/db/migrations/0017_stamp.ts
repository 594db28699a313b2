import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Stamps given at the till: one row per stamp call of a stamp card on a pass (who, when, how many, the count after
 * it, the reward it issued), kept when undone (undoneAt). The till reads a pass's newest stamp of a card, the card's
 * page its stamps newest first, the reports a project's stamps by time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stamp')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('stampCardId', 'uuid', (c) => c.notNull().references('stampCard.id'))
    .addColumn('passId', 'uuid', (c) => c.notNull().references('pass.id'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('stampsBefore', 'integer', (c) => c.notNull())
    .addColumn('stampsAfter', 'integer', (c) => c.notNull())
    .addColumn('rewarded', 'boolean', (c) => c.notNull())
    .addColumn('rewardPassId', 'uuid', (c) => c.references('pass.id'))
    .addColumn('userId', 'uuid')
    .addColumn('undoneAt', 'timestamptz')
    .execute();
  await sql`create index "stamp_card" on "stamp" ("stampCardId", "at" desc, "id" desc)`.execute(db);
  await sql`create index "stamp_pass" on "stamp" ("passId", "stampCardId", "at" desc)`.execute(db);
  await sql`create index "stamp_project" on "stamp" ("projectId", "at")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stamp').execute();
}
