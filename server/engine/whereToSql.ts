import { sql, type RawBuilder } from 'kysely';
import type { Condition, FieldKind } from '../../domain/where';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The SQL expression of a field; a dotted path reads inside a JSON column, typed by its kind. */
export function fieldExpression(field: string, kind: FieldKind): RawBuilder<unknown> {
  const [column, ...path] = field.split('.');
  if (path.length === 0) return sql.ref(column);
  const text = sql`(${sql.ref(column)} #>> ${`{${path.join(',')}}`})`;
  if (kind === 'number') return sql`(${text})::numeric`;
  if (kind === 'boolean') return sql`(${text})::boolean`;
  if (kind === 'datetime') return sql`(${text})::timestamptz`;
  return text;
}

function typed(value: unknown, kind: FieldKind): RawBuilder<unknown> {
  if (kind === 'datetime') return sql`${value}::timestamptz`;
  if (kind === 'uuid') return sql`${value}::uuid`;
  return sql`${value}`;
}

const DATE_TIME_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A date-time PostgreSQL reads: a real calendar day (no 30 February, no year 0), a real time, an offset within ±15:59. */
function isRealDateTime(value: string): boolean {
  const parts = DATE_TIME_PARTS.exec(value);
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
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/** What the where parser lets through but the database would refuse (an error 500 instead of a 400): why, or undefined. */
export function conditionProblem(condition: Condition, kind: FieldKind): string | undefined {
  if (condition.op === '$inUuid' && kind !== 'uuid')
    return `"${condition.field}" is not an id; $inUuid applies to ids only, use $in.`;
  if (kind === 'datetime' && condition.op !== '$day') {
    const values: unknown[] = Array.isArray(condition.value) ? condition.value : [condition.value];
    const bad = values.find((value) => value !== null && !isRealDateTime(String(value)));
    if (bad !== undefined)
      return `"${condition.field}" expects a real date-time, got ${JSON.stringify(bad)}.`;
  }
  return undefined;
}

/**
 * Date-times are compared at the millisecond precision the API answers them with (PostgreSQL keeps microseconds),
 * so that a createdAt as answered finds its row with $eq and leaves it out with $gt. Ranges on the bare column keep
 * its index usable.
 */
function dateTimeCondition(
  column: RawBuilder<unknown>,
  op: '$eq' | '$in' | '$gt' | '$lt' | 'gtOrEq',
  values: unknown[],
): RawBuilder<boolean> {
  const from = (value: unknown) => sql`date_trunc('milliseconds', ${value}::timestamptz)`;
  const to = (value: unknown) => sql`(${from(value)} + interval '1 millisecond')`;
  const within = (value: unknown) => sql<boolean>`(${column} >= ${from(value)} and ${column} < ${to(value)})`;
  if (op === '$gt') return sql<boolean>`${column} >= ${to(values[0])}`;
  if (op === '$lt') return sql<boolean>`${column} < ${from(values[0])}`;
  if (op === 'gtOrEq') return sql<boolean>`${column} >= ${from(values[0])}`;
  if (values.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(values.map(within), sql` or `)})`;
}

/** One SQL condition per parsed where condition; every value is a bound parameter. */
export function conditionToSql(
  condition: Condition,
  kind: FieldKind,
  column: RawBuilder<unknown> = fieldExpression(condition.field, kind),
): RawBuilder<boolean> {
  if (
    kind === 'datetime' &&
    condition.op !== '$like' &&
    condition.op !== '$day' &&
    condition.op !== '$inUuid'
  ) {
    if (condition.value === null) return sql<boolean>`${column} is null`;
    const values = Array.isArray(condition.value) ? condition.value : [condition.value];
    return dateTimeCondition(column, condition.op, values);
  }
  switch (condition.op) {
    case '$eq':
      if (condition.value === null) return sql<boolean>`${column} is null`;
      if (kind === 'json') return sql<boolean>`${column}::text = ${String(condition.value)}`;
      return sql<boolean>`${column} = ${typed(condition.value, kind)}`;
    case '$in':
    case '$inUuid': {
      if (condition.value.length === 0) return sql<boolean>`false`;
      const itemKind = condition.op === '$inUuid' ? 'uuid' : kind;
      return sql<boolean>`${column} in (${sql.join(condition.value.map((value) => typed(value, itemKind)))})`;
    }
    case '$like': {
      const pattern = `%${escapeLike(condition.value)}%`;
      const text = kind === 'json' || kind === 'datetime' ? sql`${column}::text` : column;
      return sql<boolean>`${text} ilike ${pattern}`;
    }
    case '$gt':
      return sql<boolean>`${column} > ${typed(condition.value, kind)}`;
    case '$lt':
      return sql<boolean>`${column} < ${typed(condition.value, kind)}`;
    case 'gtOrEq':
      return sql<boolean>`${column} >= ${typed(condition.value, kind)}`;
    case '$day':
      return sql<boolean>`(${column} >= ${condition.value.from}::timestamptz and ${column} < ${condition.value.to}::timestamptz)`;
  }
}
