import { sql, type RawBuilder } from 'kysely';
import { likePattern, type Condition, type FieldKind } from '../../../domain/where';

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

/**
 * A bound value with the type it is compared as. Numbers are numeric whatever the column's own type, so that 1.5 or
 * 99999999999 compare with an integer column instead of failing to become an integer.
 */
function typed(value: unknown, kind: FieldKind): RawBuilder<unknown> {
  if (kind === 'datetime') return sql`${value}::timestamptz`;
  if (kind === 'uuid') return sql`${value}::uuid`;
  if (kind === 'number') return sql`${value}::numeric`;
  return sql`${value}`;
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
      // a JSON column is compared as its text, as with $eq
      const compared = kind === 'json' ? sql`${column}::text` : column;
      return sql<boolean>`${compared} in (${sql.join(condition.value.map((value) => typed(value, itemKind)))})`;
    }
    case '$like': {
      const text = kind === 'json' || kind === 'datetime' ? sql`${column}::text` : column;
      // `\` is LIKE's default escape character: likePattern's escapes keep their meaning
      return sql<boolean>`${text} ilike ${likePattern(condition.value)}`;
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
