import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { EntityFields } from './common';

/** An integration allowed to use the OAuth2 token endpoint. The secret is shown once, at creation. */
export const ApiClientSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  clientId: Type.String(),
  active: Type.Boolean(),
  /** present only in the answer that creates the client */
  clientSecret: Type.Optional(Type.String()),
});
export type ApiClient = Static<typeof ApiClientSchema>;

export const ApiClientWriteSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200, pattern: '\\S' }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const apiClientResource = defineResource({
  name: 'apiClient',
  schema: ApiClientSchema,
  filter: ['id', 'name', 'clientId', 'active', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'clientId', 'active', 'createdAt', 'updatedAt'],
});
