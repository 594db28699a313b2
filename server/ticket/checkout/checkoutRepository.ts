import crypto from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderItemRow, OrderRow, OrderTable, ProductRow } from '../../db/tables';
import { auditRepository, type AuditEntry } from '../../repositories/auditRepository';
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

/** An order item with what its fulfilment reads of other rows (itemsToFulfil). */
export interface ItemToFulfil {
  item: OrderItemRow;
  productPeriod: unknown;
  productTemplateIds: unknown;
  orderPrefix: string | null;
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
      .values({ ...order, state: 'itemsCreated', itemsCreatedAt: now, paymentState: 'pending' })
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
    return { order: row, items: itemRows };
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
   * of other rows: its product's period and templates (null when the product is gone) and the e-shop's order prefix.
   */
  async itemsToFulfil(trx: Db, orderId: string): Promise<ItemToFulfil[]> {
    const rows = await trx
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
        'eshop.orderPrefix as orderPrefix',
      ])
      .where('orderItem.orderId', '=', orderId)
      .where('orderItem.deletedAt', 'is', null)
      .orderBy('orderItem.createdAt')
      .orderBy('orderItem.id')
      .forUpdate('orderItem')
      .execute();
    return rows.map(({ productPeriod, productTemplateIds, orderPrefix, ...item }) => ({
      item,
      productPeriod,
      productTemplateIds,
      orderPrefix,
    }));
  },

  /**
   * Takes `count` consecutive item serials of the e-shop (all time, year, month and day of the sale) in one
   * statement; answers the first of each.
   */
  async takeItemSerials(trx: Db, eshopId: string, keys: SerialKeys, count: number): Promise<ItemSerials> {
    const counters = [`item:${keys.project}`, `item:${keys.year}`, `item:${keys.month}`, `item:${keys.day}`];
    const last = await take(trx, eshopId, counters, count);
    const first = (counter: string) => (last.get(counter) as number) - count + 1;
    return {
      projectSerial: first(counters[0]),
      yearSerial: first(counters[1]),
      monthSerial: first(counters[2]),
      daySerial: first(counters[3]),
    };
  },

  findLiveTemplates(db: Db, ids: string[]): Promise<Array<{ id: string; projectId: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('template')
      .select(['id', 'projectId'])
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .execute();
  },

  /** Writes each item's fulfilment (numbers, validity, pass, stage stamps) in one statement; answers the items after. */
  async fulfilItems(trx: Db, items: FulfilledItem[]): Promise<OrderItemRow[]> {
    if (items.length === 0) return [];
    const columns = Object.entries(FULFILMENT_COLUMNS);
    const values = items.map((item) =>
      Object.fromEntries(
        ['id', ...Object.keys(FULFILMENT_COLUMNS)].map((column) => [
          column,
          item[column as keyof FulfilledItem],
        ]),
      ),
    );
    const result = await sql<OrderItemRow>`update "orderItem" set ${sql.join(
      columns.map(([column]) => sql`${sql.id(column)} = "fulfilled".${sql.id(column)}`),
    )}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as "fulfilled" ("id" uuid, ${sql.join(
        columns.map(([column, type]) => sql`${sql.id(column)} ${sql.raw(type)}`),
      )})
      where "orderItem"."id" = "fulfilled"."id"
      returning "orderItem".*`.execute(trx);
    return result.rows;
  },

  /**
   * Sets values of the order the transaction locked (by moving its payment), in one statement with the audit entries
   * of the transaction's writes.
   */
  async setOrder(trx: Db, id: string, values: Updateable<OrderTable>, entries: AuditEntry[]): Promise<void> {
    const update = trx
      .updateTable('order')
      .set({ updatedAt: new Date(), ...values })
      .where('id', '=', id);
    if (entries.length === 0) await update.execute();
    else
      await sql`with "written" as (${update}), "entries" as (${auditRepository.insertManyQuery(trx, entries)})
        select 1`.execute(trx);
  },
};
