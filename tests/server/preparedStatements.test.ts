import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { migratorOf } from '../../server/kernel/db/migrate';
import { PREPARED_STATEMENT_LIMITS } from '../../server/kernel/db/preparedStatements';
import type { Db } from '../../server/kernel/db/database';
import { databaseKinds, startTestServer, type TestServer } from './harness';

jest.setTimeout(60_000);

/** What PostgreSQL holds prepared on the connection that runs this (pg_prepared_statements is per session). */
async function preparedOnThisConnection(db: Db, text?: string) {
  const { rows } = await sql<{ statements: number; runs: number | null; widest: number | null }>`
    select count(*)::int as "statements", sum("generic_plans" + "custom_plans")::int as "runs",
      max(cardinality("parameter_types"))::int as "widest"
    from pg_prepared_statements where ${text ?? null}::text is null or "statement" = ${text ?? null}::text`.execute(
    db,
  );
  return rows[0];
}

/**
 * On PostgreSQL, statements with parameters are prepared once per connection under a name, within bounds, and a
 * schema change (a migration, an added column, whoever makes it) never leaves a connection answering with the old
 * columns. PGlite sends them as before: the same answers are expected of both.
 */
describe.each(databaseKinds)('prepared statements (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.context.db;
  /** a `select *` held on the connection for a moment, so that concurrent calls take one connection each */
  const selectProbe = (on: Db = db()) =>
    sql<Record<string, unknown>>`select "preparedProbe".* from "preparedProbe", pg_sleep(0.02)
      where "id" = ${1}`.execute(on);
  const onEveryConnection = () => Promise.all(Array.from({ length: 10 }, () => selectProbe()));

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  test('a statement run many times is prepared once on its connection and answers each call its own values', async () => {
    const text = 'select $1::int * 2 as "doubled"';
    await db()
      .transaction()
      .execute(async (transaction) => {
        for (let call = 0; call < 20; call += 1) {
          const { rows } = await sql<{ doubled: number }>`select ${call}::int * 2 as "doubled"`.execute(
            transaction,
          );
          expect(rows).toEqual([{ doubled: call * 2 }]);
        }
        if (kind === 'postgres')
          expect(await preparedOnThisConnection(transaction, text)).toEqual(
            expect.objectContaining({ statements: 1, runs: 20 }),
          );
      });
  });

  test('parameters of different types and nulls in one text answer as unprepared ones', async () => {
    await db()
      .transaction()
      .execute(async (transaction) => {
        const values = [5, null, '7', null, 0];
        const answers = [];
        for (const value of values)
          answers.push(
            (
              await sql<{ number: number; missing: boolean }>`select coalesce(${value}::int, -1) as "number",
                ${value}::text is null as "missing"`.execute(transaction)
            ).rows[0],
          );
        expect(answers).toEqual([
          { number: 5, missing: false },
          { number: -1, missing: true },
          { number: 7, missing: false },
          { number: -1, missing: true },
          { number: 0, missing: false },
        ]);
        // untyped parameters (PGlite refuses them unless strings): PostgreSQL takes each as text, prepared or not
        if (kind === 'postgres') {
          const untyped = [];
          for (const value of ['a', 1, true, null, { a: 1 }])
            untyped.push(
              (await sql<{ value: unknown }>`select ${value} as "value"`.execute(transaction)).rows[0].value,
            );
          expect(untyped).toEqual(['a', '1', 'true', null, '{"a":1}']);
        }
      });
  });

  test('select * answers the new columns once a column is added through the server, on every connection', async () => {
    await db()
      .schema.createTable('preparedProbe')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .execute();
    await sql`insert into "preparedProbe" ("id") values (${1})`.execute(db());
    expect((await onEveryConnection()).map(({ rows }) => rows)).toEqual(Array(10).fill([{ id: 1 }]));
    await db().schema.alterTable('preparedProbe').addColumn('note', 'text').execute();
    // in a transaction nothing may be sent again: each connection must prepare the new columns afresh
    const inTransactions = await Promise.all(
      Array.from({ length: 10 }, () =>
        db()
          .transaction()
          .execute((transaction) => selectProbe(transaction)),
      ),
    );
    expect(inTransactions.map(({ rows }) => rows)).toEqual(Array(10).fill([{ id: 1, note: null }]));
  });

  test('select * answers the new columns once another process adds one', async () => {
    expect((await onEveryConnection()).map(({ rows }) => rows)).toEqual(
      Array(10).fill([{ id: 1, note: null }]),
    );
    await alterElsewhere(`alter table "preparedProbe" add column "size" integer`);
    expect((await onEveryConnection()).map(({ rows }) => rows)).toEqual(
      Array(10).fill([{ id: 1, note: null, size: null }]),
    );
  });

  test('in a transaction, a statement prepared before another process changed its table fails at most once', async () => {
    await db()
      .connection()
      .execute(async (connection) => {
        expect((await selectProbe(connection)).rows).toEqual([{ id: 1, note: null, size: null }]);
        await alterElsewhere(`alter table "preparedProbe" add column "colour" text`, connection);
        const attempt = () => connection.transaction().execute((transaction) => selectProbe(transaction));
        const withColour = [{ id: 1, note: null, size: null, colour: null }];
        // PostgreSQL may refuse the statement prepared with the old columns (0A000): not sent again in a transaction
        const first = await attempt().then(
          ({ rows }) => rows,
          (error: { code?: string }) => error.code,
        );
        expect(['0A000', withColour]).toContainEqual(first);
        expect((await attempt()).rows).toEqual(withColour);
      });
  });

  test('the server answers as before after its last migration is undone and done again', async () => {
    const token = await server.adminToken();
    const listProjects = () => server.call(token, { method: 'GET', url: '/api/core/v1/project' });
    expect((await listProjects()).statusCode).toBe(200);
    const migrator = migratorOf(db());
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const created = await server.createProject('After migrations');
    const listed = await listProjects();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((project: { id: string }) => project.id)).toContain(created);
  });

  // last: it fills the names of the current generation, so statements after it go unnamed
  test('many distinct texts never make more prepared statements than the limit', async () => {
    await db()
      .transaction()
      .execute(async (transaction) => {
        for (let variant = 0; variant < PREPARED_STATEMENT_LIMITS.names + 100; variant += 1) {
          const { rows } = await sql<{
            sum: number;
          }>`select ${variant}::int + ${sql.raw(String(variant))} as "sum"`.execute(transaction);
          expect(rows).toEqual([{ sum: 2 * variant }]);
        }
        for (let length = 1; length <= PREPARED_STATEMENT_LIMITS.parameters + 50; length += 1) {
          const ids = Array.from({ length }, () => crypto.randomUUID());
          const found = await transaction.selectFrom('user').select('id').where('id', 'in', ids).execute();
          expect(found).toEqual([]);
        }
        if (kind === 'postgres') {
          const prepared = await preparedOnThisConnection(transaction);
          expect(prepared.statements).toBeGreaterThan(100);
          expect(prepared.statements).toBeLessThanOrEqual(PREPARED_STATEMENT_LIMITS.names);
          expect(prepared.widest).toBeLessThanOrEqual(PREPARED_STATEMENT_LIMITS.parameters);
        }
      });
  });

  /** A schema change by another process on the same database (PGlite has none: through `ownDb`, the server's). */
  async function alterElsewhere(statement: string, ownDb: Db = db()): Promise<void> {
    if (kind === 'pglite') {
      await sql.raw(statement).execute(ownDb);
      return;
    }
    const other = new pg.Client({ connectionString: server.context.config.databaseUrl });
    await other.connect();
    try {
      await other.query(statement);
    } finally {
      await other.end();
    }
  }
});
