import { orderResource } from '../../domain/schemas/order';
import { orderItemResource } from '../../domain/schemas/orderItem';
import type { OrderItemRow, OrderRow } from '../db/tables';
import { systemActor, type RowChange } from '../engine/auditTrail';
import type { EntityConfig, Row } from '../engine/resourceDefinition';
import { entityOf } from '../engine/crudService';
import { definitionNamed } from '../resources';

/** Who the trail names for the order writes that no user makes. */
export const CHECKOUT = systemActor('checkout');
export const PAYMENT_GATEWAY = systemActor('payment gateway');
export const PAYMENT_TIMEOUT = systemActor('payment timeout');

/**
 * An order's write as the trail records it (its API entity before and after; none before: a create).
 *
 * @example await recordChange(trail, CHECKOUT, orderChange(config, placed, requested))
 */
export const orderChange = (
  config: EntityConfig,
  before: OrderRow | undefined,
  after: OrderRow,
): RowChange => ({
  resource: orderResource.name,
  action: before ? 'update' : 'create',
  before: before && entityOf(definitionNamed(orderResource.name), config, before as unknown as Row),
  after: entityOf(definitionNamed(orderResource.name), config, after as unknown as Row),
});

/**
 * An order item's write as the trail records it. The item's own row only: the customer's data of its line, kept
 * apart and released when a payment fails, never enters the trail.
 *
 * @example await recordChanges(trail, CHECKOUT, items.map((item) => orderItemChange(config, undefined, item)))
 */
export const orderItemChange = (
  config: EntityConfig,
  before: OrderItemRow | undefined,
  after: OrderItemRow,
): RowChange => ({
  resource: orderItemResource.name,
  action: before ? 'update' : 'create',
  before: before && entityOf(definitionNamed(orderItemResource.name), config, before as unknown as Row),
  after: entityOf(definitionNamed(orderItemResource.name), config, after as unknown as Row),
});
