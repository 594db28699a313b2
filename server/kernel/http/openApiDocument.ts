import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { ServerConfig } from '../config';
import { API_DESCRIPTION } from './apiDescription';
import './fastifyTypes';
import { CORE_API_PREFIX, servedUrl } from './rootAliases';
import { asReference, nameSchema, namedSchemaComponents } from './schemaNames';

nameSchema('Error', ErrorSchema);

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/**
 * The servers a generated client may call: the core API at `/api/core` (first, so that its paths read `/v1/pass`),
 * the server's root, where `/v1/...` and `/oauth2/...` answer the same (Yourpass clients use the bare origin).
 */
function serversOf(publicUrl: string) {
  const core = { url: `${publicUrl}${CORE_API_PREFIX}`, description: 'The core API' };
  const root = {
    url: publicUrl,
    description:
      "The server's root: the core API's /v1/... and /oauth2/token answer here too, and every other API lives here",
  };
  return { core, root };
}

/**
 * The route's schema as the document shows it: named schemas of bodies and answers as `$ref`s, a multipart upload's
 * documented body as its request body. The route keeps its own schema for validation.
 */
function documentedSchema(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!schema) return schema;
  const { documentedBody, ...rest } = schema;
  const body = documentedBody ?? rest.body;
  return {
    ...rest,
    ...(body ? { body: asReference(body) } : {}),
    ...(rest.response ? { response: asReference(rest.response) } : {}),
  };
}

/**
 * The core API's paths relative to it (`/v1/pass`), under the document's servers: both for `/v1/...` and `/oauth2/...`
 * (the root answers them too), the core API alone for the others (`/auth/login`). Every other path is the root's.
 */
function rebasePaths(paths: JsonObject, servers: ReturnType<typeof serversOf>): JsonObject {
  const rebased: JsonObject = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    if (!path.startsWith(`${CORE_API_PREFIX}/`)) {
      rebased[path] = { ...item, servers: [servers.root] };
      continue;
    }
    const corePath = path.slice(CORE_API_PREFIX.length);
    const aliased = servedUrl(corePath) !== corePath;
    rebased[corePath] = aliased ? item : { ...item, servers: [servers.core] };
  }
  return rebased;
}

/**
 * What OpenAPI 3.0 says differently from JSON Schema, fixed in place: a numeric `exclusiveMinimum` (and maximum) is
 * a `minimum` with `exclusiveMinimum: true`; answers described only as "Default Response" get their status's name.
 */
function toOpenApi30(value: unknown, key?: string): void {
  if (Array.isArray(value)) return value.forEach((item) => toOpenApi30(item));
  if (!isObject(value)) return;
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof value[exclusive] === 'number') {
      value[bound] = value[exclusive];
      value[exclusive] = true;
    }
  }
  if (key === 'responses')
    for (const [status, response] of Object.entries(value))
      if (isObject(response) && response.description === 'Default Response')
        response.description = STATUS_CODES[status] ?? 'Answer';
  for (const [inner, child] of Object.entries(value)) toOpenApi30(child, inner);
}

/**
 * The options of @fastify/swagger: the document at /api/docs/json, with an operationId and a summary on every
 * operation (given by the routes), named schemas under `components/schemas` (`nameSchema`), multipart uploads
 * (`multipartBody`), and the servers of the core API and of its root aliases.
 *
 * @example await app.register(swagger, openApiOptions(config))
 */
export function openApiOptions(config: ServerConfig): FastifyDynamicSwaggerOptions {
  const servers = serversOf(config.publicUrl);
  return {
    openapi: {
      info: {
        title: 'Wallet pass platform API',
        version: config.version,
        description: API_DESCRIPTION,
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [servers.core, servers.root],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic' },
        },
        // read when the document is made, once every route has named its schemas
        get schemas() {
          return namedSchemaComponents() as never;
        },
      },
      security: [{ bearer: [] }],
    },
    stripBasePath: false,
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema) as never, url }),
    transformObject: (documentObject) => {
      const document = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as JsonObject;
      document.paths = rebasePaths((document.paths ?? {}) as JsonObject, servers);
      toOpenApi30(document);
      return document;
    },
  };
}
