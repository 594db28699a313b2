import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Imports of passes from CSV files: one row per import (its template, who started it, its progress and the first
 * errors), and the result file's lines in chunks, each stored by the transaction that wrote its passes (so a resumed
 * import neither loses nor repeats lines).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passImport')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('templateId', 'uuid', (c) => c.notNull().references('template.id'))
    .addColumn('userId', 'uuid')
    .addColumn('fileKey', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`"state" in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createTable('passImportChunk')
    .addColumn('importId', 'uuid', (c) => c.notNull().references('passImport.id').onDelete('cascade'))
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('passImportChunk_pkey', ['importId', 'chunk'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passImportChunk').execute();
  await db.schema.dropTable('passImport').execute();
}
