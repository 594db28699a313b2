import { AuditListSchema } from '../../../domain/schemas/audit';
import { nameSchema } from '../http/schemaNames';
import { BatchBodySchema, batchAnswerSchema, listAnswerSchema } from './listSchemas';
import { entitySchemaName } from './operationNames';
import { patchSchemaOf } from './patchSchema';
import type { ResourceDefinition } from './resourceDefinition';

/**
 * Names a resource's schemas in the OpenAPI document: the entity (`Pass`), its page (`PassList`), its bodies
 * (`PassWrite` when POST and PUT take the same, else `PassCreate` and `PassUpdate`; `PassPatch`) and its batch answer
 * (`PassBatchResults`); the batch body and the history page are shared by all.
 *
 * @example nameResourceSchemas(passDefinition)
 */
export function nameResourceSchemas(definition: ResourceDefinition): void {
  const { schema, createSchema, updateSchema } = definition.descriptor;
  const entity = entitySchemaName(definition.descriptor.name);
  nameSchema(entity, schema);
  nameSchema(`${entity}List`, listAnswerSchema(schema));
  nameSchema(`${entity}BatchResults`, batchAnswerSchema(schema));
  const created = definition.genericCreateRoute !== false;
  if (created && createSchema === updateSchema) nameSchema(`${entity}Write`, createSchema);
  else {
    if (created) nameSchema(`${entity}Create`, createSchema);
    nameSchema(`${entity}Update`, updateSchema);
  }
  nameSchema(`${entity}Patch`, patchSchemaOf(definition));
  nameSchema('BatchRequest', BatchBodySchema);
  nameSchema('HistoryPage', AuditListSchema);
}
