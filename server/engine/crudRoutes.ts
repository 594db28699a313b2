import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../domain/schemas/common';
import type { AppContext } from '../appContext';
import { runBatch } from './batch';
import {
  createEntity,
  deleteEntity,
  getEntity,
  listEntities,
  updateEntity,
  withoutReadOnlyFields,
} from './crudService';
import {
  BatchBodySchema,
  IdParamsSchema,
  ListQuerySchema,
  batchAnswerSchema,
  listAnswerSchema,
} from './listSchemas';
import { patchSchemaOf } from './patchSchema';
import type { CallContext, ResourceDefinition, WriteData } from './resourceDefinition';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Registers `/v1/{resource}` list, read, create, replace, patch, delete and batch for a resource definition.
 *
 * @example registerResourceRoutes(app, context, projectDefinition)
 */
export function registerResourceRoutes(app: FastifyInstance, context: AppContext, definition: ResourceDefinition) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const entity = definition.descriptor.schema;
  const base = `/v1/${definition.descriptor.name}`;
  const tags = [definition.descriptor.name];
  const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });
  const stripReadOnly = async (request: FastifyRequest) => {
    request.body = withoutReadOnlyFields(definition, request.body);
  };

  routes.get(
    base,
    { schema: { tags, querystring: ListQuerySchema, response: { 200: listAnswerSchema(entity), ...errors } } },
    (request) => listEntities(definition, call(request), request.query),
  );

  routes.get(
    `${base}/:id`,
    { schema: { tags, params: IdParamsSchema, response: { 200: entity, ...errors } } },
    (request) => getEntity(definition, call(request), request.params.id),
  );

  if (definition.genericCreateRoute !== false) {
    routes.post(
      base,
      {
        preValidation: stripReadOnly,
        schema: { tags, body: definition.createSchema, response: { 201: entity, ...errors } },
      },
      async (request, reply) => {
        const created = await createEntity(definition, call(request), request.body as WriteData);
        return reply.status(201).send(created);
      },
    );
  }

  for (const [method, schema] of [
    ['put', definition.replaceSchema],
    ['patch', patchSchemaOf(definition)],
  ] as const) {
    routes[method](
      `${base}/:id`,
      {
        preValidation: stripReadOnly,
        schema: { tags, params: IdParamsSchema, body: schema, response: { 200: entity, ...errors } },
      },
      (request) => updateEntity(definition, call(request), request.params.id, request.body as WriteData),
    );
  }

  routes.delete(
    `${base}/:id`,
    { schema: { tags, params: IdParamsSchema, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await deleteEntity(definition, call(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    `${base}/batch`,
    { schema: { tags, body: BatchBodySchema, response: { 200: batchAnswerSchema(entity), ...errors } } },
    (request) => runBatch(definition, call(request), request.body as Static<typeof BatchBodySchema>),
  );
}
