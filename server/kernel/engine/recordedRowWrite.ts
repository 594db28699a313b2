import type { Db } from '../db/tables';
import { recordChange } from './auditTrail';
import { entityOf } from './crudService';
import type { CallContext, ResourceDefinition, Row } from './resourceDefinition';

/**
 * Changes one row by a write of its own (a webhook's secret rolled, a failed job run again) and records the change
 * in the audit trail, in one transaction. Answers the changed row, or undefined when the write changed none (then
 * nothing is recorded, and the caller answers as its case needs, such as 409).
 *
 * @example const row = await writeRecordedRow(call, jobDefinition, before, (trx) => jobRepository.retry(trx, before.id))
 */
export function writeRecordedRow<R extends Row>(
  call: CallContext,
  definition: ResourceDefinition<R>,
  before: R,
  write: (trx: Db) => Promise<R | undefined>,
): Promise<R | undefined> {
  const { db, config } = call.app;
  return db.transaction().execute(async (trx) => {
    const row = await write(trx);
    if (!row) return undefined;
    await recordChange({ db: trx, config }, call.viewer, {
      resource: definition.descriptor.name,
      action: 'update',
      before: entityOf(definition, config, before),
      after: entityOf(definition, config, row),
    });
    return row;
  });
}
