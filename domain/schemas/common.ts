import { Type, type TSchema } from '@sinclair/typebox';

export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });
export const DateTime = (options: { description?: string } = {}) =>
  Type.String({ format: 'date-time', ...options });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** The range of a PostgreSQL integer column (int4): every whole number the API stores is within it. */
export const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/**
 * A whole number that fits an integer column; options narrow the range.
 *
 * @example Int4({ minimum: 1 })
 */
export const Int4 = (options: { minimum?: number; maximum?: number; description?: string } = {}) =>
  Type.Integer({ ...INT4, ...options });

/** The highest price or total the API takes: money columns are numeric(12,2), and a price with VAT must fit too. */
export const MAX_MONEY = 1_000_000_000;

/** The highest page of a list: far beyond any real list, and (page - 1) × limit stays exact and fits OFFSET. */
export const MAX_PAGE = 1_000_000_000;

/** The page number of a paged list. */
export const PageNumber = () => Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

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
