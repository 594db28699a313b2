import {
  REFUND_CSV_HEADERS,
  SALES_CSV_HEADERS,
  TRANSACTION_CSV_HEADERS,
  type RefundTransactionRow,
  type SalesRow,
  type TransactionRow,
} from '../../domain/schemas/accounting';
import { toCsv } from '../common/csv';

/** The rows' fields that have a header, under their header, in the headers' order. */
function withHeaders<Row extends object>(
  rows: readonly Row[],
  headers: Partial<Record<keyof Row, string>>,
): string {
  const columns = Object.entries(headers) as Array<[keyof Row, string]>;
  const named = rows.map((row) => Object.fromEntries(columns.map(([field, header]) => [header, row[field]])));
  return toCsv(
    named,
    columns.map(([, header]) => header),
  );
}

/** The Sales tab as CSV, with the Czech headers of spec section 3. */
export const salesCsv = (rows: readonly SalesRow[]) => withHeaders(rows, SALES_CSV_HEADERS);

/** The Transactions tab as CSV, with the Czech headers of spec section 3. */
export const transactionsCsv = (rows: readonly TransactionRow[]) =>
  withHeaders(rows, TRANSACTION_CSV_HEADERS);

/** The Refunds tab as CSV, with Czech headers as the other tabs': amounts negative (money out). */
export const refundsCsv = (rows: readonly RefundTransactionRow[]) => withHeaders(rows, REFUND_CSV_HEADERS);

/** Sums of the money columns (and of the count) over the rows. */
export function totals<Row extends object>(rows: readonly Row[], fields: ReadonlyArray<keyof Row>) {
  return Object.fromEntries(
    fields.map((field) => [field, rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0)]),
  ) as Record<keyof Row, number>;
}
