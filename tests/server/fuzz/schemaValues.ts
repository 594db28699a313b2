import { HOSTILE_NUMBERS, HOSTILE_STRINGS, NUL, hostileObject, hostileValue, withKey } from './hostileValues';
import type { Random } from './random';

/** The parts of a JSON Schema (as the OpenAPI document gives it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minItems?: number;
  minProperties?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

/** Values known to be right by field or parameter name (ids of the fixtures, a pass type, a locale, ...). */
export type Samples = Readonly<Record<string, readonly unknown[]>>;

const PATTERN_SAMPLES: Record<string, string> = {
  '^[a-z]{2}$': 'en',
  '\\S': 'Fuzzed name',
  '^[0-9]{1,6}$': '77',
  '^[A-Z]{3}$': 'CZK',
  '^[0-9A-Fa-f]{8,512}$': '0123456789abcdef',
  '^[0-9]{0,18}$': '0',
};

function sampleOf(
  samples: Samples,
  name: string | undefined,
  random: Random,
): { value: unknown } | undefined {
  const known = name === undefined ? undefined : samples[name];
  // a copy: mutations change the value in place, and the sample serves later cases too
  return known && known.length > 0 ? { value: structuredClone(random.pick(known)) } : undefined;
}

function plausibleString(schema: JsonSchema, random: Random, samples: Samples): string {
  switch (schema.format) {
    case 'uuid':
      return String(random.pick(samples.anyId ?? [random.uuid()]));
    case 'date-time':
      return new Date(Date.now() + random.int(-400, 400) * 86_400_000).toISOString();
    case 'email':
      return `fuzz${random.int(1, 1_000_000)}@example.com`;
  }
  if (schema.pattern !== undefined) return PATTERN_SAMPLES[schema.pattern] ?? 'sample';
  return 'x'.repeat(Math.max(schema.minLength ?? 0, random.int(1, 12)));
}

function plausibleNumber(schema: JsonSchema, random: Random, integer: boolean): number {
  const low = schema.minimum ?? 0;
  const high = Math.min(schema.maximum ?? low + 100, low + 100);
  const value = low + random.next() * (high - low);
  return integer ? Math.round(value) : Math.round(value * 100) / 100;
}

function plausibleObject(schema: JsonSchema, random: Random, samples: Samples, depth: number) {
  const object: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    if (required.has(key) || random.chance(0.6))
      object[key] = plausible(property, random, samples, key, depth + 1);
  for (const [pattern, property] of Object.entries(schema.patternProperties ?? {}))
    if (random.chance(0.5) || (schema.minProperties ?? 0) > 0)
      object[PATTERN_SAMPLES[pattern] ?? 'key'] = plausible(property, random, samples, undefined, depth + 1);
  return object;
}

/**
 * A value that the schema probably accepts, with the fixtures' ids where a field names one: what a correct client
 * would send, so that a mutation of it gets past validation into the services and the database.
 */
export function plausible(
  schema: JsonSchema,
  random: Random,
  samples: Samples,
  name?: string,
  depth = 0,
): unknown {
  const known = sampleOf(samples, name, random);
  if (known) return known.value;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return plausible(random.pick(members), random, samples, name, depth);
  if (schema.allOf) return plausible(schema.allOf[0], random, samples, name, depth);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  if (depth > 6) return null;
  switch (type) {
    case 'string':
      return plausibleString(schema, random, samples);
    case 'integer':
      return plausibleNumber(schema, random, true);
    case 'number':
      return plausibleNumber(schema, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, random.int(0, 2)) }, () =>
        plausible(schema.items ?? {}, random, samples, undefined, depth + 1),
      );
    case 'object':
      return plausibleObject(schema, random, samples, depth);
    default:
      return random.chance(0.5) ? hostileObject(random, 2) : hostileValue(random, 2);
  }
}

interface Spot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Every place inside a value, breadth first, at most `limit` of them. */
function spotsOf(root: unknown, limit = 200): Spot[] {
  const spots: Spot[] = [];
  const queue: unknown[] = [root];
  while (queue.length > 0 && spots.length < limit) {
    const value = queue.shift();
    if (value === null || typeof value !== 'object') continue;
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      const parent = value as Record<string | number, unknown>;
      spots.push({ parent: value as Spot['parent'], key });
      queue.push(parent[key]);
    }
  }
  return spots;
}

/**
 * A value of the same JSON type that validation may well let through, so that it reaches the database: a text with
 * a NUL or half a surrogate pair in it, a number out of a column's range or with a fraction.
 */
function sameTypeHostile(value: unknown, random: Random): unknown {
  if (typeof value === 'string') {
    const at = random.int(0, value.length);
    const inserted = random.pick([NUL, '\ud800', '\udfff', `${NUL}${NUL}`]);
    return random.chance(0.7)
      ? `${value.slice(0, at)}${inserted}${value.slice(at)}`
      : random.pick(HOSTILE_STRINGS);
  }
  if (typeof value === 'number') return random.pick(HOSTILE_NUMBERS);
  return hostileValue(random);
}

/** One change a careless or hostile client makes: a wrong value somewhere, a key added or dropped, a wrapping. */
export function mutate(value: unknown, random: Random): unknown {
  const spots = spotsOf(value);
  if (spots.length === 0 || random.chance(0.1)) return hostileValue(random);
  const { parent, key } = random.pick(spots);
  const slot = parent as Record<string | number, unknown>;
  if (random.chance(0.5)) {
    slot[key] = sameTypeHostile(slot[key], random);
    return value;
  }
  switch (random.int(0, 5)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete slot[key];
      break;
    case 1:
      if (!Array.isArray(parent))
        withKey(slot, random.pick(['unknownField', 'id', 'createdAt', '$in']), hostileValue(random));
      else parent.push(hostileValue(random));
      break;
    case 2:
      slot[key] = [slot[key]];
      break;
    default:
      slot[key] = hostileValue(random);
  }
  return value;
}

/** A plausible value with 0 to 3 mutations, mostly one. */
export function fuzzedValue(schema: JsonSchema, random: Random, samples: Samples): unknown {
  let value = plausible(schema, random, samples);
  for (let changes = random.pick([0, 1, 1, 1, 2, 3]); changes > 0; changes -= 1)
    value = mutate(value, random);
  return value;
}
