import { sql, type Expression } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { OrderItemRow } from '../../kernel/db/tables';
import { googleWalletOfferColumns } from '../wallet';

/** The item's customer data: stored once per order line and shared by the line's items. */
const lineData = sql<unknown>`(select "orderLineData"."data" from "orderLineData"
  where "orderLineData"."id" = "orderItem"."lineDataId")`;

/**
 * How JSON carries each column of an item, in the table's order (a row read through JSON has the keys of a row read
 * as such): a timestamp comes as ISO text, made a Date again; a numeric is sent as text, since a JSON number would
 * drop the scale the driver keeps ("12.50", not 12.5).
 */
const itemColumns: Record<keyof OrderItemRow, 'timestamp' | 'numeric' | 'as is'> = {
  id: 'as is',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
  deletedAt: 'timestamp',
  orderId: 'as is',
  productId: 'as is',
  eshopId: 'as is',
  projectId: 'as is',
  orderNumber: 'as is',
  paymentState: 'as is',
  paidAt: 'timestamp',
  productName: 'as is',
  productMaxEntries: 'as is',
  entryCount: 'as is',
  state: 'as is',
  validFrom: 'timestamp',
  validTo: 'timestamp',
  itemNumber: 'as is',
  projectSerial: 'as is',
  yearSerial: 'as is',
  monthSerial: 'as is',
  daySerial: 'as is',
  priceWithoutVat: 'numeric',
  vat: 'numeric',
  price: 'numeric',
  discountPercentage: 'numeric',
  discountAmount: 'numeric',
  discountedPrice: 'numeric',
  issued: 'as is',
  numberRequestedAt: 'timestamp',
  numberSuccessAt: 'timestamp',
  numberErrorAt: 'timestamp',
  passRequestedAt: 'timestamp',
  passSuccessAt: 'timestamp',
  passErrorAt: 'timestamp',
  passInvalidationRequestedAt: 'timestamp',
  passInvalidatedAt: 'timestamp',
  manualChangeAt: 'timestamp',
  used: 'as is',
  firstEntry: 'timestamp',
  lastEntry: 'timestamp',
  configId: 'as is',
  templateId: 'as is',
  passId: 'as is',
  lineDataId: 'as is',
  // added by migration 0022, so last in the table
  ticketSecret: 'as is',
  productTitle: 'as is',
  // added by migration 0024
  refundId: 'as is',
};
const columnNames = Object.keys(itemColumns) as (keyof OrderItemRow)[];
const timestampColumns = columnNames.filter((column) => itemColumns[column] === 'timestamp');
// constant text of the table's own column names (no input), so it is not compiled again for each read
const jsonColumns = sql.raw(
  columnNames
    .map((column) =>
      itemColumns[column] === 'numeric'
        ? `"orderItem"."${column}"::text as "${column}"`
        : `"orderItem"."${column}"`,
    )
    .join(', '),
);

/** An item as JSON carries it (see itemColumns). */
export type OrderItemJson = Record<keyof OrderItemRow, unknown>;

export const orderItemRepository = {
  lineData,
  /** The item's customer data as "data" (a computed column of the engine's reads). */
  dataColumn: sql`${lineData} as "data"`,

  /**
   * An order's live items as its buyer sees them (the order page, the email): each with its line's customer data
   * and whether its pass's template offers Google Wallet. Oldest first.
   */
  ticketsOfOrder(db: Db, orderId: string) {
    return db
      .selectFrom('orderItem')
      .leftJoin('pass', (join) =>
        join.onRef('pass.id', '=', 'orderItem.passId').on('pass.deletedAt', 'is', null),
      )
      .leftJoin('template', 'template.id', 'pass.templateId')
      .select([
        'orderItem.id',
        'orderItem.itemNumber',
        'orderItem.ticketSecret',
        'orderItem.productName',
        'orderItem.productTitle',
        'orderItem.state',
        'orderItem.validFrom',
        'orderItem.validTo',
        'orderItem.price',
        'orderItem.vat',
        'orderItem.passId',
        'pass.voided as passVoided',
        ...googleWalletOfferColumns,
        lineData.as('data'),
      ])
      .where('orderItem.orderId', '=', orderId)
      .where('orderItem.deletedAt', 'is', null)
      .orderBy('orderItem.createdAt')
      .orderBy('orderItem.id')
      .execute();
  },

  liveOfOrder(db: Db, orderId: string): Promise<OrderItemRow[]> {
    return db
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  },

  /**
   * The live items of the order `orderId` refers to (a column of the enclosing query, e.g. "order"."id") as a JSON
   * array in liveOfOrder's order, each item read back with `fromJson`: the items of a read of the order, without a
   * second round trip.
   */
  liveOfOrderAsJson(orderId: Expression<string>) {
    const live = sql`select ${jsonColumns} from "orderItem"
      where "orderItem"."orderId" = ${orderId} and "orderItem"."deletedAt" is null`;
    const ordered = sql`json_agg("item" order by "item"."createdAt", "item"."id")`;
    return sql<OrderItemJson[]>`(select coalesce(${ordered}, '[]') from (${live}) as "item")`;
  },

  /** An item of liveOfOrderAsJson as the row liveOfOrder answers: its timestamps Dates again. */
  fromJson(item: OrderItemJson): OrderItemRow {
    for (const column of timestampColumns) {
      const value = item[column];
      if (typeof value === 'string') item[column] = new Date(value);
    }
    return item as OrderItemRow;
  },
};
