import type { TSchema } from '@sinclair/typebox';

/** Where the OpenAPI document keeps its named schemas. */
export const COMPONENT_SCHEMAS = '#/components/schemas/';

const nameOf = new WeakMap<object, string>();
const schemaOf = new Map<string, TSchema>();

/**
 * Gives a schema its name in the OpenAPI document (`components/schemas/{name}`), where every operation using that
 * very schema object refers to it by `$ref`. Only the document changes: routes keep validating with the schema as it
 * is (no `$id`, which would change how the validators compile it). A schema named already keeps its first name, so
 * one object shared by two resources is one component.
 *
 * @example nameSchema('Pass', PassSchema)
 */
export function nameSchema<T extends TSchema>(name: string, schema: T): T {
  if (nameOf.has(schema)) return schema;
  const holder = schemaOf.get(name);
  if (holder && holder !== schema) throw new Error(`Two schemas are named ${name} in the OpenAPI document.`);
  nameOf.set(schema, name);
  schemaOf.set(name, schema);
  return schema;
}

/**
 * What the document shows of a schema: a `$ref` to its component when it is named, otherwise a copy in which every
 * named schema below is such a `$ref` (the schema itself is left as it is, for validation).
 *
 * @example asReference(PassSchema) // { $ref: '#/components/schemas/Pass' }
 */
export function asReference(value: unknown): unknown {
  const name = typeof value === 'object' && value !== null ? nameOf.get(value) : undefined;
  return name ? { $ref: `${COMPONENT_SCHEMAS}${name}` } : withReferencesBelow(value);
}

function withReferencesBelow(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asReference);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = asReference(inner);
  return copy;
}

/** Every named schema, each with its named parts as `$ref`s: the document's `components/schemas`. */
export function namedSchemaComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [name, schema] of [...schemaOf].sort(([a], [b]) => a.localeCompare(b)))
    components[name] = withReferencesBelow(schema);
  return components;
}
