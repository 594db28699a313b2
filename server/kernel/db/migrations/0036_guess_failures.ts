import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Failed guesses of passwords and client secrets (auth/guessThrottle.ts), kept in the database so that every instance
 * (and a restart) counts the same ones. A row lives the limits' 15-minute window; the maintenance deletes it after.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guessFailure')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('guessFailure_kind_key_at')
    .on('guessFailure')
    .columns(['kind', 'key', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guessFailure').execute();
}
