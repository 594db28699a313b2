import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Serials of the ticket checkout, per e-shop: order serials per year ("order:2026") and item serials of the
 * 'simple' number service ("item:all", "item:2026", "item:2026-11", "item:2026-11-22"). A serial is taken with one
 * `insert … on conflict do update … returning` (server/features/ticket/checkout/checkoutRepository.ts): concurrent buyers
 * queue on the counter's row and never get the same number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticketCounter')
    .addColumn('eshopId', 'uuid', (c) => c.notNull().references('eshop.id'))
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticketCounter_pkey', ['eshopId', 'counter'])
    .execute();
  // an order or an item is issued once: the numbers are unique within the e-shop
  await sql`create unique index "orderItem_eshopId_itemNumber" on "orderItem" ("eshopId", "itemNumber")
    where "itemNumber" is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "orderItem_eshopId_itemNumber"`.execute(db);
  await db.schema.dropTable('ticketCounter').execute();
}
