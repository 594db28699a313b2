import { czechTextProblem, printableText, unstorableText } from './text';

/**
 * The filter grammar shared by the console (which builds it) and the server (which turns it into SQL).
 *
 * A where is a JSON object, every entry a condition, all of them joined by AND:
 *   { "name": "Acme" }                                  equal
 *   { "parentId": null }                                is null
 *   { "name": { "$like": "cme" } }                      contains, case-insensitive (%value%)
 *   { "name": { "$like": "Acme%" } }                    a pattern: % any text, _ one character, \ escapes
 *                                                       (a value with a wildcard matches whole, as SQL LIKE)
 *   { "id": { "$inUuid": ["…", "…"] } }                 one of (also "$in")
 *   { "createdAt": { "gtOrEq": "2026-01-01T00:00:00Z", "$lt": "2026-02-01T00:00:00Z" } }
 *   { "createdAt": { "$day": "2026-11-22" } }           that UTC day, from midnight to the next midnight
 *   { "devices.total": { "$gt": 0 } }                   nested field of a JSON column
 *   { "deletedAt": { "$gt": "2026-11-01T00:00:00Z" } }  rows deleted since then (lists show live rows unless
 *                                                       a condition on deletedAt says otherwise)
 *
 * @example parseWhere('{"name":{"$like":"cme"}}', { name: 'string' })
 */

export type FieldKind = 'string' | 'uuid' | 'number' | 'boolean' | 'datetime' | 'json';

export const OPERATORS = ['$eq', '$in', '$inUuid', '$like', '$gt', '$lt', 'gtOrEq', '$day'] as const;
export type Operator = (typeof OPERATORS)[number];

export type Scalar = string | number | boolean;

export type Condition =
  | { field: string; op: '$eq'; value: Scalar | null }
  | { field: string; op: '$in' | '$inUuid'; value: Scalar[] }
  | { field: string; op: '$like'; value: string }
  | { field: string; op: '$gt' | '$lt' | 'gtOrEq'; value: Scalar }
  | { field: string; op: '$day'; value: { from: string; to: string } };

export type WhereInput = Record<string, unknown>;

/** A refused where: its problem in English (`error`) and in Czech (`cs`), for a request that asks for Czech. */
export type ParseResult = { ok: true; conditions: Condition[] } | { ok: false; error: string; cs: string };

export const MAX_IN_VALUES = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?)?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * An ISO 8601 date-time that PostgreSQL reads too: a real calendar day (no 30 February, no year 0),
 * a real time (a leap second included), an offset within ±15:59.
 */
export function isRealDateTime(value: unknown): value is string {
  const parts = typeof value === 'string' ? DATE_TIME_PARTS.exec(value) : null;
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (index) => Number(parts[index] ?? 0),
  );
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const midnightAfter = hour === 24 && minute === 0 && second === 0 && /^0*$/.test(parts[7] ?? '');
  return (
    year >= 1 &&
    days !== undefined &&
    day >= 1 &&
    day <= days &&
    (hour <= 23 || midnightAfter) &&
    minute <= 59 &&
    second <= 60 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

class WhereError extends Error {
  constructor(
    message: string,
    readonly cs: string,
  ) {
    super(message);
  }
}

function fail(message: string, cs: string): never {
  throw new WhereError(message, cs);
}

/** A value as a message repeats it: short, and never a text the answer should not carry. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = printableText(JSON.stringify(value) ?? String(value));
  } catch {
    return 'a value nested too deep';
  }
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** A text value compared with a text column: as text, whatever JSON type it came as; never one it cannot hold. */
function checkText(field: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    fail(
      `"${field}" expects a text value, got ${shown(value)}.`,
      `"${field}" očekává text, přišlo: ${shown(value)}.`,
    );
  const text = String(value);
  const problem = unstorableText(text);
  if (problem) fail(`"${field}" ${problem}.`, `"${field}" ${czechTextProblem(problem)}.`);
  return text;
}

function checkScalar(field: string, kind: FieldKind, value: unknown): Scalar {
  switch (kind) {
    case 'uuid':
      if (!isUuid(value))
        fail(
          `"${field}" expects an id (UUID), got ${shown(value)}.`,
          `"${field}" očekává id (UUID), přišlo: ${shown(value)}.`,
        );
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        fail(
          `"${field}" expects a number, got ${shown(value)}.`,
          `"${field}" očekává číslo, přišlo: ${shown(value)}.`,
        );
      return value;
    case 'boolean':
      if (typeof value !== 'boolean')
        fail(
          `"${field}" expects true or false, got ${shown(value)}.`,
          `"${field}" očekává true nebo false, přišlo: ${shown(value)}.`,
        );
      return value;
    case 'datetime':
      if (!isRealDateTime(value))
        fail(
          `"${field}" expects an ISO 8601 date-time, got ${shown(value)}.`,
          `"${field}" očekává datum a čas ve formátu ISO 8601, přišlo: ${shown(value)}.`,
        );
      return value;
    case 'string':
    case 'json':
      return checkText(field, value);
  }
}

function dayRange(field: string, value: unknown): { from: string; to: string } {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match)
    fail(
      `"${field}" $day expects a day as YYYY-MM-DD, got ${shown(value)}.`,
      `"${field}" $day očekává den ve tvaru YYYY-MM-DD, přišlo: ${shown(value)}.`,
    );
  const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== value)
    fail(
      `"${field}" $day expects a real calendar day, got ${shown(value)}.`,
      `"${field}" $day očekává skutečný kalendářní den, přišlo: ${shown(value)}.`,
    );
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  return { from: from.toISOString(), to: to.toISOString() };
}

