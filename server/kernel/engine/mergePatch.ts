import { Type, type TSchema } from '@sinclair/typebox';
import { badRequest, type FieldError } from '../http/errors';
import { checkBody } from '../http/validation';
import type { ResourceDefinition, Row, WriteData } from './resourceDefinition';

/** Deeper patches are refused rather than followed: the merge recurses once per level. */
export const MAX_MERGE_DEPTH = 100;

/** The body schema of a merged field in PATCH: any object (a null inside removes that key), or null. */
export const MergePatchValueSchema = Type.Union(
  [Type.Object({}, { additionalProperties: true }), Type.Null()],
  {
    description:
      'JSON merge patch (RFC 7396) of the current value: keys sent replace theirs, objects merge key by key, ' +
      'a null removes its key, other keys are kept; null for the whole field empties it.',
  },
);

type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * RFC 7396: the target with the patch applied. Arrays and other values replace; a key whose patch value is null is
 * removed. Builds new objects (the target is not changed) with own keys only, "__proto__" included.
 *
 * @example mergePatch({ name: 'Jan', points: 10 }, { points: 20 }) // { name: 'Jan', points: 20 }
 */
export function mergePatch(target: unknown, patch: unknown, depth = 0): unknown {
  if (!isJsonObject(patch)) return patch;
  if (depth >= MAX_MERGE_DEPTH) throw new MergeTooDeepError();
  const merged = new Map(Object.entries(isJsonObject(target) ? target : {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, mergePatch(merged.get(key), value, depth + 1));
  }
  return Object.fromEntries(merged);
}

class MergeTooDeepError extends Error {}

const acceptsNull = (schema: TSchema) => checkBody(schema, null) === undefined;

function mergedField(field: string, schema: TSchema, current: unknown, patch: unknown): unknown {
  let merged: unknown;
  try {
    merged = patch === null ? (acceptsNull(schema) ? null : {}) : mergePatch(current, patch);
  } catch (error) {
    if (!(error instanceof MergeTooDeepError)) throw error;
    const message = `is nested more than ${MAX_MERGE_DEPTH} levels deep`;
    const cs = `je vnořené hlouběji než ${MAX_MERGE_DEPTH} úrovní`;
    throw badRequest(
      { en: `Invalid request: "${field}" ${message}.`, cs: `Neplatný požadavek: "${field}" ${cs}.` },
      [{ path: field, message, cs }],
    );
  }
  const errors = checkBody(schema, merged);
  if (errors) {
    const atField = errors.map((error): FieldError => ({
      ...error,
      path: error.path ? `${field}.${error.path}` : field,
    }));
    const parts = (czech: boolean) =>
      atField.map((error) => `"${error.path}" ${czech ? error.cs : error.message}`).join('; ');
    throw badRequest(
      {
        en: `Invalid request: after the merge, ${parts(false)}.`,
        cs: `Neplatný požadavek: po sloučení ${parts(true)}.`,
      },
      atField,
    );
  }
  return merged;
}

/**
 * PATCH data with each of the resource's merge fields merged into the row's current value (RFC 7396) and checked
 * against the field's PUT schema, so that the rest of the update sees a whole value as if PUT had sent it.
 *
 * @example mergePatchFields(passDefinition, row, { dynamicData: { points: 20 } }) // { dynamicData: {name, points: 20} }
 */
export function mergePatchFields(definition: ResourceDefinition, row: Row, data: WriteData): WriteData {
  const fields = definition.mergePatchFields ?? [];
  if (!fields.some((field) => data[field] !== undefined)) return data;
  const merged: WriteData = { ...data };
  for (const field of fields) {
    if (data[field] === undefined) continue;
    const schema = definition.descriptor.updateSchema.properties[field];
    merged[field] = mergedField(field, schema, row[field], data[field]);
  }
  return merged;
}
