import type { ResourceDescriptor } from '../../domain/resource';
import { OPERATORS, isUuid, where, type FieldKind, type Scalar, type WhereInput } from '../../domain/where';
import { BULK_PAGE_SIZE } from '../constants';

/** What react-admin's getList hands over (filter, pagination, sort). */
export interface ListParams {
  filter?: Record<string, unknown>;
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
}

/** Filter keys ending so are the two ends of a date range on the field before the suffix. */
export const RANGE_FROM = '_from';
export const RANGE_TO = '_to';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const OPERATOR_KEYS: ReadonlySet<string> = new Set(OPERATORS);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => OPERATOR_KEYS.has(key));
}

function guessKind(value: unknown): FieldKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (isUuid(value)) return 'uuid';
  return 'string';
}

/** A day (YYYY-MM-DD) as the instant its local midnight starts; anything else as the instant it names. */
function dayStart(value: string, addDays = 0): string {
  const day = DAY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + addDays) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function toBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function condition(kind: FieldKind, value: unknown): unknown {
  if (value === null) return null;
  if (isOperatorObject(value)) return value;
  if (Array.isArray(value)) {
    const values = value as Scalar[];
    return kind === 'uuid' || values.every(isUuid) ? where.inUuid(values.map(String)) : where.in(values);
  }
  switch (kind) {
    case 'string':
    case 'json':
      return typeof value === 'string' ? where.contains(value) : { $eq: value };
    case 'number':
      return { $eq: typeof value === 'string' ? Number(value) : value };
    case 'boolean':
      return { $eq: toBoolean(value) };
    case 'datetime':
      return typeof value === 'string' && DAY.test(value) ? where.day(value) : { $eq: value };
    case 'uuid':
      return { $eq: value };
  }
}

/**
 * react-admin's filter values as a where of domain/where.ts: text → $like (contains, read literally), ids → $eq or $inUuid,
 * `<date>_from` / `<date>_to` → gtOrEq the first day / $lt the day after the last day.
 * `deletedAt: null` always comes first (the server excludes deleted rows anyway).
 *
 * @example buildWhere(projectResource, { name: 'cme' }) // { deletedAt: null, name: { $like: 'cme' } }
 */
export function buildWhere(
  descriptor: ResourceDescriptor | undefined,
  filter: Record<string, unknown> = {},
): WhereInput {
  const result: WhereInput = { deletedAt: null };
  const kindOf = (field: string, value: unknown) => descriptor?.filterFields[field] ?? guessKind(value);
  for (const [key, value] of Object.entries(filter)) {
    if (isEmpty(value)) continue;
    if (key.endsWith(RANGE_FROM) || key.endsWith(RANGE_TO)) {
      const isFrom = key.endsWith(RANGE_FROM);
      const field = key.slice(0, -(isFrom ? RANGE_FROM : RANGE_TO).length);
      const bound = isFrom ? where.gtOrEq(dayStart(String(value))) : where.lt(dayStart(String(value), 1));
      const previous = result[field];
      result[field] = isOperatorObject(previous) ? { ...previous, ...bound } : bound;
      continue;
    }
    result[key] = condition(kindOf(key, value), value);
  }
  return result;
}

function sortOf(
  descriptor: ResourceDescriptor | undefined,
  sort: ListParams['sort'],
): { orderBy: string; order: string } {
  const order = sort?.order?.toLowerCase() === 'asc' ? 'asc' : 'desc';
  if (!descriptor) return { orderBy: sort?.field || 'id', order: sort?.field ? order : 'asc' };
  if (sort?.field && descriptor.sortFields.includes(sort.field)) return { orderBy: sort.field, order };
  return { orderBy: descriptor.defaultSort.field, order: descriptor.defaultSort.order };
}

/**
 * The query string of a list call: where (JSON), page, limit (at most 1000), order (asc|desc), orderBy,
 * and count=false when the total is not wanted.
 *
 * @example buildListQuery(projectResource, { pagination: { page: 2, perPage: 20 } })
 * // 'where=%7B%22deletedAt%22%3Anull%7D&page=2&limit=20&order=desc&orderBy=updatedAt'
 */
export function buildListQuery(
  descriptor: ResourceDescriptor | undefined,
  params: ListParams,
  options: { count?: boolean } = {},
): string {
  const page = Math.max(1, Math.floor(params.pagination?.page ?? 1));
  const limit = Math.min(BULK_PAGE_SIZE, Math.max(1, Math.floor(params.pagination?.perPage ?? 10)));
  const { order, orderBy } = sortOf(descriptor, params.sort);
  const query: Array<[string, string]> = [
    ['where', JSON.stringify(buildWhere(descriptor, params.filter))],
    ['page', String(page)],
    ['limit', String(limit)],
    ['order', order],
    ['orderBy', orderBy],
  ];
  if (options.count === false) query.push(['count', 'false']);
  return query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}
