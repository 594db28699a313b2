import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * OAuth2 for programs written against the Yourpass API: public clients (an id chosen by an administrator, no
 * secret) and refresh tokens. A refresh token belongs to one session, its family: rotation adds a row and marks the
 * old one used; a used one presented again ends the session. Only an HMAC of each token is stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('apiClient')
    .alterColumn('secretHash', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('apiClient')
    .addColumn('isPublic', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // A chosen client id may be taken again once its client is deleted.
  await sql`alter table "apiClient" drop constraint "apiClient_clientId_key"`.execute(db);
  await sql`create unique index "apiClient_clientId_live" on "apiClient" ("clientId") where "deletedAt" is null`.execute(
    db,
  );

  await db.schema
    .createTable('refreshToken')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sessionId', 'uuid', (c) => c.notNull().references('session.id').onDelete('cascade'))
    .addColumn('apiClientId', 'uuid', (c) => c.notNull().references('apiClient.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('usedAt', 'timestamptz')
    .execute();
  await db.schema.createIndex('refreshToken_sessionId').on('refreshToken').column('sessionId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refreshToken').execute();
  await sql`drop index "apiClient_clientId_live"`.execute(db);
  await sql`alter table "apiClient" add constraint "apiClient_clientId_key" unique ("clientId")`.execute(db);
  await db.schema.alterTable('apiClient').dropColumn('isPublic').execute();
  await sql`delete from "apiClient" where "secretHash" is null`.execute(db);
  await db.schema
    .alterTable('apiClient')
    .alterColumn('secretHash', (c) => c.setNotNull())
    .execute();
}
