import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as identity from './migrations/0001_identity';
import * as passes from './migrations/0002_passes';
import * as passSearch from './migrations/0003_pass_search';
import * as wallet from './migrations/0004_wallet';
import * as reportAggregates from './migrations/0005_report_aggregates';
import * as ticket from './migrations/0006_ticket';
import * as ticketCounters from './migrations/0007_ticket_counters';
import * as boundedGrowth from './migrations/0008_bounded_growth';
import * as oauthRefreshTokens from './migrations/0009_oauth_refresh_tokens';
import * as deletedRows from './migrations/0010_deleted_rows';
import * as audit from './migrations/0011_audit';
import * as stampCard from './migrations/0012_stamp_card';

/** Ordered migrations; a new one is appended here with the next number. */
const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_passes': passes,
  '0003_pass_search': passSearch,
  '0004_wallet': wallet,
  '0005_report_aggregates': reportAggregates,
  '0006_ticket': ticket,
  '0007_ticket_counters': ticketCounters,
  '0008_bounded_growth': boundedGrowth,
  '0009_oauth_refresh_tokens': oauthRefreshTokens,
  '0010_deleted_rows': deletedRows,
  '0011_audit': audit,
  '0012_stamp_card': stampCard,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

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