function parseOperator(field: string, kind: FieldKind, op: string, value: unknown): Condition {
  switch (op) {
    case '$eq':
      return { field, op, value: value === null ? null : checkScalar(field, kind, value) };
    case '$in':
    case '$inUuid': {
      if (!Array.isArray(value))
        fail(`"${field}" ${op} expects a list of values.`, `"${field}" ${op} očekává seznam hodnot.`);
      if (value.length > MAX_IN_VALUES)
        fail(
          `"${field}" ${op} accepts at most ${MAX_IN_VALUES} values.`,
          `"${field}" ${op} přijímá nejvýše ${MAX_IN_VALUES} hodnot.`,
        );
      if (op === '$inUuid' && kind !== 'uuid')
        fail(
          `"${field}" is not an id; $inUuid applies to ids only, use $in.`,
          `"${field}" není id; $inUuid platí jen pro id, použijte $in.`,
        );
      const itemKind = op === '$inUuid' ? 'uuid' : kind;
      return { field, op, value: value.map((item) => checkScalar(field, itemKind, item)) };
    }
    case '$like':
      if (kind === 'uuid' || kind === 'boolean' || kind === 'number')
        fail(
          `"${field}" cannot be searched with $like; use $eq.`,
          `"${field}" nelze hledat pomocí $like; použijte $eq.`,
        );
      if (typeof value !== 'string')
        fail(`"${field}" $like expects a text value.`, `"${field}" $like očekává text.`);
      return { field, op, value: checkText(field, value) };
    case '$gt':
    case '$lt':
    case 'gtOrEq':
      if (kind === 'boolean' || kind === 'uuid' || kind === 'json')
        fail(`"${field}" cannot be compared with ${op}.`, `"${field}" nelze porovnávat pomocí ${op}.`);
      return { field, op, value: checkScalar(field, kind, value) };
    case '$day':
      if (kind !== 'datetime')
        fail(
          `"${field}" is not a date; $day applies to dates only.`,
          `"${field}" není datum; $day platí jen pro data.`,
        );
      return { field, op, value: dayRange(field, value) };
    default:
      return fail(
        `Unknown operator "${printableText(op)}" on "${field}". Use one of: ${OPERATORS.join(', ')}.`,
        `Neznámý operátor "${printableText(op)}" u "${field}". Použijte jeden z: ${OPERATORS.join(', ')}.`,
      );
  }
}

/** Parses and validates a where (a JSON string or an already parsed object) against the fields that may be filtered. */
export function parseWhere(input: unknown, fields: Readonly<Record<string, FieldKind>>): ParseResult {
  try {
    let where = input;
    if (typeof input === 'string') {
      if (input.trim() === '') return { ok: true, conditions: [] };
      try {
        where = JSON.parse(input);
      } catch {
        fail('where is not valid JSON.', 'where není platný JSON.');
      }
    }
    if (where === undefined || where === null) return { ok: true, conditions: [] };
    if (typeof where !== 'object' || Array.isArray(where))
      fail('where must be a JSON object of conditions.', 'where musí být objekt JSON s podmínkami.');
    const conditions: Condition[] = [];
    for (const [field, spec] of Object.entries(where as WhereInput)) {
      // own fields only: "constructor" or "__proto__" are unknown fields, not Object's
      const kind = Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined;
      if (!kind) {
        const known = Object.keys(fields).join(', ');
        fail(
          `Unknown filter field "${printableText(field)}". Fields that can be filtered: ${known}.`,
          `Neznámé pole filtru "${printableText(field)}". Filtrovat lze podle polí: ${known}.`,
        );
      }
      if (spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
        const entries = Object.entries(spec);
        if (entries.length === 0)
          fail(`"${field}" has an empty condition.`, `"${field}" má prázdnou podmínku.`);
        for (const [op, value] of entries) conditions.push(parseOperator(field, kind, op, value));
      } else {
        conditions.push(parseOperator(field, kind, '$eq', spec));
      }
    }
    return { ok: true, conditions };
  } catch (error) {
    if (error instanceof WhereError) return { ok: false, error: error.message, cs: error.cs };
    throw error;
  }
}

/**
 * The SQL LIKE pattern (escape character `\`) of a $like value. `%` (any text) and `_` (one character) are wildcards
 * and `\` escapes the next character, as in SQL and Yourpass's API; a value with a wildcard must match whole, one
 * without is searched for anywhere (`cme` is `%cme%`). A `\` at the very end stands for itself.
 *
 * @example likePattern('cme') // '%cme%'
 * @example likePattern('Acme%') // 'Acme%'
 * @example likePattern('100\%') // '%100\%%'
 */
export function likePattern(value: string): string {
  let pattern = '';
  let wildcard = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index];
    if (char === '\\') {
      index += 1;
      pattern += `\\${value[index] ?? '\\'}`;
      continue;
    }
    if (char === '%' || char === '_') wildcard = true;
    pattern += char;
  }
  return wildcard ? pattern : `%${pattern}%`;
}

/** A text as a $like value that finds it anywhere, its wildcards and backslashes meant literally. */
export const escapedLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Builders the console uses, so that both sides speak one grammar. */
export const where = {
  like: (value: string) => ({ $like: value }),
  /** contains the text, read literally (what a person types in a search box) */
  contains: (text: string) => ({ $like: escapedLike(text) }),
  in: (values: Scalar[]) => ({ $in: values }),
  inUuid: (values: string[]) => ({ $inUuid: values }),
  gt: (value: Scalar) => ({ $gt: value }),
  lt: (value: Scalar) => ({ $lt: value }),
  gtOrEq: (value: Scalar) => ({ gtOrEq: value }),
  day: (value: string) => ({ $day: value }),
};
