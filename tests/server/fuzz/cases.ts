import type { InjectOptions } from 'fastify';
import { OPERATORS, type FieldKind } from '../../../domain/where';
import type { ResourceDescriptor } from '../../../domain/resource';
import type { FuzzFixtures } from './fixtures';
import {
  HOSTILE_NUMBERS,
  NUL,
  hostilePathSegment,
  hostileText,
  hostileValue,
  longString,
  nested,
  withKey,
} from './hostileValues';
import type { Random } from './random';
import { fuzzedValue, plausible, type JsonSchema } from './schemaValues';
import { resourceOfId, type Endpoint } from './surface';

export type FuzzRequest = InjectOptions & { method: Endpoint['method']; url: string };

/** A value of the kind a filter field expects, as a console would send it. */
function valueOfKind(kind: FieldKind, random: Random, fixtures: FuzzFixtures): unknown {
  switch (kind) {
    case 'uuid':
      return random.pick(fixtures.samples.anyId ?? []);
    case 'number':
      return random.int(0, 10);
    case 'boolean':
      return random.chance(0.5);
    case 'datetime':
      return random.pick(['2026-01-01T00:00:00Z', '2026-01-01', new Date().toISOString()]);
    default:
      return random.pick(['a', 'Fuzz', 'cs']);
  }
}

const WRONG_OPERATORS = ['$ne', '$regex', '$where', '$or', 'gt', '', '__proto__', '$in ', '$LIKE'];

function condition(kind: FieldKind, random: Random, fixtures: FuzzFixtures): unknown {
  const value = () => (random.chance(0.5) ? valueOfKind(kind, random, fixtures) : hostileValue(random, 2));
  switch (random.int(0, 6)) {
    case 0:
      return value();
    case 1:
      return { $in: Array.from({ length: random.int(0, 4) }, value) };
    case 2:
      return { $day: random.pick(['2026-01-01', '2026-02-30', '1', NUL, 20260101]) };
    case 3:
      return withKey({}, random.pick(WRONG_OPERATORS), value());
    case 4:
      return nested(random, random.pick([3, 50, 500]), value());
    default: {
      const spec: Record<string, unknown> = {};
      for (const op of random.some(OPERATORS, random.int(1, 3))) withKey(spec, op, value());
      return spec;
    }
  }
}

/** A `where` as text: conditions on known and unknown fields, or something that is not a where at all. */
function whereText(descriptor: ResourceDescriptor, random: Random, fixtures: FuzzFixtures): string {
  if (random.chance(0.1))
    return random.pick([
      '{',
      '[]',
      'null',
      '"x"',
      '1',
      NUL,
      `{"name":"a${NUL}"}`,
      '{"a":'.repeat(3000),
      longString(random, 5000),
    ]);
  const fields = Object.entries(descriptor.filterFields);
  const where: Record<string, unknown> = {};
  for (let count = random.int(1, 3); count > 0; count -= 1) {
    if (random.chance(0.15)) {
      withKey(
        where,
        random.pick(['unknown', 'deletedAt', 'passwordHash', 'constructor', '__proto__', 'a.b', NUL]),
        hostileValue(random, 2),
      );
      continue;
    }
    const [field, kind] = random.pick(fields);
    where[field] = condition(kind, random, fixtures);
  }
  return JSON.stringify(where);
}

function pageValue(random: Random): string {
  return String(
    random.chance(0.4)
      ? random.int(1, 3)
      : random.pick([...HOSTILE_NUMBERS, 'abc', '', '1e3', '0x10', ' 1', NUL, '[]', '1,2']),
  );
}

/** GET /v1/{resource} with random where, orderBy, order, page, limit and count. */
export function listRequest(
  base: string,
  descriptor: ResourceDescriptor,
  random: Random,
  fixtures: FuzzFixtures,
): FuzzRequest {
  const query = new URLSearchParams();
  if (random.chance(0.85)) query.set('where', whereText(descriptor, random, fixtures));
  if (random.chance(0.5))
    query.set('orderBy', random.chance(0.6) ? random.pick(descriptor.sortFields) : hostileText(random));
  if (random.chance(0.3)) query.set('order', random.pick(['asc', 'desc', 'ASC', 'sideways', NUL]));
  if (random.chance(0.5)) query.set('page', pageValue(random));
  if (random.chance(0.5)) query.set('limit', pageValue(random));
  if (random.chance(0.2)) query.set('count', random.pick(['false', 'true', 'no', NUL]));
  if (random.chance(0.05)) query.append('page', pageValue(random));
  return { method: 'GET', url: `${base}?${query}` };
}

function pathValue(endpoint: Endpoint, name: string, random: Random, fixtures: FuzzFixtures): string {
  if (random.chance(0.25)) return hostilePathSegment(random);
  if (name === 'id') {
    const resource = resourceOfId(endpoint.path);
    const id = resource ? fixtures.idOf[resource] : undefined;
    // a live fixture is not deleted: later cases need it (DELETE gets other ids)
    if (id && endpoint.method !== 'DELETE') return id;
    return random.uuid();
  }
  return encodeURIComponent(String(plausible({ type: 'string' }, random, fixtures.samples, name)));
}

/** The endpoint's path with its parameters filled: mostly real ids and names, sometimes hostile text. */
export function fillPath(endpoint: Endpoint, random: Random, fixtures: FuzzFixtures): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    pathValue(endpoint, name, random, fixtures),
  );
}

function queryOf(endpoint: Endpoint, random: Random, fixtures: FuzzFixtures): string {
  const query = new URLSearchParams();
  for (const [name, schema] of Object.entries(endpoint.query)) {
    if (random.chance(0.3)) continue;
    const value = random.chance(0.6)
      ? plausible(schema, random, fixtures.samples, name)
      : hostileText(random);
    query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (random.chance(0.1)) query.set(hostileText(random), hostileText(random));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A JSON body as text with a content type (or none: JSON is read whatever the type says), sometimes not JSON. */
export function jsonPayload(body: unknown, random: Random): Pick<InjectOptions, 'payload' | 'headers'> {
  const contentType = random.pick(['application/json', 'application/json', 'text/plain', undefined]);
  const headers = contentType ? { 'content-type': contentType } : undefined;
  if (random.chance(0.05))
    return {
      headers,
      payload: random.pick(['{', '{"a":1}}', '[', '['.repeat(100_000), `"${NUL}"`, 'undefined', '\ufeff{}']),
    };
  const text = JSON.stringify(body) ?? 'null';
  // numbers JSON can write but JavaScript reads as Infinity or -0
  if (random.chance(0.05))
    return { headers, payload: text.replace(/-?\d+(\.\d+)?/, random.pick(['1e999', '-1e999', '-0'])) };
  return { headers, payload: text };
}

/** A request to an endpoint with a fuzzed body built from its own schema (or `schema` when it has none). */
export function endpointRequest(
  endpoint: Endpoint,
  random: Random,
  fixtures: FuzzFixtures,
  schema: JsonSchema | undefined = endpoint.body,
): FuzzRequest {
  const url = `${fillPath(endpoint, random, fixtures)}${queryOf(endpoint, random, fixtures)}`;
  if (endpoint.method === 'GET' || (endpoint.method === 'DELETE' && random.chance(0.8)))
    return { method: endpoint.method, url };
  const body = schema ? fuzzedValue(schema, random, fixtures.samples) : hostileValue(random);
  return { method: endpoint.method, url, ...jsonPayload(body, random) };
}
