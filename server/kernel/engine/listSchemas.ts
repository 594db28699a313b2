import { Type, type TObject } from '@sinclair/typebox';
import { PageNumber } from '../../../domain/schemas/common';
import { MAX_LIMIT } from './crudService';

export const ListQuerySchema = Type.Object({
  where: Type.Optional(Type.String({ description: 'JSON object of conditions (see the filter grammar)' })),
  page: Type.Optional(PageNumber()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 10 })),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      description: 'asc or desc, in any case (DESC)',
    }),
  ),
  orderBy: Type.Optional(Type.String()),
  count: Type.Optional(Type.Boolean({ description: 'false skips the total count (bulk reads)' })),
  suppressCount: Type.Optional(Type.Boolean({ description: 'true (or sent bare) is count=false' })),
  deleted: Type.Optional(
    Type.Boolean({
      description:
        'true lists deleted rows too (deletedAt set), e.g. with where {"updatedAt": {"$gt": last sync}}; ' +
        'a condition on deletedAt lists them as well',
    }),
  ),
});

export const ItemQuerySchema = Type.Object({
  deleted: Type.Optional(
    Type.Boolean({ description: 'true answers the entity even when it was deleted (deletedAt set)' }),
  ),
});

export const IdParamsSchema = Type.Object({ id: Type.String() });

/** One schema object per entity (made once), so that the OpenAPI document names it once. */
function oncePerEntity<T>(make: (entity: TObject) => T): (entity: TObject) => T {
  const made = new WeakMap<TObject, T>();
  return (entity) => {
    let schema = made.get(entity);
    if (!schema) {
      schema = make(entity);
      made.set(entity, schema);
    }
    return schema;
  };
}

/** The answer of a list: a page of entities. */
export const listAnswerSchema = oncePerEntity((entity) =>
  Type.Object({
    data: Type.Array(entity),
    totalCount: Type.Union([Type.Integer(), Type.Null()]),
    page: Type.Integer(),
    limit: Type.Integer(),
  }),
);

export const BatchItemSchema = Type.Object(
  {
    method: Type.Union(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => Type.Literal(method))),
    id: Type.Optional(Type.String()),
    data: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const BatchBodySchema = Type.Array(BatchItemSchema, { minItems: 1, maxItems: 100 });

/** The answer of a batch: one result per item, in order. */
export const batchAnswerSchema = oncePerEntity((entity) =>
  Type.Array(
    Type.Object({
      status: Type.Object({ code: Type.Integer(), message: Type.Array(Type.String()) }),
      id: Type.Optional(Type.String()),
      data: Type.Optional(entity),
    }),
  ),
);
