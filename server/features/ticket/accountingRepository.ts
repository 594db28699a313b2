import { sql, type RawBuilder } from 'kysely';
import type {
  AccountingWhere,
  RefundTransactionRow,
  SalesRefunds,
  SalesRow,
  TransactionRow,
} from '../../../domain/schemas/accounting';
import type { Db } from '../../kernel/db/database';

/** The e-shop asked for and the projects the caller may see ('all' for admins): columns of items and daily sales. */
function scopeOf(where: AccountingWhere, projectIds: 'all' | string[]): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (where.eshopId) conditions.push(sql<boolean>`"eshopId" = ${where.eshopId}::uuid`);
  if (projectIds !== 'all')
    conditions.push(
      projectIds.length
        ? sql<boolean>`"projectId" in (${sql.join(projectIds.map((id) => sql`${id}::uuid`))})`
        : sql<boolean>`false`,
    );
  return conditions;
}

const PAID = sql<boolean>`"paymentState" = 'paid' and "deletedAt" is null`;
const all = (conditions: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(conditions, sql` and `)}`;

/**
 * Paid, live items of the period (by payment time), of one e-shop or of all, restricted to the projects the caller
 * may see. Reads the partial index "orderItem_paid" / "orderItem_paid_eshop".
 */
function paidItems(where: AccountingWhere, projectIds: 'all' | string[]): RawBuilder<boolean> {
  return all([
    PAID,
    sql<boolean>`"paidAt" >= ${where.from}::timestamptz and "paidAt" < ${where.to}::timestamptz`,
    ...scopeOf(where, projectIds),
  ]);
}

/**
 * The period cut at UTC midnights: the whole days inside it, whose sales "salesDaily" adds up (migration 0015), and
 * the instants before the first and after the last of them, read from the items (at most a day on each side; the
 * whole period when it holds no whole day). Exact for any instants, so for a local day in any time zone.
 */
function periodParts(where: AccountingWhere) {
  const from = sql`${where.from}::timestamptz`;
  const to = sql`${where.to}::timestamptz`;
  // the first midnight at or after `from` (timestamps count microseconds), the last at or before `to`
  const firstDay = sql`(date_trunc('day', ${from} - interval '1 microsecond', 'UTC') + interval '24 hours')`;
  const lastDay = sql`date_trunc('day', ${to}, 'UTC')`;
  return {
    days: sql<boolean>`"day" >= (${firstDay} at time zone 'UTC')::date and "day" < (${lastDay} at time zone 'UTC')::date`,
    edges: sql<boolean>`(("paidAt" >= ${from} and "paidAt" < least(${to}, ${firstDay}))
      or ("paidAt" >= greatest(${from}, ${firstDay}, ${lastDay}) and "paidAt" < ${to}))`,
  };
}

/** Per e-shop, project and product name: count and sums of the period's paid items, from daily totals and items. */
function salesTotals(where: AccountingWhere, projectIds: 'all' | string[]): RawBuilder<unknown> {
  const scope = scopeOf(where, projectIds);
  const parts = periodParts(where);
  return sql`select "eshopId", "projectId", "type", sum("count")::int as "count", sum("price") as "price",
      sum("discountedPrice") as "discountedPrice"
    from (
      select "eshopId", "projectId", "productName" as "type", "count", "price", "discountedPrice"
      from "salesDaily" where ${all([parts.days, ...scope])}
      union all
      select "eshopId", "projectId", "productName", 1, "price", "discountedPrice"
      from "orderItem" where ${all([PAID, parts.edges, ...scope])}
    ) as "parts"
    group by "eshopId", "projectId", "type" having sum("count") > 0`;
}

/**
 * The name of the item's e-shop: only an e-shop of the item's own project (always the case), so a name never tells
 * of a project the caller may not see. Columns qualified: the item's own are read by the same names.
 */
const eshopNameOf = (items: string) => sql`(select "eshop"."name" from "eshop"
  where "eshop"."id" = ${sql.ref(`${items}.eshopId`)} and "eshop"."projectId" = ${sql.ref(`${items}.projectId`)})`;

/**
 * Succeeded, live refunds of the period (by the time their gateway confirmed them), of one e-shop or of all, in the
 * projects the caller may see. Reads the partial index "refund_refundedAt".
 */
function refundsOf(where: AccountingWhere, projectIds: 'all' | string[]): RawBuilder<boolean> {
  return all([
    sql<boolean>`"state" = 'succeeded' and "deletedAt" is null`,
    sql<boolean>`"refundedAt" >= ${where.from}::timestamptz and "refundedAt" < ${where.to}::timestamptz`,
    ...scopeOf(where, projectIds),
  ]);
}

/** A refund of a sale has a credit note; a late payment's (paid after its order timed out) none. */
const OF_SALE = sql<boolean>`"creditNoteNumber" is not null`;

/**
 * A page of rows with the total count when asked: known without counting when the page is the last one (short and
 * not past the end), else `count()`.
 */
async function pageWithCount<Row>(
  rows: Row[],
  page: { limit: number; offset: number; withCount: boolean },
  count: () => Promise<number>,
): Promise<{ rows: Row[]; totalCount: number | null }> {
  if (!page.withCount) return { rows, totalCount: null };
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0))
    return { rows, totalCount: page.offset + rows.length };
  return { rows, totalCount: await count() };
}

export const accountingRepository = {
  /** Per e-shop and product name: count and sums, with the e-shop's name. */
  async sales(db: Db, where: AccountingWhere, projectIds: 'all' | string[]): Promise<SalesRow[]> {
    const { rows } = await sql<{
      eshopId: string;
      eshopName: string | null;
      type: string;
      count: number;
      price: string;
      discountedPrice: string;
    }>`
      select "sums"."eshopId", ${eshopNameOf('sums')} as "eshopName", "sums"."type", "sums"."count",
        "sums"."price", "sums"."discountedPrice"
      from (${salesTotals(where, projectIds)}) as "sums"
      order by "sums"."eshopId", "sums"."type"`.execute(db);
    return rows.map((row) => ({
      ...row,
      eshopName: row.eshopName ?? '',
      price: Number(row.price),
      discountedPrice: Number(row.discountedPrice),
    }));
  },

  async transactions(
    db: Db,
    where: AccountingWhere,
    projectIds: 'all' | string[],
    page: { limit: number; offset: number; withCount: boolean },
  ): Promise<{ rows: TransactionRow[]; totalCount: number | null }> {
    const condition = paidItems(where, projectIds);
    const { rows } = await sql<Record<string, unknown>>`
      select "eshopId", ${eshopNameOf('orderItem')} as "eshopName", "paidAt", "orderNumber", "orderId", coalesce("itemNumber", '') as "code",
        "productName" as "type", "price", "discountPercentage", "discountAmount", "discountedPrice"
      from "orderItem" where ${condition}
      order by "paidAt", "id" limit ${page.limit} offset ${page.offset}`.execute(db);
    const data = rows.map((row) => ({
      eshopId: String(row.eshopId),
      eshopName: String(row.eshopName ?? ''),
      timestamp: new Date(row.paidAt as string | Date).toISOString(),
      orderNumber: String(row.orderNumber),
      orderId: String(row.orderId),
      code: String(row.code),
      type: String(row.type),
      price: Number(row.price),
      discountPercentage: Number(row.discountPercentage),
      discountAmount: Number(row.discountAmount),
      discountedPrice: Number(row.discountedPrice),
    }));
    return pageWithCount(data, page, async () => {
      const counted = await sql<{ count: number }>`select coalesce(sum("count"), 0)::int as "count"
        from (${salesTotals(where, projectIds)}) as "sums"`.execute(db);
      return counted.rows[0].count;
    });
  },

  /** Per e-shop: the refunds of sales of the period, how many and the money out (negative). */
  async salesRefunds(db: Db, where: AccountingWhere, projectIds: 'all' | string[]): Promise<SalesRefunds[]> {
    const { rows } = await sql<{ eshopId: string; eshopName: string | null; count: number; amount: string }>`
      select "sums"."eshopId", ${eshopNameOf('sums')} as "eshopName", "sums"."count", "sums"."amount"
      from (select "eshopId", "projectId", count(*)::int as "count", -sum("amount") as "amount" from "refund"
        where ${all([refundsOf(where, projectIds), OF_SALE])} group by "eshopId", "projectId") as "sums"
      order by "sums"."eshopId"`.execute(db);
    return rows.map((row) => ({ ...row, eshopName: row.eshopName ?? '', amount: Number(row.amount) }));
  },

  /** One page of the period's refunds, oldest first, their amounts negative. */
  async refundTransactions(
    db: Db,
    where: AccountingWhere,
    projectIds: 'all' | string[],
    page: { limit: number; offset: number; withCount: boolean },
  ): Promise<{ rows: RefundTransactionRow[]; totalCount: number | null }> {
    const condition = refundsOf(where, projectIds);
    const { rows } = await sql<Record<string, unknown>>`
      select "eshopId", ${eshopNameOf('refund')} as "eshopName", "refundedAt", "orderNumber", "orderId",
        coalesce("creditNoteNumber", '') as "creditNoteNumber", "reason", "amount"
      from "refund" where ${condition}
      order by "refundedAt", "id" limit ${page.limit} offset ${page.offset}`.execute(db);
    const data = rows.map((row) => ({
      eshopId: String(row.eshopId),
      eshopName: String(row.eshopName ?? ''),
      timestamp: new Date(row.refundedAt as string | Date).toISOString(),
      orderNumber: String(row.orderNumber),
      orderId: String(row.orderId),
      creditNoteNumber: String(row.creditNoteNumber),
      reason: String(row.reason),
      amount: -Number(row.amount),
      latePayment: row.creditNoteNumber === '',
    }));
    return pageWithCount(data, page, async () => {
      const counted = await sql<{ count: number }>`select count(*)::int as "count" from "refund"
        where ${condition}`.execute(db);
      return counted.rows[0].count;
    });
  },
};
