import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database for one bench run: from BENCH_DATABASE_URL's server, or the local one when it answers.
 * Undefined when no PostgreSQL is reachable.
 */
export async function freshBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `passbase_bench_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`create database "${name}"`);
  } catch {
    return undefined;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
