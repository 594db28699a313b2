import { Type, type TSchema } from '@sinclair/typebox';

export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });
export const DateTime = (options: { description?: string } = {}) =>
  Type.String({ format: 'date-time', ...options });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Any JSON object (its own rules are checked elsewhere, e.g. a template's pass.json). */
export const JsonObject = Type.Object({}, { additionalProperties: true });

/** Fields every entity has. Deletion is soft: deletedAt is set, rows stay. */
export const EntityFields = {
  id: Uuid(),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  deletedAt: Nullable(DateTime()),
};

/** The answer of every failed call: a message a person understands, with details by field when there are any. */
export const ErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});
