import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The pass list's `dynamicData` $like (`"dynamicData"::text ilike '%…%'`) at a million rows: a trigram index
 * instead of reading every row. pg_trgm is a contrib extension of PostgreSQL (trusted: the database owner may
 * create it) and ships with PGlite, which loads it when it opens (server/kernel/db/database.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index "pass_dynamicData_trgm" on "pass" using gin (("dynamicData"::text) gin_trgm_ops)
    where "deletedAt" is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "pass_dynamicData_trgm"`.execute(db);
}
