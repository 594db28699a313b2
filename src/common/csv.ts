import { csvCell, csvLine } from '../../domain/csvCell';

type Row = Record<string, unknown>;

/**
 * Rows as CSV: a header of every field met (in order of first appearance), objects as JSON, RFC 4180 quoting, and
 * texts that a spreadsheet would run as formulas prefixed with `'` (domain/csvCell).
 *
 * @example toCsv([{ id: 1, name: 'A, B' }]) // 'id,name\r\n1,"A, B"'
 */
export function toCsv(rows: readonly Row[], columns?: readonly string[]): string {
  const header = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [csvLine(header), ...rows.map((row) => header.map((field) => csvCell(row[field])).join(','))];
  return lines.join('\r\n');
}
