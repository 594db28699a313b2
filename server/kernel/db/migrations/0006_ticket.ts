import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as it is typed now */
/**
 * The ticket e-shop: e-shops (of a project), their products, orders and order items.
 *
 * Money is numeric(12,2) (VAT rates numeric(5,4)): sums in SQL are exact. A product's "priceWithVat" is a generated
 * column, so it is computed once, the same way for every reader, and can be sorted.
 *
 * An order item carries copies of its order's e-shop, project, order number, payment state and payment time,
 * kept by triggers whoever writes orders (back office or checkout). Lists of items filter on them without a join,
 * and accounting over millions of items reads paid items of a period from one partial index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const entity = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deletedAt', 'timestamptz');
  const liveIndex = (name: string, table: string, columns: string[]) =>
    sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      where "deletedAt" is null`.execute(db);
  const money = sql`numeric(12,2)`;

  await entity('eshop')
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('orderPrefix', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('eshopVersion', 'text', (c) => c.notNull())
    .addColumn('locales', 'jsonb', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('currencyCode', 'integer', (c) => c.notNull())
    .addColumn('maxItems', 'integer', (c) => c.notNull())
    .addColumn('maxPriceWithVat', money, (c) => c.notNull())
    .addColumn('messages', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('email', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"template":{}}'::jsonb`))
    .addColumn('styles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('headOverrides', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bodyOverrides', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await liveIndex('eshop_projectId', 'eshop', ['projectId', 'createdAt', 'id']);

  await entity('product')
    .addColumn('eshopId', 'uuid', (c) => c.notNull().references('eshop.id'))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('maxItems', 'integer', (c) => c.notNull())
    .addColumn('maxEntries', 'integer', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priceWithoutVat', money, (c) => c.notNull())
    .addColumn('vat', sql`numeric(5,4)`, (c) => c.notNull())
    .addColumn('priceWithVat', money, (c) =>
      c.generatedAlwaysAs(sql`round("priceWithoutVat" + "vat" * "priceWithoutVat", 2)`).stored(),
    )
    .addColumn('templateIds', 'jsonb', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('warningEnabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('warningTitle', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('period', 'jsonb', (c) => c.notNull())
    .addColumn('numberServiceUrl', 'text', (c) => c.notNull().defaultTo('simple'))
    .addColumn('numberServiceConfig', 'jsonb')
    .execute();
  await liveIndex('product_eshopId', 'product', ['eshopId', 'order', 'id']);
  await liveIndex('product_projectId', 'product', ['projectId', 'createdAt', 'id']);

  await entity('order')
    .addColumn('eshopId', 'uuid', (c) => c.notNull().references('eshop.id'))
    .addColumn('projectId', 'uuid', (c) => c.notNull().references('project.id'))
    .addColumn('orderNumber', 'text', (c) => c.notNull())
    .addColumn('yearSerial', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('paymentState', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('paymentMethod', 'text')
    .addColumn('paymentServiceBaseUrl', 'text')
    .addColumn('paymentId', 'text')
    .addColumn('paymentMethodDiscount', sql`numeric(5,4)`, (c) => c.notNull().defaultTo(0))
    .addColumn('paymentCheckCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CZK'))
    .addColumn('totalWithoutVat', money, (c) => c.notNull().defaultTo(0))
    .addColumn('totalWithVat', money, (c) => c.notNull().defaultTo(0))
    .addColumn('itemsCreatedAt', 'timestamptz')
    .addColumn('paymentRequestedAt', 'timestamptz')
    .addColumn('paymentSuccessAt', 'timestamptz')
    .addColumn('paymentErrorAt', 'timestamptz')
    .addColumn('numberGenerationAt', 'timestamptz')
    .addColumn('emailSentAt', 'timestamptz')
    .addColumn('deliveredAt', 'timestamptz')
    .addColumn('configId', 'text')
    .execute();
  await sql`create unique index "order_eshopId_orderNumber" on "order" ("eshopId", "orderNumber")`.execute(
    db,
  );
  await liveIndex('order_eshopId_createdAt', 'order', ['eshopId', 'createdAt', 'id']);
  await liveIndex('order_projectId_createdAt', 'order', ['projectId', 'createdAt', 'id']);
  await liveIndex('order_createdAt', 'order', ['createdAt', 'id']);
  await liveIndex('order_orderNumber', 'order', ['orderNumber']);
  await liveIndex('order_email', 'order', ['email']);
  await liveIndex('order_paymentState', 'order', ['paymentState', 'createdAt', 'id']);

  await entity('orderItem')
    .addColumn('orderId', 'uuid', (c) => c.notNull().references('order.id'))
    .addColumn('productId', 'uuid', (c) => c.notNull().references('product.id'))
    // copies of the order's, kept by the triggers below
    .addColumn('eshopId', 'uuid', (c) => c.notNull())
    .addColumn('projectId', 'uuid', (c) => c.notNull())
    .addColumn('orderNumber', 'text', (c) => c.notNull())
    .addColumn('paymentState', 'text', (c) => c.notNull())
    .addColumn('paidAt', 'timestamptz')
    // the product as sold
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('productMaxEntries', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb')
    .addColumn('entryCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('validFrom', 'timestamptz')
    .addColumn('validTo', 'timestamptz')
    .addColumn('itemNumber', 'text')
    .addColumn('projectSerial', 'integer')
    .addColumn('yearSerial', 'integer')
    .addColumn('monthSerial', 'integer')
    .addColumn('daySerial', 'integer')
    .addColumn('priceWithoutVat', money, (c) => c.notNull())
    .addColumn('vat', sql`numeric(5,4)`, (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('discountPercentage', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('discountAmount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('discountedPrice', money, (c) => c.notNull())
    .addColumn('issued', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('numberRequestedAt', 'timestamptz')
    .addColumn('numberSuccessAt', 'timestamptz')
    .addColumn('numberErrorAt', 'timestamptz')
    .addColumn('passRequestedAt', 'timestamptz')
    .addColumn('passSuccessAt', 'timestamptz')
    .addColumn('passErrorAt', 'timestamptz')
    .addColumn('passInvalidationRequestedAt', 'timestamptz')
    .addColumn('passInvalidatedAt', 'timestamptz')
    .addColumn('manualChangeAt', 'timestamptz')
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('firstEntry', 'timestamptz')
    .addColumn('lastEntry', 'timestamptz')
    .addColumn('configId', 'text')
    .addColumn('templateId', 'uuid')
    .addColumn('passId', 'uuid')
    .addCheckConstraint(
      'orderItem_entryCount',
      sql`"entryCount" >= 0 and "entryCount" <= "productMaxEntries"`,
    )
    .execute();
  await liveIndex('orderItem_orderId', 'orderItem', ['orderId', 'createdAt', 'id']);
  await liveIndex('orderItem_eshopId_createdAt', 'orderItem', ['eshopId', 'createdAt', 'id']);
  await liveIndex('orderItem_projectId_createdAt', 'orderItem', ['projectId', 'createdAt', 'id']);
  await liveIndex('orderItem_createdAt', 'orderItem', ['createdAt', 'id']);
  await liveIndex('orderItem_orderNumber', 'orderItem', ['orderNumber']);
  await liveIndex('orderItem_itemNumber', 'orderItem', ['itemNumber']);
  await liveIndex('orderItem_passId', 'orderItem', ['passId']);
  // accounting: paid items of a period (all e-shops, or one)
  await sql`create index "orderItem_paid" on "orderItem" ("paidAt", "eshopId")
    where "paymentState" = 'paid' and "deletedAt" is null`.execute(db);
  await sql`create index "orderItem_paid_eshop" on "orderItem" ("eshopId", "paidAt")
    where "paymentState" = 'paid' and "deletedAt" is null`.execute(db);

  await sql`create function "orderItemFromOrder"() returns trigger language plpgsql as $$
    declare o "order";
    begin
      select * into o from "order" where "id" = new."orderId";
      new."eshopId" := o."eshopId";
      new."projectId" := o."projectId";
      new."orderNumber" := o."orderNumber";
      new."paymentState" := o."paymentState";
      new."paidAt" := case when o."paymentState" = 'paid' then coalesce(o."paymentSuccessAt", now()) end;
      return new;
    end $$`.execute(db);
  await sql`create trigger "orderItem_fromOrder" before insert or update of "orderId" on "orderItem"
    for each row execute function "orderItemFromOrder"()`.execute(db);

  await sql`create function "orderToItems"() returns trigger language plpgsql as $$
    begin
      update "orderItem" set
        "eshopId" = new."eshopId",
        "projectId" = new."projectId",
        "orderNumber" = new."orderNumber",
        "paymentState" = new."paymentState",
        "paidAt" = case when new."paymentState" = 'paid' then coalesce(new."paymentSuccessAt", now()) end
      where "orderId" = new."id";
      return null;
    end $$`.execute(db);
  await sql`create trigger "order_toItems" after update on "order" for each row
    when (old."paymentState" is distinct from new."paymentState"
      or old."paymentSuccessAt" is distinct from new."paymentSuccessAt"
      or old."orderNumber" is distinct from new."orderNumber"
      or old."eshopId" is distinct from new."eshopId"
      or old."projectId" is distinct from new."projectId")
    execute function "orderToItems"()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['orderItem', 'order', 'product', 'eshop']) await db.schema.dropTable(table).execute();
  await sql`drop function "orderToItems"()`.execute(db);
  await sql`drop function "orderItemFromOrder"()`.execute(db);
}
