import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * A signing certificate Apple enabled for NFC (Value Added Services): only its passes may carry an `nfc`
 * dictionary, which iPhones refuse from any other certificate. Off until an administrator says otherwise.
 * (Numbered 0027: 0025 and 0026 are taken by the Google Wallet work of the same release.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('certificate')
    .addColumn('nfcEnabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificate').dropColumn('nfcEnabled').execute();
}
