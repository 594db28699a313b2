import crypto from 'node:crypto';
import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { OrderItemRow, OrderRow, OrderTable, ProductRow } from '../../../kernel/db/tables';
import { auditRepository, type AuditEntry } from '../../../kernel/audit/auditRepository';
import { orderNumberSql, type SerialKeys } from './numbering';
import type { JobQueue } from '../../../kernel/jobs/jobQueue';
import { passRepository, type NewTemplatePass } from '../../passes';
import { orderItemRepository } from '../orderItemRepository';

/**
 * What the checkout decides of a new order (its number is the e-shop's prefix, the year and the serial the placement
 * takes); the rest is the stage it starts in and the columns' defaults.
 */
export interface PlacedOrderValues {
  eshopId: string;
  projectId: string;
  orderPrefix: string;
  year: number;
  locale: string;
  email: string;
  currency: string;
  totalWithoutVat: number;
  totalWithVat: number;
  buyerCompany: string | null;
  buyerVatId: string | null;
  /** the storefront form's key (a form sent twice is one order); null from the API */
  submissionKey: string | null;
}

export interface NewOrderItem {
  productId: string;
  productName: string;
  /** the product's title in the order's language */
  productTitle: string;
  productMaxEntries: number;
  priceWithoutVat: number;
  vat: number;
  price: number;
  templateId: string;
}

/** A line of an order: `count` items of one product, with the customer's data for them (stored once). */
export interface NewOrderLine {
  item: NewOrderItem;
  count: number;
  data: Record<string, unknown> | null;
}

export interface ItemSerials {
  projectSerial: number;
  yearSerial: number;
  monthSerial: number;
  daySerial: number;
}

/**
 * The statement that takes `count` consecutive values of each counter of the e-shop and answers the last of each
 * (`counter`, `value`). The rows are locked in the order given, the same for every caller (an order's, then an
 * item's: all time, year, month, day), so concurrent takers queue instead of deadlocking.
 */
export function takeQuery(eshopId: string, counters: string[], count: number) {
  const values = sql.join(counters.map((counter) => sql`(${eshopId}::uuid, ${counter}, ${count}::bigint)`));
  return sql<{ counter: string; value: string | number }>`
    insert into "ticketCounter" ("eshopId", "counter", "value") values ${values}
    on conflict ("eshopId", "counter") do update set "value" = "ticketCounter"."value" + excluded."value"
    returning "counter", "value"`;
}

