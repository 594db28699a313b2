import type { Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../appContext';
import { runBatch } from './batch';
import { registerHistoryRoute } from './historyRoute';
import {
  createEntity,
  deleteEntity,
  getEntity,
  listEntities,
  updateEntity,
  writeBodyOf,
} from './crudService';
import {
  BatchBodySchema,
  IdParamsSchema,
  ItemQuerySchema,
  ListQuerySchema,
  batchAnswerSchema,
  listAnswerSchema,
} from './listSchemas';
import { crudOperations } from './operationNames';
import { patchSchemaOf } from './patchSchema';
import { nameResourceSchemas } from './resourceSchemaNames';
import { normalizeQuery } from './queryValues';
import type { CallContext, ResourceDefinition, WriteData } from './resourceDefinition';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

function patchDescription(definition: ResourceDefinition): string {
  const fields = definition.mergePatchFields ?? [];
  const merged = fields.length
    ? ` ${fields.join(', ')}: a JSON merge patch (RFC 7396) of the current value (a null removes its key), ` +
      'checked as a whole after the merge.'
    : '';
  return `Changes the fields sent; the others are kept.${merged}`;
}

/**
 * Registers `/v1/{resource}` list, read, create, replace, patch, delete and batch for a resource definition.
 *
 * @example registerResourceRoutes(app, context, projectDefinition)
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  context: AppContext,
  definition: ResourceDefinition,
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const entity = definition.descriptor.schema;
  const base = `/v1/${definition.descriptor.name}`;
  const tags = [definition.descriptor.name];
  const call = (request: FastifyRequest): CallContext => ({ app: context, viewer: request.viewer });
  const { createSchema, updateSchema } = definition.descriptor;
  const operations = crudOperations(definition.descriptor.name, definition.descriptor.label);
  nameResourceSchemas(definition);
  const prepareCreateBody = async (request: FastifyRequest) => {
    request.body = writeBodyOf(definition, request.body, createSchema);
  };
  const prepareUpdateBody = async (request: FastifyRequest) => {
    request.body = writeBodyOf(definition, request.body, updateSchema);
  };

  routes.get(
    base,
    {
      preValidation: normalizeQuery,
      schema: {
        tags,
        ...operations.list,
        description:
          'Live rows by default. Query values may also be sent JSON-encoded (order="desc", limit="3").',
        querystring: ListQuerySchema,
        response: { 200: listAnswerSchema(entity), ...errors },
      },
    },
    (request) => listEntities(definition, call(request), request.query),
  );

  routes.get(
    `${base}/:id`,
    {
      preValidation: normalizeQuery,
      schema: {
        tags,
        ...operations.get,
        description:
          'A live entity; with deleted=true a deleted one too (404 for what the caller may not read).',
        params: IdParamsSchema,
        querystring: ItemQuerySchema,
        response: { 200: entity, ...errors },
      },
    },
    (request) =>
      getEntity(definition, call(request), request.params.id, {
        includeDeleted: request.query.deleted === true,
      }),
  );

  if (definition.genericCreateRoute !== false) {
    routes.post(
      base,
      {
        preValidation: prepareCreateBody,
        schema: { tags, ...operations.create, body: createSchema, response: { 201: entity, ...errors } },
      },
      async (request, reply) => {
        const created = await createEntity(definition, call(request), request.body as WriteData);
        return reply.status(201).send(created);
      },
    );
  }

  routes.put(
    `${base}/:id`,
    {
      preValidation: prepareUpdateBody,
      schema: {
        tags,
        ...operations.replace,
        description: 'Replaces the writable fields: what is left out takes its default.',
        params: IdParamsSchema,
        body: updateSchema,
        response: { 200: entity, ...errors },
      },
    },
    (request) => updateEntity(definition, call(request), request.params.id, request.body as WriteData),
  );

  routes.patch(
    `${base}/:id`,
    {
      preValidation: prepareUpdateBody,
      schema: {
        tags,
        ...operations.patch,
        description: patchDescription(definition),
        params: IdParamsSchema,
        body: patchSchemaOf(definition),
        response: { 200: entity, ...errors },
      },
    },
    (request) =>
      updateEntity(definition, call(request), request.params.id, request.body as WriteData, { merge: true }),
  );

  routes.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        ...operations.delete,
        description:
          'Deletes softly and answers the deleted entity, deletedAt set (its updatedAt moves too).',
        params: IdParamsSchema,
        response: { 200: entity, ...errors },
      },
    },
    (request) => deleteEntity(definition, call(request), request.params.id),
  );

  routes.post(
    `${base}/batch`,
    {
      schema: {
        tags,
        ...operations.batch,
        description:
          'Up to 100 items, each run on its own with a status of its own (DELETE: 200 and the entity).',
        body: BatchBodySchema,
        response: { 200: batchAnswerSchema(entity), ...errors },
      },
    },
    (request) => runBatch(definition, call(request), request.body as Static<typeof BatchBodySchema>),
  );

  registerHistoryRoute(app, context, definition);
}
