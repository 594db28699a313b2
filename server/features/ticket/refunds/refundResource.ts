import { refundResource, type Refund } from '../../../../domain/schemas/refund';
import type { RefundRow } from '../../../kernel/db/tables';
import type { EntityConfig, ResourceDefinition } from '../../../kernel/engine/resourceDefinition';
import { entityOf } from '../../../kernel/engine/crudService';
import type { RowChange } from '../../../kernel/engine/auditTrail';

/**
 * Refunds as the server serves them: the declaration alone (list and read by its rules; nobody writes them through
 * the generic routes, the order's refund action makes them). Named here for the entities the refund routes answer.
 */
export const refundDefinition: ResourceDefinition<RefundRow, Refund> = { descriptor: refundResource };

/** A refund as the API answers it. */
export const refundEntity = (config: EntityConfig, row: RefundRow): Refund =>
  entityOf(refundDefinition, config, row);

/**
 * A refund's write as the audit trail records it (none before: its creation).
 *
 * @example await recordChange(trail, viewer, refundChange(config, undefined, inserted))
 */
export const refundChange = (
  config: EntityConfig,
  before: RefundRow | undefined,
  after: RefundRow,
): RowChange => ({
  resource: refundResource.name,
  action: before ? 'update' : 'create',
  before: before && refundEntity(config, before),
  after: refundEntity(config, after),
});
