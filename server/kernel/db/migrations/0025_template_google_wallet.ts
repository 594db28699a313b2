import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * A template's Google Wallet settings (`googleWallet`, domain/template/googleWalletOptions.ts): rotating barcodes
 * for now; null when the template has none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table "template" add column "googleWallet" jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table "template" drop column "googleWallet"`.execute(db);
}
