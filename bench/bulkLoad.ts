import { sql, type Transaction } from 'kysely';
import type { Database } from '../server/kernel/db/tables';

/**
 * Runs a bulk load of a table as a restore does: the table's secondary indexes are dropped for the load and built
 * again after it (one sort each instead of an insert into every index per row, the trigram index above all); they
 * come back exactly as the migrations defined them, in the same transaction (a server using the database never
 * sees the table without them).
 *
 * @example await db.transaction().execute((trx) => withoutSecondaryIndexes(trx, 'pass', () => insertPasses(trx)))
 */
export async function withoutSecondaryIndexes(
  trx: Transaction<Database>,
  table: keyof Database & string,
  load: () => Promise<void>,
): Promise<void> {
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  const indexes = await sql<{ name: string; definition: string }>`
    select index.relname as "name", pg_get_indexdef(index.oid) as "definition"
    from pg_index join pg_class index on index.oid = pg_index.indexrelid
    where pg_index.indrelid = ${`"${table}"`}::regclass
      and not exists (select from pg_constraint where pg_constraint.conindid = pg_index.indexrelid)`.execute(
    trx,
  );
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  await load();
  for (const index of indexes.rows) await sql.raw(index.definition).execute(trx);
}
