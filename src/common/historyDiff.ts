import type { AuditEntry } from '../../domain/schemas/audit';
import { boundedJson } from './boundedJson';

/** Values longer than this are shown cut, with a control that shows them whole. */
export const SHORT = 80;
/** How deep changedPaths() descends: below, a changed part is shown whole (a 10,000-deep document stays cheap). */
export const MAX_PATH_DEPTH = 20;
/**
 * How many pairs of objects or arrays one changedPaths() call opens: past it, what is left is reported whole where
 * it is not the very same value, uncompared (a page of large documents never stalls the browser).
 */
export const MAX_VISITS = 200_000;

/** One changed value: where (`jsonTemplate.primaryFields[0].label.en`), before and after (`undefined`: absent). */
export interface PathChange {
  path: string;
  before: unknown;
  after: unknown;
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `points`, `a.b`, `a[0]`, `a["two words"]` */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
}

/** The keys of either side, `before`'s first, then those only `after` has. */
function keysOf(before: Container, after: Container): (string | number)[] {
  if (Array.isArray(before) && Array.isArray(after))
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => index);
  const keys = Object.keys(before);
  const known = new Set(keys);
  return keys.concat(Object.keys(after).filter((key) => !known.has(key)));
}

/** An element or an own value: a key `__proto__` read from JSON is data, never the object's prototype. */
function childOf(value: Container, key: string | number): unknown {
  if (Array.isArray(value)) return typeof key === 'number' ? value[key] : undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** The count of values looked at so far, shared by one comparison. */
interface Budget {
  visits: number;
}

/** Whether two JSON values are equal, looking at no more than the budget allows (unknown past it: not equal). */
function sameJson(first: unknown, second: unknown, budget: Budget): boolean {
  const pending: [unknown, unknown][] = [[first, second]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [a, b] = next;
    if (a === b) continue;
    if (++budget.visits > MAX_VISITS) return false;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    if (Object.keys(a).length !== Object.keys(b).length) return false;
    for (const key of keysOf(a, b)) pending.push([childOf(a, key), childOf(b, key)]);
  }
  return true;
}

/**
 * Every changed value between two versions of a JSON value, in document order: objects are compared key by key
 * and arrays element by element (an added or removed element is one change at its index), other values as a whole.
 * A change below MAX_PATH_DEPTH, or past MAX_VISITS, is reported whole at the deepest path reached. Lazy: a
 * consumer can take the first changes and only count the rest.
 *
 * @example [...changedPaths({ points: 120 }, { points: 135 }, 'dynamicData')]
 *   // [{ path: 'dynamicData.points', before: 120, after: 135 }]
 */
export function* changedPaths(before: unknown, after: unknown, path = ''): Generator<PathChange> {
  const budget: Budget = { visits: 0 };
  const pending: { path: string; before: unknown; after: unknown; depth: number }[] = [
    { path, before, after, depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { before, after, depth } = next;
    if (before === after) continue;
    const comparable =
      isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after);
    if (!comparable || budget.visits++ > MAX_VISITS) {
      yield { path: next.path, before, after };
      continue;
    }
    if (depth >= MAX_PATH_DEPTH) {
      if (!sameJson(before, after, budget)) yield { path: next.path, before, after };
      continue;
    }
    const parentPath = next.path;
    const children = keysOf(before, after).map((key) => ({
      path: childPath(parentPath, key),
      before: childOf(before, key),
      after: childOf(after, key),
      depth: depth + 1,
    }));
    // a stack: the first child is taken first
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
  }
}

/** The changes of an audit entry, field by field, the first `limit` of them and the count of those left out. */
export function entryChanges(entry: AuditEntry, limit = 50): { shown: PathChange[]; more: number } {
  const shown: PathChange[] = [];
  let more = 0;
  for (const [field, { before, after }] of Object.entries(entry.changes)) {
    for (const change of changedPaths(before, after, childPath('', field))) {
      if (shown.length < limit) shown.push(change);
      else more++;
    }
  }
  return { shown, more };
}

/** The most of a value the history shows, even whole: a value of megabytes is not put on the page. */
export const MAX_TEXT = 10_000;

/** A value as text: `—` when absent, a string as it is, anything else as JSON; cut with `…` past `maxChars`. */
export function valueText(value: unknown, maxChars = MAX_TEXT): string {
  if (value === undefined) return '—';
  if (typeof value !== 'string') return boundedJson(value, maxChars);
  return value.length > maxChars ? `${value.slice(0, maxChars)}…` : value;
}

/** A value as one short line: valueText() cut at SHORT characters. */
export function shortValue(value: unknown): string {
  const text = valueText(value, SHORT);
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text;
}

/**
 * The row as it was right after `entries[index]`: the current row with every newer change undone.
 * `entries` is the history newest first, as the API answers it, read at least down to `index`.
 */
export function versionAfter(
  current: Record<string, unknown>,
  entries: readonly AuditEntry[],
  index: number,
): Record<string, unknown> {
  const version = { ...current };
  for (const entry of entries.slice(0, index))
    for (const [field, { before }] of Object.entries(entry.changes)) version[field] = before ?? null;
  return version;
}
