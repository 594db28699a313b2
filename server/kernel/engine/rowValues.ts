import type { TObject, TSchema } from '@sinclair/typebox';

/** ISO 8601 text of a timestamp column (drivers answer Date objects). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** Only the listed fields of the data, for the ones present. */
export function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]),
  );
}

/**
 * A value for a jsonb column, as JSON text: drivers would write a JS array as a PostgreSQL array, not as JSON.
 * undefined stays undefined (not written), null stays SQL null.
 */
export function jsonColumn(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  return JSON.stringify(value);
}

interface SchemaShape {
  type?: string;
  format?: string;
  const?: unknown;
  anyOf?: SchemaShape[];
}

/** The schema without its `null` alternative, and whether it had one. */
function unwrapNullable(schema: TSchema): { nullable: boolean; inner: SchemaShape } {
  const shape = schema as SchemaShape;
  const members = shape.anyOf?.filter((member) => member.type !== 'null');
  if (!members || members.length === shape.anyOf?.length) return { nullable: false, inner: shape };
  return { nullable: true, inner: members.length === 1 ? members[0] : { anyOf: members } };
}

/** Is the field stored in a jsonb column: an object, an array, any JSON, or a choice among such shapes? */
function isJsonField(shape: SchemaShape): boolean {
  if (shape.anyOf) return shape.anyOf.some((member) => member.type !== 'null' && isJsonField(member));
  return (
    shape.type === 'object' || shape.type === 'array' || (shape.type === undefined && !('const' in shape))
  );
}

/** What an entity shows of a column that holds nothing, when its schema does not allow null. */
function emptyValue(shape: SchemaShape): unknown {
  switch (shape.type) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'string':
      return '';
    default:
      return null;
  }
}

/** How a column's value becomes the field's, as its schema says: timestamps as ISO text, numeric text as numbers. */
function fieldConverter(schema: TSchema): (value: unknown) => unknown {
  const { nullable, inner } = unwrapNullable(schema);
  const empty = nullable ? null : emptyValue(inner);
  const present: (value: unknown) => unknown =
    inner.format === 'date-time'
      ? iso
      : inner.type === 'integer' || inner.type === 'number'
        ? Number
        : inner.type === 'boolean'
          ? (value) => value === true
          : (value) => value;
  return (value) => (value === null || value === undefined ? empty : present(value));
}

type RowMapper = (row: Record<string, unknown>) => Record<string, unknown>;

/** One mapper per entity schema, made once: lists map up to a thousand rows a page. */
const rowMappers = new WeakMap<TObject, RowMapper>();

function rowMapperOf(schema: TObject): RowMapper {
  const required = new Set(schema.required ?? []);
  const converters = Object.entries(schema.properties).map(
    ([field, fieldSchema]) => [field, fieldConverter(fieldSchema), required.has(field)] as const,
  );
  return (row) => {
    const entity: Record<string, unknown> = {};
    for (const [field, convert, isRequired] of converters) {
      // an optional field no column holds (an API client's secret, shown once by its create) stays out
      if (!isRequired && row[field] === undefined) continue;
      entity[field] = convert(row[field]);
    }
    return entity;
  };
}

/**
 * The entity of a row, field by field of the entity schema, each from the column of its name.
 *
 * @example entityOfRow(ProjectSchema, row) // { id, createdAt: '2026-…Z', name, active: true, … }
 */
export function entityOfRow(schema: TObject, row: Record<string, unknown>): Record<string, unknown> {
  let mapper = rowMappers.get(schema);
  if (!mapper) {
    mapper = rowMapperOf(schema);
    rowMappers.set(schema, mapper);
  }
  return mapper(row);
}

/**
 * The columns a write sets: the write schema's fields present in the data, JSON fields as JSON text.
 *
 * @example rowValuesOf(TemplateWriteSchema, { name: 'Ticket', languages: ['cs'] }) // { name, languages: '["cs"]' }
 */
export function rowValuesOf(schema: TObject, data: Record<string, unknown>): Record<string, unknown> {
  const values = pick(data, Object.keys(schema.properties));
  for (const [field, value] of Object.entries(values))
    if (isJsonField(unwrapNullable(schema.properties[field]).inner)) values[field] = jsonColumn(value);
  return values;
}
