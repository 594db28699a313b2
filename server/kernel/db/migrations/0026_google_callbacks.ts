import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Google Wallet's save and delete callbacks:
 * - `googleRegistration`: a pass's object saved in a Google Wallet (a save callback), ended by a delete callback.
 *   Google names no device, so a pass has at most one live row: its object is saved or not;
 * - the pass counts them in `devicesAndroid`, a part of `devicesTotal` (which the reports' triggers read), so that
 *   its iOS devices are `devicesTotal - devicesAndroid`;
 * - `googleCallbackNonce`: the nonces of callbacks received, until their message expires, so that a replayed
 *   callback changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "pass" add column "devicesAndroid" integer not null default 0`.execute(db);

  await db.schema
    .createTable('googleRegistration')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('passId', 'uuid', (c) => c.notNull().references('pass.id'))
    .addColumn('objectId', 'text', (c) => c.notNull())
    .addColumn('classId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .execute();
  await sql`create unique index "googleRegistration_live" on "googleRegistration" ("passId")
    where "deletedAt" is null`.execute(db);

  await db.schema
    .createTable('googleCallbackNonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index "googleCallbackNonce_expiresAt" on "googleCallbackNonce" ("expiresAt")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('googleCallbackNonce').execute();
  await db.schema.dropTable('googleRegistration').execute();
  await sql`alter table "pass" drop column "devicesAndroid"`.execute(db);
}
