import type { FastifyRequest } from 'fastify';

/** where is JSON already: a JSON string there is a mistake for the where grammar to name, not an encoding. */
const ALREADY_JSON = new Set(['where']);
/** Words read whatever their case (`order=DESC` is `desc`). */
const CASELESS = new Set(['order']);
/** Flags that may be sent bare (`?suppressCount`), which means true. */
const FLAGS = new Set(['count', 'suppressCount', 'deleted']);

/** The text inside a JSON string literal (`"desc"` -> `desc`); any other value as it is. */
function unquoted(value: unknown): unknown {
  if (typeof value !== 'string' || value.length < 2 || value[0] !== '"' || value[value.length - 1] !== '"')
    return value;
  try {
    const inner: unknown = JSON.parse(value);
    return typeof inner === 'string' ? inner : value;
  } catch {
    return value;
  }
}

/**
 * A list or read query as the route's schema expects it, whoever wrote it. The official Yourpass clients JSON-encode
 * every value (`order="desc"`, `orderBy="createdAt"`, `limit="3"`): a JSON string literal is read as the text
 * inside (where excepted, which is JSON anyway), after which the schema coerces numbers and booleans as usual
 * (`3`, `true`). `order` is read whatever its case (`DESC`). A bare flag (`&suppressCount`, as the Yourpass live demo sends it) means true.
 *
 * @example normalizedQuery({ order: '"desc"', limit: '"3"', suppressCount: '' }) // { order: 'desc', limit: '3', suppressCount: 'true' }
 */
export function normalizedQuery(query: Record<string, unknown>): Record<string, unknown> {
  // fromEntries defines own properties: a parameter named "__proto__" stays a parameter.
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, plainValue(name, value)]));
}

function plainValue(name: string, value: unknown): unknown {
  if (ALREADY_JSON.has(name)) return value;
  const plain = Array.isArray(value) ? value.map(unquoted) : unquoted(value);
  if (CASELESS.has(name) && typeof plain === 'string') return plain.toLowerCase();
  return FLAGS.has(name) && plain === '' ? 'true' : plain;
}

/** A preValidation hook: the query normalized before the schema checks and coerces it. */
export async function normalizeQuery(request: FastifyRequest): Promise<void> {
  request.query = normalizedQuery((request.query ?? {}) as Record<string, unknown>);
}
