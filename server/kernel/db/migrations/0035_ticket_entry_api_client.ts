import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * An entry scanned by a machine client names it (`apiClientId`; its `userId` stays null): a queued offline scan is
 * unique per machine client and `clientId` as it is per user, so a turnstile's sync sent twice counts it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ticketEntry')
    .addColumn('apiClientId', 'uuid', (c) => c.references('apiClient.id'))
    .execute();
  await sql`create unique index "ticketEntry_apiClient_clientId" on "ticketEntry" ("apiClientId", "clientId")
    where "clientId" is not null and "apiClientId" is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticketEntry').dropColumn('apiClientId').execute();
}
