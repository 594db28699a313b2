import type { TObject, TSchema } from '@sinclair/typebox';

const trimmedFieldsOf = new WeakMap<TObject, ReadonlySet<string>>();

function holdsText(schema: TSchema): boolean {
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) return anyOf.some(holdsText);
  return (schema as { type?: unknown }).type === 'string';
}

/**
 * The top-level text fields of a write schema whose surrounding spaces mean nothing: every string field except
 * write-only ones (passwords and other secrets keep every character they were given). Nested values are JSON
 * documents (dynamic data, a template's pass) and are kept exactly as sent.
 */
export function trimmedFields(schema: TObject): ReadonlySet<string> {
  let fields = trimmedFieldsOf.get(schema);
  if (!fields) {
    fields = new Set(
      Object.entries(schema.properties)
        .filter(([, field]) => holdsText(field) && (field as { writeOnly?: boolean }).writeOnly !== true)
        .map(([name]) => name),
    );
    trimmedFieldsOf.set(schema, fields);
  }
  return fields;
}

/**
 * The body with its trimmed fields trimmed, so that the schema then judges what will be stored: "   " is a blank
 * name and "  ab " is two characters. Both the server (before validation) and the console (before saving) use it.
 *
 * @example withTrimmedText([ProjectWriteSchema], { name: '  Demo ' }) // { name: 'Demo' }
 */
export function withTrimmedText(schemas: readonly TObject[], body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const schema of schemas)
    for (const field of trimmedFields(schema)) {
      const value = copy[field];
      if (typeof value === 'string') copy[field] = value.trim();
    }
  return copy;
}
