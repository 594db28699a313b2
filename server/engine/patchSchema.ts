import { Type, type TObject } from '@sinclair/typebox';
import type { ResourceDefinition } from './resourceDefinition';

const patchSchemas = new WeakMap<ResourceDefinition, TObject>();

/** The body of PATCH: the fields of PUT, all optional; one schema object per resource, so it compiles once. */
export function patchSchemaOf(definition: ResourceDefinition): TObject {
  let schema = patchSchemas.get(definition);
  if (!schema) {
    schema = Type.Partial(definition.replaceSchema);
    patchSchemas.set(definition, schema);
  }
  return schema;
}
