import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Bounded growth (server/kernel/maintenance.ts):
 * - the customer's data of an order line (a product and a count) is stored once in "orderLineData" and shared by
 *   the line's items ("lineDataId"), instead of a copy in every counted item; deleting it (an order that ended
 *   unpaid) empties the items' link;
 * - "walletLog" and unpaid orders get the indexes their retention and timeout read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orderLineData')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('orderId', 'uuid', (c) => c.notNull().references('order.id'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index "orderLineData_orderId" on "orderLineData" ("orderId")`.execute(db);
  await sql`alter table "orderItem" add column "lineDataId" uuid
    references "orderLineData" ("id") on delete set null`.execute(db);
  // the foreign key's "on delete set null" finds the items through it
  await sql`create index "orderItem_lineDataId" on "orderItem" ("lineDataId")
    where "lineDataId" is not null`.execute(db);
  // the items of one line had equal copies: one row per distinct copy of each order
  await sql`with "lines" as (
      insert into "orderLineData" ("orderId", "data")
      select distinct "orderId", "data" from "orderItem" where "data" is not null
      returning "id", "orderId", "data")
    update "orderItem" set "lineDataId" = "lines"."id" from "lines"
    where "lines"."orderId" = "orderItem"."orderId" and "lines"."data" = "orderItem"."data"`.execute(db);
  await sql`alter table "orderItem" drop column "data"`.execute(db);

  await sql`create index "walletLog_createdAt" on "walletLog" ("createdAt", "id")`.execute(db);
  // the payment timeout reads the oldest unpaid orders
  await sql`create index "order_unpaid" on "order" ("createdAt", "id")
    where "paymentState" in ('pending', 'unknown') and "deletedAt" is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "order_unpaid"`.execute(db);
  await sql`drop index "walletLog_createdAt"`.execute(db);
  await sql`alter table "orderItem" add column "data" jsonb`.execute(db);
  await sql`update "orderItem" set "data" = "orderLineData"."data" from "orderLineData"
    where "orderLineData"."id" = "orderItem"."lineDataId"`.execute(db);
  await sql`alter table "orderItem" drop column "lineDataId"`.execute(db);
  await db.schema.dropTable('orderLineData').execute();
}
