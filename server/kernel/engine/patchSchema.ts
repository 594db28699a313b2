import { Type, type TObject } from '@sinclair/typebox';
import { MergePatchValueSchema } from './mergePatch';
import type { ResourceDefinition } from './resourceDefinition';

const patchSchemas = new WeakMap<ResourceDefinition, TObject>();

function patchBodySchema(definition: ResourceDefinition): TObject {
  const partial = Type.Partial(definition.descriptor.updateSchema);
  const fields = definition.mergePatchFields ?? [];
  if (fields.length === 0) return partial;
  const properties = { ...partial.properties };
  for (const field of fields) properties[field] = Type.Optional(MergePatchValueSchema);
  return Type.Object(properties, {
    additionalProperties: definition.descriptor.updateSchema.additionalProperties,
  });
}

/**
 * The body of PATCH: the fields of PUT, all optional, the resource's merge fields taking a JSON merge patch;
 * one schema object per resource, so it compiles once.
 */
export function patchSchemaOf(definition: ResourceDefinition): TObject {
  let schema = patchSchemas.get(definition);
  if (!schema) {
    schema = patchBodySchema(definition);
    patchSchemas.set(definition, schema);
  }
  return schema;
}
