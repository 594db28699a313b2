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

/** One SQL condition per parsed where condition; every value is a bound parameter. */
export function conditionToSql(condition: Condition, kind: FieldKind): RawBuilder<boolean> {
  const column = fieldExpression(condition.field, kind);
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
