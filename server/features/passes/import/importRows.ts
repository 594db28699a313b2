import { isUuid } from '../../../../domain/where';
import { IMPORT_MAX_CELL_LENGTH, type PassImportError } from '../../../../domain/schemas/passImport';
import type { CsvRecord } from './csvRecords';
import { cellValue, importColumn, type ImportColumn } from './columnTypes';

/** The column that names the pass a row updates; every other column is a dynamic data key. */
export const ID_COLUMN = 'id';

/** The header as read: each column's key and type (null for the id column), and what is wrong with it. */
export interface ImportHeader {
  names: string[];
  columns: Array<ImportColumn | null>;
  hasId: boolean;
  errors: PassImportError[];
}

/** A data row made ready: the pass it updates (if any), its dynamic data, and the errors of its cells. */
export interface PreparedRow {
  row: number;
  id?: string;
  dynamicData: Record<string, unknown>;
  errors: PassImportError[];
}

/**
 * The header row against the template's dynamic data schema: each column's key (nested by `a.b`) and type; an
 * unknown, unnamed or repeated column is an error of row 1 naming it (csvRecords refuses more than
 * IMPORT_MAX_COLUMNS).
 *
 * @example readHeader(schema, { row: 1, cells: ['id', 'holder.name'] })
 */
export function readHeader(schema: unknown, record: CsvRecord): ImportHeader {
  const names = record.cells.map((cell) => cell.trim());
  const errors: PassImportError[] = [];
  const seen = new Set<string>();
  const columns = names.map((name, index) => {
    const error = (message: string) => {
      errors.push({ row: 1, column: name || `#${index + 1}`, message });
      return null;
    };
    if (!name) return error(`Column ${index + 1} has no name in the header.`);
    if (seen.has(name)) return error(`The column "${name}" is in the header twice.`);
    seen.add(name);
    if (name === ID_COLUMN) return null;
    const column = importColumn(schema, name);
    return 'error' in column ? error(column.error) : column;
  });
  return { names, columns, hasId: names.includes(ID_COLUMN), errors };
}

/** Sets `value` at `path` of `target`, making the objects on the way; a key such as `__proto__` is a key like another. */
function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  const put = (node: Record<string, unknown>, key: string, next: unknown) =>
    Object.defineProperty(node, key, { value: next, enumerable: true, writable: true, configurable: true });
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    if (next && typeof next === 'object' && !Array.isArray(next)) node = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      put(node, key, made);
      node = made;
    }
  }
  put(node, path[path.length - 1], value);
}

/**
 * A data row as the import will use it: its cells typed by their columns (an empty cell leaves its key out) into
 * dynamic data, the id of the pass it updates, and the errors of its cells (too long, of the wrong type, a bad id,
 * more cells than the header).
 *
 * @example prepareRow(header, { row: 2, cells: ['', 'Jane'] }) // { row: 2, dynamicData: { holder: { name: 'Jane' } }, errors: [] }
 */
export function prepareRow(header: ImportHeader, record: CsvRecord): PreparedRow {
  const prepared: PreparedRow = { row: record.row, dynamicData: {}, errors: [] };
  const error = (column: string | null, message: string) =>
    prepared.errors.push({ row: record.row, column, message });
  const extra = record.cells.slice(header.names.length);
  if (extra.some((cell) => cell.trim() !== ''))
    error(null, `The row has ${record.cells.length} cells; the header has ${header.names.length} columns.`);
  header.names.forEach((name, index) => {
    const text = record.cells[index] ?? '';
    if (text === '') return;
    if (text.length > IMPORT_MAX_CELL_LENGTH)
      return error(name, `The cell is longer than ${IMPORT_MAX_CELL_LENGTH} characters.`);
    if (name === ID_COLUMN) {
      if (!isUuid(text.trim())) return error(name, `"${text.slice(0, 40)}" is not a pass id (a UUID).`);
      prepared.id = text.trim().toLowerCase();
      return;
    }
    const column = header.columns[index];
    if (!column) return;
    const typed = cellValue(column.types, text);
    if ('error' in typed) return error(name, typed.error);
    setAt(prepared.dynamicData, column.path, typed.value);
  });
  return prepared;
}

/**
 * The column a dynamic data problem's path (`/dynamicData/holder/name`) points at, if the file has it.
 *
 * @example columnOfPath(['holder.name'], '/dynamicData/holder/name') // 'holder.name'
 */
export function columnOfPath(names: readonly string[], path: string): string | null {
  const dotted = path
    .replace(/^\/dynamicData\/?/, '')
    .split('/')
    .filter(Boolean)
    .join('.');
  if (!dotted) return null;
  const parts = dotted.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (names.includes(candidate)) return candidate;
  }
  return dotted;
}
