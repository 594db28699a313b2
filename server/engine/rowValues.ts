import type { TObject, TSchema } from '@sinclair/typebox';

/** ISO 8601 text of a timestamp column (drivers answer Date objects). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** The fields every entity has, as the API answers them. */
export function entityBase(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
    deletedAt: iso(row.deletedAt),
  };
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

/** A column's value as the field's schema says: timestamps as ISO text, numeric text of bigint columns as numbers. */
function fieldValue(schema: TSchema, value: unknown): unknown {
  const { nullable, inner } = unwrapNullable(schema);
  if (value === null || value === undefined) return nullable ? null : emptyValue(inner);
  if (inner.format === 'date-time') return iso(value);
  switch (inner.type) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true;
    default:
      return value;
  }
}

/**
 * The entity of a row, field by field of the entity schema, each from the column of its name.
 *
 * @example entityOfRow(ProjectSchema, row) // { id, createdAt: '2026-…Z', name, active: true, … }
 */
export function entityOfRow(schema: TObject, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties).map(([field, fieldSchema]) => [
      field,
      fieldValue(fieldSchema, row[field]),
    ]),
  );
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
