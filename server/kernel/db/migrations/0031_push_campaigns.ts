import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Push campaigns (issue 30):
 * - `pushCampaign`: one fan-out of Apple Wallet pushes (a template's change), walked by a planner job in chunks of
 *   passes by id (`cursor`: the last pass id planned, so a crash resumes there); its counters grow as chunks end;
 *   `pending` counts the chunk and retry jobs not yet counted, so the campaign is done once it is planned and none is;
 * - `pushCampaignPart`: one counted part (a chunk, or a retry of its tokens) of a campaign: inserted in the
 *   transaction that adds the part's counts, so a part run again after a crash is counted once;
 * - `pass_templateId_id`: the planner's walk over a template's live passes by id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pushCampaign')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('templateId', 'uuid', (c) => c.references('template.id'))
    .addColumn('cause', 'text', (c) => c.notNull().defaultTo('template'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('running')
        .check(sql`"status" in ('running', 'done', 'cancelled')`),
    )
    .addColumn('passes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('left', 'integer', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`greatest("devices" - "sent" - "failed", 0)`)
        .stored(),
    )
    .addColumn('planned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cursor', 'uuid')
    .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdBy', 'text')
    .addColumn('supersededBy', 'uuid')
    .addColumn('lastError', 'text')
    .addColumn('finishedAt', 'timestamptz')
    .execute();
  await sql`create index "pushCampaign_projectId" on "pushCampaign" ("projectId", "createdAt", "id")`.execute(
    db,
  );
  await sql`create index "pushCampaign_running" on "pushCampaign" ("templateId") where "status" = 'running'`.execute(
    db,
  );
  await sql`create index "pushCampaign_createdAt" on "pushCampaign" ("createdAt", "id")`.execute(db);

  await db.schema
    .createTable('pushCampaignPart')
    .addColumn('campaignId', 'uuid', (c) => c.notNull().references('pushCampaign.id').onDelete('cascade'))
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('retried', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pushCampaignPart_pkey', ['campaignId', 'part'])
    .execute();

  await sql`create index "pass_templateId_id" on "pass" ("templateId", "id") where "deletedAt" is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "pass_templateId_id"`.execute(db);
  await db.schema.dropTable('pushCampaignPart').execute();
  await db.schema.dropTable('pushCampaign').execute();
}
