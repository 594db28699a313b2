import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Two lookups that read whole tables, and so slowed down with every order sold:
 * - the bank's answer (its page, its callback) finds its order by the payment's id;
 * - an order's move copies its payment state to all its items, deleted ones too ("orderToItems"), which the index of
 *   live items cannot serve: the items' index by order now holds every item (live reads filter the few deleted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index "order_paymentId" on "order" ("paymentId") where "deletedAt" is null`.execute(db);
  await sql`drop index "orderItem_orderId"`.execute(db);
  await sql`create index "orderItem_orderId" on "orderItem" ("orderId", "createdAt", "id")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "orderItem_orderId"`.execute(db);
  await sql`create index "orderItem_orderId" on "orderItem" ("orderId", "createdAt", "id") where "deletedAt" is null`.execute(
    db,
  );
  await sql`drop index "order_paymentId"`.execute(db);
}
