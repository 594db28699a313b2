import fs from 'node:fs';
import path from 'node:path';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';

/** Migration files: `NNNN_what.ts` (`.js` once built), applied in the order of their numbers. */
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.(ts|js)$/;

/**
 * The migrations of the migrations folder, by name: a new migration is one new file with the next number. Read
 * with `require` from the folder beside this file, so the sources (tests) and the build (dist/node) both work.
 */
function migrationsOfFolder(): Record<string, Migration> {
  const folder = path.join(__dirname, 'migrations');
  const migrations: Record<string, Migration> = {};
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a folder of modules known only at run time
    migrations[path.parse(file).name] = require(path.join(folder, file)) as Migration;
  }
  return migrations;
}

const provider: MigrationProvider = { getMigrations: async () => migrationsOfFolder() };

/** The migrator of these migrations, e.g. for a test that moves the schema to an older migration and back. */
export const migratorOf = (db: Db): Migrator => new Migrator({ db, provider });

/** Brings the schema up to date, then refreshes planner statistics (PGlite has no autovacuum). */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
  await sql`analyze`.execute(db);
}
