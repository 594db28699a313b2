import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './schemaValues';

/** One route of the HTTP surface, as the OpenAPI document describes it. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** with {parameters}, e.g. /api/core/v1/pass/{id} */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  servers?: Array<{ url: string }>;
}

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown> & { servers?: Array<{ url: string }> }>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The path a server's URL adds before the document's paths (`/api/core` for the core API, '' for the root). */
const serverPath = (servers: Array<{ url: string }> | undefined) =>
  servers?.length ? new URL(servers[0].url, 'http://localhost').pathname.replace(/\/$/, '') : '';

/** A schema with its `$ref`s to named schemas replaced by them (a reference within itself left as `{}`). */
function dereferenced(schema: unknown, named: Record<string, JsonSchema>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => dereferenced(item, named, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return seen.includes(name) ? {} : dereferenced(named[name], named, [...seen, name]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, dereferenced(value, named, seen)]),
  );
}

/**
 * Every documented route at the address it is served at (its server's path before the document's path), with its
 * named schemas in place: the same schemas that validate the requests describe them, so none is forgotten.
 */
export function endpointsOf(app: FastifyInstance): Endpoint[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const named = document.components?.schemas ?? {};
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, described] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const operation = described as OpenApiOperation;
      const prefix = serverPath(operation.servers ?? operations.servers ?? document.servers);
      const parameters =
        (dereferenced(operation.parameters ?? [], named) as OpenApiOperation['parameters']) ?? [];
      const content = operation.requestBody?.content ?? {};
      const body = Object.values(content)[0]?.schema;
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path: `${prefix}${path}`,
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
        query: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, parameter.schema ?? {}]),
        ),
        body: body === undefined ? undefined : (dereferenced(body, named) as JsonSchema),
      });
    }
  return endpoints;
}

/** The resource a path parameter {id} belongs to: the segment before it (/v1/pass/{id} -> pass). */
export function resourceOfId(path: string): string | undefined {
  const segments = path.split('/');
  const index = segments.indexOf('{id}');
  return index > 0 ? segments[index - 1] : undefined;
}

export const routeKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;
