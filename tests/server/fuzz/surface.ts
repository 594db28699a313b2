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
}

/** Every documented route: the same schemas that validate the requests describe them, so none is forgotten. */
export function endpointsOf(app: FastifyInstance): Endpoint[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path,
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
        query: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, parameter.schema ?? {}]),
        ),
        body: Object.values(content)[0]?.schema,
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