/** The columns a placed order's item gets from the checkout, with their SQL types (its order's id aside). */
const PLACED_ITEM_COLUMNS = {
  id: 'uuid',
  productId: 'uuid',
  productName: 'text',
  productTitle: 'text',
  ticketSecret: 'text',
  productMaxEntries: 'integer',
  lineDataId: 'uuid',
  priceWithoutVat: 'numeric',
  vat: 'numeric',
  price: 'numeric',
  discountedPrice: 'numeric',
  templateId: 'uuid',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const;

/** An item of a line as its insert will leave it: the checkout's values, the order's copies, the defaults. */
function foreseenItem(
  order: OrderRow,
  line: NewOrderLine & { lineDataId: string | null },
  now: Date,
): OrderItemRow {
  const { item } = line;
  return {
    id: crypto.randomUUID(),
    orderId: order.id,
    productId: item.productId,
    eshopId: order.eshopId,
    projectId: order.projectId,
    orderNumber: order.orderNumber,
    paymentState: order.paymentState,
    paidAt: null,
    productName: item.productName,
    productTitle: item.productTitle,
    productMaxEntries: item.productMaxEntries,
    lineDataId: line.lineDataId,
    entryCount: 0,
    state: 'created',
    validFrom: null,
    validTo: null,
    itemNumber: null,
    // 128 random bits: the code the ticket's barcode carries, never guessed from its number
    ticketSecret: crypto.randomBytes(16).toString('base64url'),
    projectSerial: null,
    yearSerial: null,
    monthSerial: null,
    daySerial: null,
    priceWithoutVat: String(item.priceWithoutVat),
    vat: String(item.vat),
    price: String(item.price),
    discountPercentage: '0',
    discountAmount: '0',
    discountedPrice: String(item.price),
    issued: false,
    numberRequestedAt: null,
    numberSuccessAt: null,
    numberErrorAt: null,
    passRequestedAt: null,
    passSuccessAt: null,
    passErrorAt: null,
    passInvalidationRequestedAt: null,
    passInvalidatedAt: null,
    manualChangeAt: null,
    used: false,
    firstEntry: null,
    lastEntry: null,
    configId: null,
    templateId: item.templateId ?? null,
    passId: null,
    refundId: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
}

/** A template the checkout issues passes of: its name goes into the passes' audit entries. */
export interface IssuingTemplate {
  id: string;
  projectId: string;
  name: string;
}

/** An order item with what its fulfilment reads of other rows (itemsToFulfil). */
export interface ItemToFulfil {
  item: OrderItemRow;
  productPeriod: unknown;
  productTemplateIds: unknown;
  /** the product's event, written into the ticket's pass */
  productEvent: unknown;
  orderPrefix: string | null;
  eshopName: string | null;
  /** the customer's data of the item's line (the holder's name) */
  lineData: unknown;
}

/** The columns a fulfilment writes to an order item, with their SQL types. */
const FULFILMENT_COLUMNS = {
  projectSerial: 'integer',
  yearSerial: 'integer',
  monthSerial: 'integer',
  daySerial: 'integer',
  validFrom: 'timestamptz',
  validTo: 'timestamptz',
  itemNumber: 'text',
  state: 'text',
  numberRequestedAt: 'timestamptz',
  numberSuccessAt: 'timestamptz',
  passId: 'uuid',
  templateId: 'uuid',
  issued: 'boolean',
  passRequestedAt: 'timestamptz',
  passSuccessAt: 'timestamptz',
  passErrorAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const;

/** An order item as its fulfilment leaves it: its id and every column of FULFILMENT_COLUMNS. */
export type FulfilledItem = Pick<OrderItemRow, 'id' | keyof typeof FULFILMENT_COLUMNS>;

/**
 * The update that writes each item's fulfilment (FULFILMENT_COLUMNS), items (live, of the order) not empty. It reads
 * the order's items by their index: matched by id alone, the planner reads the whole table, whatever its size.
 */
function fulfilItemsQuery(orderId: string, items: FulfilledItem[]): RawBuilder<unknown> {
  const columns = Object.entries(FULFILMENT_COLUMNS);
  const values = items.map((item) =>
    Object.fromEntries(
      ['id', ...Object.keys(FULFILMENT_COLUMNS)].map((column) => [
        column,
        item[column as keyof FulfilledItem],
      ]),
    ),
  );
  return sql`update "orderItem" set ${sql.join(
    columns.map(([column]) => sql`${sql.id(column)} = "fulfilled".${sql.id(column)}`),
  )}
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as "fulfilled" ("id" uuid, ${sql.join(
      columns.map(([column, type]) => sql`${sql.id(column)} ${sql.raw(type)}`),
    )})
    where "orderItem"."orderId" = ${orderId} and "orderItem"."deletedAt" is null
      and "orderItem"."id" = "fulfilled"."id"`;
}

/**
 * All SQL of the public checkout. The writes answer their rows, for the audit trail the service writes in the same
 * transaction; those run in a transaction take it (`trx`) as their db.
 */
export const checkoutRepository = {
  /** Live products among the ids, whatever their e-shop (the service says which are foreign). */
  findLiveProducts(db: Db, ids: string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('product')
      .selectAll()
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .execute();
  },

  /**
   * Places an order in one statement, atomic without a transaction: its serial of the year, the order, each line's
   * data once, an item per counted product sharing its line's data, and the audit entries `entriesOf` plans from the
   * rows foreseen (their order number and serial, the statement's, written into the entries by the statement).
   * Answers the order as stored and the entries as written. The items' values are all the checkout's but the copies
   * of the order's columns that a trigger makes, foreseen the same; they select from the placed order, so that the
   * trigger sees it.
   */
  async placeOrder(
    db: Db,
    values: PlacedOrderValues,
    lines: NewOrderLine[],
    entriesOf: (foreseen: { order: OrderRow; items: OrderItemRow[] }) => AuditEntry[],
  ): Promise<{ order: OrderRow; entries: AuditEntry[] }> {
    const now = new Date();
    const { orderPrefix, year, ...decided } = values;
    // the number and serial are the statement's: foreseen empty, written by it
    const foreseen: OrderRow = {
      ...decided,
      id: crypto.randomUUID(),
      orderNumber: '',
      yearSerial: 0,
      state: 'itemsCreated',
      paymentState: 'pending',
      paymentMethod: null,
      paymentServiceBaseUrl: null,
      paymentId: null,
      paymentGateway: null,
      paymentUrl: null,
      paymentMethodDiscount: '0',
      paymentCheckCount: 0,
      totalWithoutVat: String(values.totalWithoutVat),
      totalWithVat: String(values.totalWithVat),
      itemsCreatedAt: now,
      paymentRequestedAt: null,
      paymentSuccessAt: null,
      paymentErrorAt: null,
      numberGenerationAt: null,
      emailSentAt: null,
      deliveredAt: null,
      configId: null,
      latePaymentAt: null,
      refundedAmount: '0',
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    const withData = lines.map((line) => ({
      ...line,
      lineDataId: line.data === null ? null : crypto.randomUUID(),
    }));
    // a millisecond apart, so that the items keep the order the buyer gave them (their numbers, the order page)
    const items = withData
      .flatMap((line) => Array.from({ length: line.count }, () => line))
      .map((line, index): OrderItemRow => foreseenItem(foreseen, line, new Date(now.getTime() + index)));
    const entries = entriesOf({ order: foreseen, items });
    const lineData = withData.flatMap((line) =>
      line.lineDataId === null
        ? []
        : [{ id: line.lineDataId, orderId: foreseen.id, data: JSON.stringify(line.data) }],
    );
    const serial = sql`(select "value" from "serial")`;
    const placed = db.insertInto('order').values({
      id: foreseen.id,
      eshopId: foreseen.eshopId,
      projectId: foreseen.projectId,
      orderNumber: orderNumberSql(orderPrefix, year, serial),
      yearSerial: sql<number>`${serial}`,
      locale: foreseen.locale,
      email: foreseen.email,
      currency: foreseen.currency,
      totalWithoutVat: foreseen.totalWithoutVat,
      totalWithVat: foreseen.totalWithVat,
      state: foreseen.state,
      paymentState: foreseen.paymentState,
      itemsCreatedAt: now,
      buyerCompany: foreseen.buyerCompany,
      buyerVatId: foreseen.buyerVatId,
      submissionKey: foreseen.submissionKey,
    });
    const columns = Object.entries(PLACED_ITEM_COLUMNS);
    const itemValues = items.map((item) =>
      Object.fromEntries(
        columns.map(([column]) => [column, item[column as keyof typeof PLACED_ITEM_COLUMNS]]),
      ),
    );
    // the entries get the number where they name it, and the order's entry its serial
    const numbered = auditRepository.insertManyQuery(db, entries, {
      from: 'placed',
      changes: sql`case when "entry"."changes" ? 'orderNumber' then "entry"."changes" || jsonb_build_object(
          'orderNumber', jsonb_build_object('after', "placed"."orderNumber")) else "entry"."changes" end
        || case when "entry"."rowId" = "placed"."id" then jsonb_build_object(
          'yearSerial', jsonb_build_object('after', "placed"."yearSerial")) else '{}'::jsonb end`,
    });
    const result = await sql<OrderRow>`with "serial" as (${takeQuery(values.eshopId, [`order:${year}`], 1)}),
      "placed" as (${placed.returningAll()}),
      ${lineData.length ? sql`"lineData" as (${db.insertInto('orderLineData').values(lineData)}),` : sql``}
      "items" as (insert into "orderItem" ("orderId", ${sql.join(columns.map(([column]) => sql.id(column)))})
        select "placed"."id", ${sql.join(columns.map(([column]) => sql`"item".${sql.id(column)}`))}
        from "placed", jsonb_to_recordset(${JSON.stringify(itemValues)}::jsonb) as "item" (${sql.join(
          columns.map(([column, type]) => sql`${sql.id(column)} ${sql.raw(type)}`),
        )}))
      ${entries.length ? sql`, "entries" as (${numbered})` : sql``}
      select * from "placed"`.execute(db);
    const order = result.rows[0];
    const numberOf = (entry: AuditEntry): AuditEntry => ({
      ...entry,
      changes: {
        ...entry.changes,
        ...('orderNumber' in entry.changes ? { orderNumber: { after: order.orderNumber } } : {}),
        ...(entry.rowId === order.id ? { yearSerial: { after: order.yearSerial } } : {}),
      },
    });
    return { order, entries: entries.map(numberOf) };
  },

  /** The order a storefront form placed, if it was placed before (the same form sent again). */
  findOrderBySubmission(db: Db, eshopId: string, submissionKey: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom('order')
      .selectAll()
      .where('eshopId', '=', eshopId)
      .where('submissionKey', '=', submissionKey)
      .executeTakeFirst();
  },

  findOrderByPaymentId(db: Db, paymentId: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom('order')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /**
   * The order's live items, oldest first, locked until the transaction ends, each with what its fulfilment reads
   * of other rows: its product's period and templates (null when the product is gone) and the e-shop's order prefix;
   * and, in the same statement, the e-shop's item serials (all time, year, month and day of the sale) taken for
   * those without a number (the first of each; none when all have one), so one order's numbers are consecutive.
   */
  async itemsToFulfil(
    trx: Db,
    order: { id: string; eshopId: string },
    keys: SerialKeys,
  ): Promise<{ items: ItemToFulfil[]; first: ItemSerials | undefined }> {
    const items = trx
      .selectFrom('orderItem')
      .leftJoin('product', (join) =>
        join.onRef('product.id', '=', 'orderItem.productId').on('product.deletedAt', 'is', null),
      )
      .leftJoin('eshop', (join) =>
        join.onRef('eshop.id', '=', 'orderItem.eshopId').on('eshop.deletedAt', 'is', null),
      )
      .selectAll('orderItem')
      .select([
        'product.period as productPeriod',
        'product.templateIds as productTemplateIds',
        'product.event as productEvent',
        'eshop.orderPrefix as orderPrefix',
        'eshop.name as eshopName',
        orderItemRepository.lineData.as('lineData'),
      ])
      .where('orderItem.orderId', '=', order.id)
      .where('orderItem.deletedAt', 'is', null)
      .forUpdate('orderItem');
    const counters = [`item:${keys.project}`, `item:${keys.year}`, `item:${keys.month}`, `item:${keys.day}`];
    // the counters in the order every taker locks them (takeQuery's), so concurrent takers queue
    const result = await sql<OrderItemRow & Omit<ItemToFulfil, 'item'> & { serialsTaken: unknown }>`
      with "items" as (${items}),
      "unnumbered" as (select count(*) as "count" from "items" where "itemNumber" is null),
      "taken" as (insert into "ticketCounter" ("eshopId", "counter", "value")
        select ${order.eshopId}::uuid, "key"."counter", "unnumbered"."count"
        from unnest(${counters}::text[]) with ordinality as "key" ("counter", "position"), "unnumbered"
        where "unnumbered"."count" > 0
        order by "key"."position"
        on conflict ("eshopId", "counter") do update set "value" = "ticketCounter"."value" + excluded."value"
        returning "counter", "value")
      select "items".*, (select jsonb_object_agg("counter", "value") from "taken") as "serialsTaken"
      from "items" order by "createdAt", "id"`.execute(trx);
    const fulfilling = result.rows.map(
      ({
        productPeriod,
        productTemplateIds,
        productEvent,
        orderPrefix,
        eshopName,
        lineData,
        serialsTaken: _taken,
        ...item
      }) => ({ item, productPeriod, productTemplateIds, productEvent, orderPrefix, eshopName, lineData }),
    );
    const last = result.rows[0]?.serialsTaken as Record<string, number> | null | undefined;
    const count = fulfilling.filter(({ item }) => item.itemNumber === null).length;
    const first = (counter: string) => Number(last?.[counter]) - count + 1;
    return {
      items: fulfilling,
      first: last
        ? {
            projectSerial: first(counters[0]),
            yearSerial: first(counters[1]),
            monthSerial: first(counters[2]),
            daySerial: first(counters[3]),
          }
        : undefined,
    };
  },

  findLiveTemplates(db: Db, ids: string[]): Promise<IssuingTemplate[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('template')
      .select(['id', 'projectId', 'name'])
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .execute();
  },

  /**
   * Writes an order's fulfilment in one statement: its new passes, each item's numbers, validity, pass and stage
   * stamps, the order's stage (the order the transaction locked by moving its payment), the audit entries of them
   * all (planned from the rows foreseen) and the job that follows it (the email), if any.
   */
  async writeFulfilment(
    trx: Db,
    write: {
      orderId: string;
      stage: Updateable<OrderTable>;
      items: FulfilledItem[];
      passes: NewTemplatePass[];
      entries: AuditEntry[];
      job?: ReturnType<JobQueue['enqueueQuery']>;
    },
  ): Promise<void> {
    const parts: RawBuilder<unknown>[] = [
      sql`"written" as (${trx
        .updateTable('order')
        .set({ updatedAt: new Date(), ...write.stage })
        .where('id', '=', write.orderId)})`,
    ];
    if (write.passes.length)
      parts.push(sql`"passes" as (${passRepository.insertTemplatePassesQuery(trx, write.passes)})`);
    if (write.items.length) parts.push(sql`"items" as (${fulfilItemsQuery(write.orderId, write.items)})`);
    if (write.entries.length)
      parts.push(sql`"entries" as (${auditRepository.insertManyQuery(trx, write.entries)})`);
    if (write.job) parts.push(sql`"job" as (${write.job})`);
    await sql`with ${sql.join(parts)} select 1`.execute(trx);
  },
};
