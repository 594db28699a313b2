/** What a spreadsheet reads as a formula (or a command) at the start of a cell: = + - @, a tab, a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a spreadsheet must show it, never run it: one starting like a formula gets a leading `'` (OWASP's
 * advice against CSV injection). Numbers are not texts: a negative amount stays a number.
 *
 * @example harmlessText("=cmd|' /C calc'!A0") // "'=cmd|' /C calc'!A0"
 */
export function harmlessText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180): empty for null, objects as JSON, texts made harmless (harmlessText), quoted when they
 * hold a delimiter (`,` or `;`), a quote, a line break or surrounding spaces. Every CSV the project makes (the
 * console's exports, the import's result file) writes its cells here.
 *
 * @example csvCell('A, B') // '"A, B"'
 * @example csvCell(-5) // '-5'
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? harmlessText(value)
      : typeof value === 'object'
        ? harmlessText(JSON.stringify(value))
        : String(value);
  return /[",\r\n;\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV line of cells, comma-separated, without its line break.
 *
 * @example csvLine(['id', 'name']) // 'id,name'
 */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',');
}
