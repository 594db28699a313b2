import {
  SALES_CSV_HEADERS,
  TRANSACTION_CSV_HEADERS,
  type SalesRow,
  type TransactionRow,
} from '../../domain/schemas/accounting';
import { toCsv } from '../common/csv';

function withHeaders<Row extends object>(rows: readonly Row[], headers: Record<keyof Row, string>): string {
  const fields = Object.keys(headers) as Array<keyof Row>;
  const named = rows.map((row) => Object.fromEntries(fields.map((field) => [headers[field], row[field]])));
  return toCsv(
    named,
    fields.map((field) => headers[field]),
  );
}

/** The Sales tab as CSV, with the Czech headers of spec section 3. */
export const salesCsv = (rows: readonly SalesRow[]) => withHeaders(rows, SALES_CSV_HEADERS);

/** The Transactions tab as CSV, with the Czech headers of spec section 3. */
export const transactionsCsv = (rows: readonly TransactionRow[]) =>
  withHeaders(rows, TRANSACTION_CSV_HEADERS);

/** Sums of the money columns (and of the count) over the rows. */
export function totals<Row extends object>(rows: readonly Row[], fields: ReadonlyArray<keyof Row>) {
  return Object.fromEntries(
    fields.map((field) => [field, rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0)]),
  ) as Record<keyof Row, number>;
}
