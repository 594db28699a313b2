import type { TObject, TSchema, Static } from '@sinclair/typebox';
import type { FieldKind } from './where';

/**
 * What the console and the server both know of a resource: its entity schema, the fields that may be
 * filtered and sorted (checked against the schema), and the fields a client may write.
 *
 * @example defineResource({ name: 'project', schema: ProjectSchema, filter: ['name'], sort: ['name'], ... })
 */
export interface ResourceDescriptor<S extends TObject = TObject> {
  name: string;
  schema: S;
  /**
   * filterable field -> kind; nested JSON fields use a dotted path ("devices.total"). `deletedAt` is always one:
   * lists leave deleted rows out unless a condition on it asks for them.
   */
  filterFields: Readonly<Record<string, FieldKind>>;
  sortFields: readonly string[];
  /** The order of the console's lists until the user sorts them (the API's own default is createdAt asc). */
  defaultSort: ListSort;
}

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Spec: lists show the newest change first unless a resource declares otherwise. */
export const DEFAULT_LIST_SORT: ListSort = { field: 'updatedAt', order: 'desc' };

type FieldPath<S extends TObject> =
  Extract<keyof Static<S>, string> | `${Extract<keyof Static<S>, string>}.${string}`;

function kindOf(schema: TSchema): FieldKind {
  const format = (schema as { format?: string }).format;
  if (format === 'uuid') return 'uuid';
  if (format === 'date-time') return 'datetime';
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) {
    const notNull = anyOf.filter((member) => (member as { type?: string }).type !== 'null');
    if (notNull.length === 1) return kindOf(notNull[0]);
    return 'json';
  }
  switch ((schema as { type?: string }).type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    default:
      return 'json';
  }
}

function schemaAt(schema: TObject, path: string): TSchema {
  let current: TSchema | undefined = schema;
  for (const part of path.split('.')) {
    const properties: Record<string, TSchema> | undefined = (
      current as { properties?: Record<string, TSchema> }
    )?.properties;
    current = properties?.[part];
    if (!current) throw new Error(`Field "${path}" is not in the schema.`);
  }
  return current;
}

export function defineResource<S extends TObject>(definition: {
  name: string;
  schema: S;
  filter: readonly FieldPath<S>[];
  sort: readonly FieldPath<S>[];
  defaultSort?: { field: FieldPath<S>; order: 'asc' | 'desc' };
}): ResourceDescriptor<S> {
  const filterFields: Record<string, FieldKind> = {};
  for (const field of definition.filter) filterFields[field] = kindOf(schemaAt(definition.schema, field));
  filterFields.deletedAt = 'datetime';
  for (const field of definition.sort) schemaAt(definition.schema, field);
  const defaultSort = definition.defaultSort ?? DEFAULT_LIST_SORT;
  if (!(definition.sort as readonly string[]).includes(defaultSort.field))
    throw new Error(
      `The default sort "${defaultSort.field}" of ${definition.name} is not one of its sort fields.`,
    );
  return {
    name: definition.name,
    schema: definition.schema,
    filterFields,
    sortFields: definition.sort,
    defaultSort,
  };
}
