import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Integrators sync passes: what changed since their last sync, deleted passes included (`updatedAt > t` with
 * deleted=true), and what was deleted since (`deletedAt > t`). The pass indexes cover live rows only; these cover the
 * deleted ones, so those lists read a few index entries instead of the whole table. Deleted rows are never updated
 * again, so both stay as small as the deletions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index "pass_deleted_updatedAt" on "pass" ("updatedAt", "id") where "deletedAt" is not null`.execute(
    db,
  );
  await sql`create index "pass_deleted_deletedAt" on "pass" ("deletedAt", "id") where "deletedAt" is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "pass_deleted_deletedAt"`.execute(db);
  await sql`drop index "pass_deleted_updatedAt"`.execute(db);
}
