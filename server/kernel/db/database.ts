import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { listenForChanges } from './changeListener';
import { unavailableWhenUnreachable } from './databaseUnavailable';
import { lockDataDir } from './dataDirLock';
import { preparedStatements } from './preparedStatements';
import { TableChanges, watchedDialect } from './tableChanges';
import type { Database, Db } from './tables';
import { redactText } from '../logging/redact';

export type { Db } from './tables';

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the tables' versions, which every write through `db` (and on PostgreSQL every announced write) moves */
  changes: TableChanges;
  /** PGlite only: a copy of the whole database (its data directory as a tar), which `startFrom` opens again */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

// Counts (int8) as numbers: no count here comes near 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite stored in `dataDir`
 * (or in memory when `dataDir` is 'memory://'). A folder of PGlite has one owner: while a process has it open,
 * opening it from another one throws DataDirInUseError naming the owner (two writers would corrupt it).
 *
 * @example const { db, close } = await openDatabase({ databaseUrl: undefined, dataDir: './data' })
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL: connections the pool opens at most (10 unless told) */
  databasePoolSize?: number;
  dataDir: string;
  /** PGlite in memory only: starts from this copy (dumpDataDir) instead of an empty database */
  startFrom?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Every session in UTC: a date-time without an offset means the same on every server.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
      options: '-c TimeZone=UTC',
    });
    // An idle connection the server closes (restart, failover) is dropped from the pool and replaced on demand;
    // without a listener, the pool's error event would stop the whole process.
    pool.on('error', (error) =>
      console.error(redactText(`PostgreSQL closed an idle connection: ${error.message}`)),
    );
    // The pool listens only while a connection is idle: one ended while in use (a transaction between statements)
    // emits its error with no listener, which would stop the process too. Its next statement fails (503, or a job
    // tried again) and the pool drops it on release.
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        console.error(redactText(`PostgreSQL ended a connection in use: ${error.message}`)),
      ),
    );
    const changes = new TableChanges(true);
    // Statements prepared once per connection (within bounds): PostgreSQL parses and plans them once, not each time.
    // A connection that cannot be had is the database out of reach: requests answer 503, jobs try again.
    const dialect = new PostgresDialect({ pool: unavailableWhenUnreachable(preparedStatements(pool)) });
    const db = new Kysely<Database>({ dialect: watchedDialect(dialect, changes) });
    const listener = listenForChanges(options.databaseUrl, changes);
    await listener.ready;
    return {
      db,
      kind: 'postgres',
      changes,
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  // Extensions the migrations create: PGlite loads their code when it opens.
  const extensions = { pg_trgm };
  const lock = options.dataDir === 'memory://' ? undefined : lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    if (lock) {
      const dir = path.join(options.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
      client = new PGlite(dir, { extensions });
    } else {
      client = new PGlite({ extensions, loadDataDir: options.startFrom });
    }
    await client.waitReady;
    await client.exec(`set time zone 'UTC'`);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // The folder's one owner writes everything: what it writes is all there is to hear.
  const changes = new TableChanges(false);
  const db = new Kysely<Database>({ dialect: watchedDialect(new PGliteDialect(client), changes) });
  return {
    db,
    kind: 'pglite',
    changes,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}
