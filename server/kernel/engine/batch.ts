import type { Static } from '@sinclair/typebox';
import { badRequest } from '../http/errors';
import { checkBody } from '../http/validation';
import {
  createEntity,
  deleteEntity,
  getEntity,
  toFieldErrors,
  updateEntity,
  writeBodyOf,
} from './crudService';
import type { BatchItemSchema } from './listSchemas';
import { patchSchemaOf } from './patchSchema';
import type { CallContext, Entity, ResourceDefinition, WriteData } from './resourceDefinition';

type BatchItem = Static<typeof BatchItemSchema>;
export interface BatchResult {
  status: { code: number; message: string[] };
  id?: string;
  data?: Entity;
}

function validData(schema: object, data: unknown): WriteData {
  const errors = checkBody(schema, data);
  if (errors) throw badRequest({ en: 'Invalid data.', cs: 'Neplatná data.' }, errors);
  return data as WriteData;
}

async function runItem(
  definition: ResourceDefinition,
  call: CallContext,
  item: BatchItem,
): Promise<BatchResult> {
  const needsId = item.method !== 'POST';
  if (needsId && !item.id)
    throw badRequest({ en: `${item.method} needs an id.`, cs: `${item.method} potřebuje id.` }, [
      { path: 'id', message: 'is required', cs: 'je povinné' },
    ]);
  const id = item.id ?? '';
  const { createSchema, updateSchema } = definition.descriptor;
  const body = writeBodyOf(definition, item.data, item.method === 'POST' ? createSchema : updateSchema);
  switch (item.method) {
    case 'GET':
      return { status: { code: 200, message: [] }, id, data: await getEntity(definition, call, id) };
    case 'POST': {
      const data = await createEntity(definition, call, validData(createSchema, body));
      return { status: { code: 201, message: [] }, id: String(data.id), data };
    }
    case 'PUT':
    case 'PATCH': {
      const merge = item.method === 'PATCH';
      const schema = merge ? patchSchemaOf(definition) : updateSchema;
      const data = await updateEntity(definition, call, id, validData(schema, body), { merge });
      return { status: { code: 200, message: [] }, id, data };
    }
    case 'DELETE':
      return { status: { code: 200, message: [] }, id, data: await deleteEntity(definition, call, id) };
    default:
      throw badRequest({
        en: `Unknown method ${String(item.method)}.`,
        cs: `Neznámá metoda ${String(item.method)}.`,
      });
  }
}

/** Runs each item on its own, in order: one item's failure is its own status and stops nothing else. */
export async function runBatch(
  definition: ResourceDefinition,
  call: CallContext,
  items: BatchItem[],
): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (const item of items) {
    try {
      results.push(await runItem(definition, call, item));
    } catch (error) {
      results.push({ status: toFieldErrors(error), ...(item.id ? { id: item.id } : {}) });
    }
  }
  return results;
}
