import { resourceNamed } from '../../../domain/resources';
import type { TObject, TSchema } from '@sinclair/typebox';

/** What input or column shows a field of a schema. */
export type FieldShape =
  | { kind: 'text'; multiline: boolean }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; choices: readonly (string | number)[] }
  | { kind: 'project' }
  | { kind: 'reference'; route: string }
  | { kind: 'uuid' }
  | { kind: 'datetime' }
  | { kind: 'json' };

export interface SchemaField {
  name: string;
  shape: FieldShape;
  nullable: boolean;
  /** the schema's `default`: what a new row takes when the field is not sent */
  defaultValue?: unknown;
  /** an object field's own schema (null aside): what a JSON-Schema form draws */
  objectSchema?: TObject;
}

/** Longer texts get a text area. */
const MULTILINE_FROM = 500;

const notNull = (schema: TSchema): TSchema[] => {
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!anyOf) return [schema];
  return anyOf.flatMap(notNull).filter((member) => (member as { type?: unknown }).type !== 'null');
};

const constOf = (schema: object) => (schema as { const?: string | number }).const;

function shapeOf(name: string, schema: TSchema): FieldShape {
  const members = notNull(schema);
  if (members.length > 1)
    return members.every((member) => constOf(member) !== undefined)
      ? { kind: 'choice', choices: members.map((member) => constOf(member) as string | number) }
      : { kind: 'json' };
  const only = members[0] as {
    type?: unknown;
    format?: string;
    enum?: (string | number)[];
    maxLength?: number;
  };
  if (only.enum) return { kind: 'choice', choices: only.enum };
  if (constOf(only) !== undefined) return { kind: 'choice', choices: [constOf(only) as string | number] };
  switch (only.type) {
    case 'string':
      if (only.format === 'uuid') return name === 'projectId' ? { kind: 'project' } : { kind: 'uuid' };
      if (only.format === 'date-time') return { kind: 'datetime' };
      return { kind: 'text', multiline: (only.maxLength ?? 0) >= MULTILINE_FROM };
    case 'integer':
      return { kind: 'number', integer: true };
    case 'number':
      return { kind: 'number', integer: false };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'json' };
  }
}

/** A field the declaration names as a reference: a row of that resource, shown by its representation. */
function referenceShape(resource: string | undefined): FieldShape | undefined {
  const route = resource ? resourceNamed(resource)?.route : undefined;
  return route ? { kind: 'reference', route } : undefined;
}

/**
 * The fields of an object schema and how a screen shows each (text, number, yes/no, a choice, the project, an id,
 * a date and time, a row of another resource the declaration names in `references`, or JSON), in the schema's order; write-only fields (secrets) are shown only if `writeOnly` asks.
 *
 * @example schemaFields(ProjectWriteSchema) // [{ name: 'name', shape: { kind: 'text', … } }, …]
 */
export function schemaFields(
  schema: TObject,
  options: { writeOnly?: boolean; references?: Readonly<Record<string, string>> } = {},
): SchemaField[] {
  return Object.entries(schema.properties)
    .filter(([, field]) => options.writeOnly || (field as { writeOnly?: boolean }).writeOnly !== true)
    .map(([name, field]) => ({
      name,
      shape: referenceShape(options.references?.[name]) ?? shapeOf(name, field),
      nullable: notNull(field).length < ((field as { anyOf?: TSchema[] }).anyOf?.length ?? 1),
      defaultValue: (field as { default?: unknown }).default,
      objectSchema: objectOf(field),
    }));
}

/** The object schema a field's schema is, null aside; none for any other. */
function objectOf(schema: TSchema): TObject | undefined {
  const members = notNull(schema);
  const only = members[0] as { type?: unknown; properties?: unknown } | undefined;
  return members.length === 1 && only?.type === 'object' && only.properties
    ? (members[0] as TObject)
    : undefined;
}

/**
 * The field at a path of an object schema: a property's name, or a dotted path into object fields
 * (`seller.legalName`); none when the schema has no such field.
 *
 * @example schemaFieldAt(EshopWriteSchema, 'seller.vatPayer') // { name: 'seller.vatPayer', shape: { kind: 'boolean' }, … }
 */
export function schemaFieldAt(
  schema: TObject,
  path: string,
  options: { writeOnly?: boolean; references?: Readonly<Record<string, string>> } = {},
): SchemaField | undefined {
  const [first, ...rest] = path.split('.');
  if (rest.length === 0) return schemaFields(schema, options).find((field) => field.name === path);
  const inner = first in schema.properties ? objectOf(schema.properties[first]) : undefined;
  const field = inner && schemaFieldAt(inner, rest.join('.'), { writeOnly: options.writeOnly });
  return field && { ...field, name: path };
}
