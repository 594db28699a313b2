import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/** The push results and the ended push campaigns are deleted by age (pushRetention): indexes on their times. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('pushResult_createdAt').on('pushResult').column('createdAt').execute();
  await db.schema.createIndex('pushCampaign_finishedAt').on('pushCampaign').column('finishedAt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pushCampaign_finishedAt').execute();
  await db.schema.dropIndex('pushResult_createdAt').execute();
}
