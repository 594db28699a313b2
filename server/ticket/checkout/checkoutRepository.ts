import crypto from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { passRepository } from '../../repositories/passRepository';
import type { OrderItemRow, OrderItemTable, OrderRow, OrderTable, ProductRow } from '../../db/tables';
import type { SerialKeys } from './numbering';

export interface NewOrder {
  eshopId: string;
  projectId: string;
  orderPrefixYear: number;
  locale: string;
  email: string;
  currency: string;
  totalWithoutVat: number;
  totalWithVat: number;
}

export interface NewOrderItem {
  productId: string;
  productName: string;
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
 * Takes `count` consecutive values of each counter of the e-shop in one statement and answers the last of each.
 * The rows are locked in the same order by every caller, so concurrent takers queue instead of deadlocking.
 */
async function take(
  db: Db,
  eshopId: string,
  counters: string[],
  count: number,
): Promise<Map<string, number>> {
  const values = sql.join(counters.map((counter) => sql`(${eshopId}::uuid, ${counter}, ${count}::bigint)`));
  const result = await sql<{ counter: string; value: string | number }>`
    insert into "ticketCounter" ("eshopId", "counter", "value") values ${values}
    on conflict ("eshopId", "counter") do update set "value" = "ticketCounter"."value" + excluded."value"
    returning "counter", "value"`.execute(db);
  return new Map(result.rows.map((row) => [row.counter, Number(row.value)]));
}

/** A row before and after a write, for its audit entry. */
export interface RowWrite<T> {
  before: T;
  after: T;
}

/** Sets values of the order, read and locked first: the order before and after. Run in a transaction. */
async function changeOrder(trx: Db, id: string, values: Updateable<OrderTable>): Promise<RowWrite<OrderRow>> {
  const before = await trx
    .selectFrom('order')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const after = await trx
    .updateTable('order')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

/** Sets values of the order item, whose row before the caller read and locked: the item after. */
function changeItem(trx: Db, id: string, values: Updateable<OrderItemTable>): Promise<OrderItemRow> {
  return trx
    .updateTable('orderItem')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live order item, locked until the transaction ends. */
function lockedItem(trx: Db, id: string): Promise<OrderItemRow> {
  return trx.selectFrom('orderItem').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * All SQL of the public checkout. The writes answer their rows before and after, for the audit trail the service
 * writes in the same transaction; those of several statements take the transaction (`trx`) as their db.
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

  /** The next order serial of the e-shop in the year. */
  async nextOrderSerial(db: Db, eshopId: string, year: number): Promise<number> {
    const counter = `order:${year}`;
    return (await take(db, eshopId, [counter], 1)).get(counter) as number;
  },

  /** The order, each line's data once, and an item per counted product sharing its line's data. */
  async insertOrder(
    db: Db,
    order: Omit<NewOrder, 'orderPrefixYear'> & { orderNumber: string; yearSerial: number },
    lines: NewOrderLine[],
  ): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
    const now = new Date();
    const row = await db
      .insertInto('order')
      .values({ ...order, state: 'created', paymentState: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const withData = lines.map((line) => ({
      ...line,
      lineDataId: line.data === null ? null : crypto.randomUUID(),
    }));
    const data = withData.filter((line) => line.lineDataId !== null);
    if (data.length > 0)
      await db
        .insertInto('orderLineData')
        .values(
          data.map((line) => ({
            id: line.lineDataId as string,
            orderId: row.id,
            data: JSON.stringify(line.data),
          })),
        )
        .execute();
    const itemRows = await db
      .insertInto('orderItem')
      .values(
        withData.flatMap((line) =>
          Array.from({ length: line.count }, () => ({
            ...line.item,
            orderId: row.id,
            lineDataId: line.lineDataId,
            discountedPrice: line.item.price,
          })),
        ),
      )
      .returningAll()
      .execute();
    const updated = await db
      .updateTable('order')
      .set({ state: 'itemsCreated', itemsCreatedAt: now, updatedAt: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: updated, items: itemRows };
  },

  /** The order's payment was asked of the gateway. Run in a transaction. */
  paymentRequested(
    trx: Db,
    orderId: string,
    payment: { paymentId: string; paymentServiceBaseUrl: string; paymentMethod: string },
  ): Promise<RowWrite<OrderRow>> {
    return changeOrder(trx, orderId, {
      ...payment,
      state: 'paymentRequested',
      paymentRequestedAt: new Date(),
    });
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
   * Numbers the order's items that have none yet; run in a transaction: the e-shop's serials are taken for all of
   * them at once, so the items of one order get consecutive numbers. Answers the items and the order, before and
   * after (no order when no item needed a number).
   */
  async numberItems(
    trx: Db,
    order: OrderRow,
    keys: SerialKeys,
    numberOf: (serials: ItemSerials) => string,
    validity: (item: OrderItemRow) => { validFrom: Date; validTo: Date | null },
  ): Promise<{ items: Array<RowWrite<OrderItemRow>>; order?: RowWrite<OrderRow> }> {
    const items = await trx
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', order.id)
      .where('deletedAt', 'is', null)
      .where('itemNumber', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .forUpdate()
      .execute();
    if (items.length === 0) return { items: [] };
    const requestedAt = new Date();
    const counters = [`item:${keys.project}`, `item:${keys.year}`, `item:${keys.month}`, `item:${keys.day}`];
    const last = await take(trx, order.eshopId, counters, items.length);
    const first = (counter: string) => (last.get(counter) as number) - items.length + 1;
    const numbered: Array<RowWrite<OrderItemRow>> = [];
    for (const [index, item] of items.entries()) {
      const serials: ItemSerials = {
        projectSerial: first(counters[0]) + index,
        yearSerial: first(counters[1]) + index,
        monthSerial: first(counters[2]) + index,
        daySerial: first(counters[3]) + index,
      };
      const after = await changeItem(trx, item.id, {
        ...serials,
        ...validity(item),
        itemNumber: numberOf(serials),
        state: 'numbered',
        numberRequestedAt: requestedAt,
        numberSuccessAt: new Date(),
      });
      numbered.push({ before: item, after });
    }
    const orderWrite = await changeOrder(trx, order.id, {
      state: 'numbersGenerated',
      numberGenerationAt: new Date(),
    });
    return { items: numbered, order: orderWrite };
  },

  /**
   * Issues the item's pass (a pass of the template with the dynamic data) and links it; run in a transaction.
   * Answers the new pass's row and the item before and after.
   */
  async issuePass(
    trx: Db,
    itemId: string,
    template: { id: string; projectId: string },
    dynamicData: Record<string, unknown>,
  ): Promise<{ pass: Record<string, unknown> & { id: string }; item: RowWrite<OrderItemRow> }> {
    const before = await lockedItem(trx, itemId);
    const requestedAt = new Date();
    const pass = await passRepository.insertTemplatePass(trx, template, dynamicData, before.validTo);
    const after = await changeItem(trx, itemId, {
      passId: pass.id,
      templateId: template.id,
      issued: true,
      state: 'issued',
      passRequestedAt: requestedAt,
      passSuccessAt: new Date(),
    });
    return { pass, item: { before, after } };
  },

  /** The item's pass could not be issued. Run in a transaction. */
  async passFailed(trx: Db, itemId: string): Promise<RowWrite<OrderItemRow>> {
    const before = await lockedItem(trx, itemId);
    return { before, after: await changeItem(trx, itemId, { state: 'failed', passErrorAt: new Date() }) };
  },

  findLiveTemplate(db: Db, id: string) {
    return db
      .selectFrom('template')
      .select(['id', 'projectId'])
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** The order reached a stage of its fulfilment. Run in a transaction. */
  orderStage(
    trx: Db,
    orderId: string,
    state: 'passesIssued' | 'emailSent' | 'delivered' | 'failed',
    stamps: { emailSentAt?: Date; deliveredAt?: Date } = {},
  ): Promise<RowWrite<OrderRow>> {
    return changeOrder(trx, orderId, { state, ...stamps });
  },
};
