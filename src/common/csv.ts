type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV: a header of every field met (in order of first appearance), objects as JSON, RFC 4180 quoting.
 *
 * @example toCsv([{ id: 1, name: 'A, B' }]) // 'id,name\r\n1,"A, B"'
 */
export function toCsv(rows: readonly Row[], columns?: readonly string[]): string {
  const header = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [
    header.map(cell).join(','),
    ...rows.map((row) => header.map((field) => cell(row[field])).join(',')),
  ];
  return lines.join('\r\n');
}
