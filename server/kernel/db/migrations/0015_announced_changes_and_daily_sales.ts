import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */

/** Tables whose rows the server keeps in memory (a viewer's session, user, memberships; GET by id of resources). */
const ANNOUNCED_TABLES = [
  'session',
  'user',
  'projectUser',
  'project',
  'apiClient',
  'certificate',
  'image',
  'template',
  'pass',
  'stampCard',
  'eshop',
  'product',
  'order',
  'orderItem',
  'orderLineData',
];

/**
 * Every write to the tables above announces itself on commit (NOTIFY "passbase_changes" with the table's name),
 * once per statement: other server processes on the same PostgreSQL database drop what they keep of those tables.
 * A table without the trigger is never cached on PostgreSQL (db/tableChanges.ts).
 */
async function announceChanges(db: Kysely<any>): Promise<void> {
  await sql`create function "announceChange"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('passbase_changes', TG_TABLE_NAME);
      return null;
    end $$`.execute(db);
  for (const table of ANNOUNCED_TABLES)
    await sql`create trigger ${sql.id(`${table}_announce`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function "announceChange"()`.execute(db);
}

/** One side of an "orderItem" statement's change to the daily sales: its paid, live items, counted with `sign`. */
const paidShare = (items: string, sign: 1 | -1) => `
  select ("paidAt" at time zone 'UTC')::date, "eshopId", "projectId", "productName",
    ${sign}, ${sign} * "price", ${sign} * "discountedPrice"
  from "${items}" where "paymentState" = 'paid' and "deletedAt" is null`;

/** Adds the shares (the new rows', less the old rows') to "salesDaily", leaving out groups that do not move. */
const addShares = (shares: string[]) => `
  insert into "salesDaily" ("day", "eshopId", "projectId", "productName", "count", "price", "discountedPrice")
    select "day", "eshopId", "projectId", "productName", sum("count"), sum("price"), sum("discountedPrice")
    from (${shares.join(' union all ')}) as "shares" ("day", "eshopId", "projectId", "productName", "count", "price",
      "discountedPrice")
    group by 1, 2, 3, 4
    having sum("count") <> 0 or sum("price") <> 0 or sum("discountedPrice") <> 0
  on conflict ("day", "eshopId", "projectId", "productName") do update set
    "count" = "salesDaily"."count" + excluded."count",
    "price" = "salesDaily"."price" + excluded."price",
    "discountedPrice" = "salesDaily"."discountedPrice" + excluded."discountedPrice"`;

/**
 * "salesDaily": the paid, live order items per UTC day of payment, e-shop, project and product name, with their
 * count and sums, which the accounting's Sales tab and the transactions' count add up instead of reading every item
 * (the parts of a period outside whole UTC days are read from the items). Kept by statement-level triggers with
 * transition tables, in the statement that changes the items (a payment, refund, void, deletion or bulk load alike):
 * an update counts its rows' old values out and their new values in, so updates that change nothing counted write
 * nothing.
 */
async function dailySales(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('salesDaily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('eshopId', 'uuid', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('discountedPrice', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('salesDaily_key', ['day', 'eshopId', 'projectId', 'productName'])
    .execute();
  await sql`create index "salesDaily_eshop" on "salesDaily" ("eshopId", "day")`.execute(db);
  const triggers = [
    { operation: 'insert', referencing: 'new table as "newItems"', shares: [paidShare('newItems', 1)] },
    {
      operation: 'update',
      referencing: 'old table as "oldItems" new table as "newItems"',
      shares: [paidShare('newItems', 1), paidShare('oldItems', -1)],
    },
    { operation: 'delete', referencing: 'old table as "oldItems"', shares: [paidShare('oldItems', -1)] },
  ];
  for (const trigger of triggers) {
    const name = `salesDaily_${trigger.operation}`;
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.raw(`$$
      begin ${addShares(trigger.shares)};
        return null;
      end $$`)}`.execute(db);
    await sql`create trigger ${sql.id(name)} after ${sql.raw(trigger.operation)} on "orderItem"
      referencing ${sql.raw(trigger.referencing)} for each statement execute function ${sql.id(name)}()`.execute(
      db,
    );
  }
  // what was sold before this migration
  await sql.raw(addShares([paidShare('orderItem', 1)])).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await announceChanges(db);
  await dailySales(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`salesDaily_${operation}`)} on "orderItem"`.execute(db);
    await sql`drop function ${sql.id(`salesDaily_${operation}`)}()`.execute(db);
  }
  await db.schema.dropTable('salesDaily').execute();
  for (const table of ANNOUNCED_TABLES)
    await sql`drop trigger ${sql.id(`${table}_announce`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function "announceChange"()`.execute(db);
}
