import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * An import's updates reach the devices as one push campaign (cause 'import'): `passImport.pushCampaignId` names it
 * (set by the import's first chunk that updates passes; cleared when the campaign is deleted by age).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('passImport')
    .addColumn('pushCampaignId', 'uuid', (c) => c.references('pushCampaign.id').onDelete('set null'))
    .execute();
  await sql`create index "passImport_pushCampaignId" on "passImport" ("pushCampaignId")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passImport').dropColumn('pushCampaignId').execute();
}
