import { sql, type RawBuilder } from 'kysely';
import type { AccountingWhere, SalesRow, TransactionRow } from '../../domain/schemas/accounting';
import type { Db } from '../db/database';

/**
 * Paid, live items of the period (by payment time), of one e-shop or of all, restricted to the projects the caller
 * may see ('all' for admins). Reads the partial index "orderItem_paid" / "orderItem_paid_eshop".
 */
function paidItems(where: AccountingWhere, projectIds: 'all' | string[]): RawBuilder<boolean> {
  const conditions = [
    sql<boolean>`"paymentState" = 'paid' and "deletedAt" is null`,
    sql<boolean>`"paidAt" >= ${where.from}::timestamptz and "paidAt" < ${where.to}::timestamptz`,
  ];
  if (where.eshopId) conditions.push(sql<boolean>`"eshopId" = ${where.eshopId}::uuid`);
  if (projectIds !== 'all')
    conditions.push(
      projectIds.length
        ? sql<boolean>`"projectId" in (${sql.join(projectIds.map((id) => sql`${id}::uuid`))})`
        : sql<boolean>`false`,
    );
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/**
 * The name of the item's e-shop: only an e-shop of the item's own project (always the case), so a name never tells
 * of a project the caller may not see. Columns qualified: the item's own are read by the same names.
 */
const eshopNameOf = (items: string) => sql`(select "eshop"."name" from "eshop"
  where "eshop"."id" = ${sql.ref(`${items}.eshopId`)} and "eshop"."projectId" = ${sql.ref(`${items}.projectId`)})`;

export const accountingRepository = {
  /** Per e-shop and product name: count and sums, added up by PostgreSQL, with the e-shop's name. */
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
      from (select "eshopId", "projectId", "productName" as "type", count(*)::int as "count",
          sum("price") as "price", sum("discountedPrice") as "discountedPrice"
        from "orderItem" where ${paidItems(where, projectIds)}
        group by "eshopId", "projectId", "productName") as "sums"
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
    if (!page.withCount) return { rows: data, totalCount: null };
    if (data.length < page.limit && (data.length > 0 || page.offset === 0))
      return { rows: data, totalCount: page.offset + data.length };
    const counted = await sql<{ count: number }>`select count(*)::int as "count" from "orderItem"
      where ${condition}`.execute(db);
    return { rows: data, totalCount: counted.rows[0].count };
  },
};
