import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * Refunds, credit notes and late payments:
 * - `refund`: money given back on an order, whole or in part (by items or by amount), as asked of its payment's
 *   gateway: requested, then succeeded or failed with the gateway's reason; who asked (`createdBy`: a user's id or
 *   the name of the part of the server that acted, as the audit trail names actors) and why. A succeeded refund of
 *   a paid order gets a credit note number, unique within its e-shop (taken from "ticketCounter" as
 *   "creditNote:<year>", as order numbers are: one `insert … on conflict do update … returning`);
 * - an order item names the refund that gave it back (`refundId`): an item is refunded once;
 * - an order says when its payment arrived after it timed out (`latePaymentAt`, to refund) and how much of it was
 *   given back (`refundedAmount`, the sum of its succeeded refunds).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql`numeric(12,2)`;
  await db.schema
    .createTable('refund')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deletedAt', 'timestamptz')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('eshopId', 'uuid', (c) => c.notNull().references('eshop.id'))
    .addColumn('orderId', 'uuid', (c) => c.notNull().references('order.id'))
    .addColumn('orderNumber', 'text', (c) => c.notNull())
    .addColumn('itemIds', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('amount', money, (c) => c.notNull().check(sql`"amount" > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`"state" in ('requested', 'succeeded', 'failed')`),
    )
    .addColumn('failureReason', 'text')
    .addColumn('gatewayRefundId', 'text')
    .addColumn('creditNoteNumber', 'text')
    .addColumn('refundedAt', 'timestamptz')
    .addColumn('emailSentAt', 'timestamptz')
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdByName', 'text', (c) => c.notNull())
    .execute();
  await sql`create index "refund_orderId" on "refund" ("orderId", "createdAt")`.execute(db);
  await sql`create index "refund_projectId" on "refund" ("projectId", "createdAt", "id")
    where "deletedAt" is null`.execute(db);
  // accounting: the succeeded refunds of a period (all e-shops, or one)
  await sql`create index "refund_refundedAt" on "refund" ("refundedAt", "eshopId")
    where "state" = 'succeeded' and "deletedAt" is null`.execute(db);
  await sql`create unique index "refund_eshopId_creditNoteNumber" on "refund" ("eshopId", "creditNoteNumber")
    where "creditNoteNumber" is not null`.execute(db);

  await sql`alter table "orderItem" add column "refundId" uuid references "refund" ("id")`.execute(db);
  await sql`alter table "order" add column "latePaymentAt" timestamptz`.execute(db);
  await sql`alter table "order" add column "refundedAmount" numeric(12,2) not null default 0`.execute(db);
  // the "to refund" list: late payments not given back
  await sql`create index "order_latePayment" on "order" ("latePaymentAt")
    where "latePaymentAt" is not null and "deletedAt" is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "order_latePayment"`.execute(db);
  await sql`alter table "order" drop column "refundedAmount"`.execute(db);
  await sql`alter table "order" drop column "latePaymentAt"`.execute(db);
  await sql`alter table "orderItem" drop column "refundId"`.execute(db);
  await db.schema.dropTable('refund').execute();
  await sql`delete from "ticketCounter" where "counter" like 'creditNote:%'`.execute(db);
}
