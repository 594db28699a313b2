import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The expiry warnings of a signing certificate: the last threshold (days before its expiration: 30, 7, 1, or 0
 * once expired) whose e-mail went out, moved by a conditional update so that each is sent once even when several
 * instances run the maintenance; null when none was sent for the certificate file it holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificate').addColumn('expiryWarnedDays', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificate').dropColumn('expiryWarnedDays').execute();
}
