import { orderResource } from '../../../domain/schemas/order';
import { orderItemResource } from '../../../domain/schemas/orderItem';
import type { Updateable } from 'kysely';
import type { OrderItemRow, OrderRow, OrderTable } from '../../kernel/db/tables';
import type { PaymentState } from '../../../domain/schemas/order';
import {
  changeEntry,
  confirmEntry,
  systemActor,
  type AuditActor,
  type PlannedEntry,
  type RowChange,
  type TrailContext,
} from '../../kernel/engine/auditTrail';
import { orderRepository } from './orderRepository';
import type { EntityConfig } from '../../kernel/engine/resourceDefinition';
import { entityOf } from '../../kernel/engine/crudService';
import { orderDefinition } from './orderResource';
import { orderItemDefinition } from './orderItemResource';

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
  before: before && entityOf(orderDefinition, config, before),
  after: entityOf(orderDefinition, config, after),
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
  before: before && entityOf(orderItemDefinition, config, before),
  after: entityOf(orderItemDefinition, config, after),
});

/**
 * The audit entry of a one-statement order write (orderRepository), planned from the order the write foresees
 * (`entryOf`), then confirmed with the order it answered: corrected where the database did more than foreseen (a
 * concurrent change). No entry while the trail is off.
 *
 * @example const trail = plannedOrderEntry(context, actor, order); await trail.confirm(await write(trail.entryOf))
 */
export function plannedOrderEntry(trail: TrailContext, actor: AuditActor, before: OrderRow) {
  let entry: PlannedEntry | undefined;
  return {
    entryOf(foreseen: OrderRow): PlannedEntry | undefined {
      entry = trail.config.auditTrail
        ? changeEntry(actor, orderChange(trail.config, before, foreseen))
        : undefined;
      return entry;
    },
    async confirm(after: OrderRow | undefined): Promise<void> {
      if (!after || !entry) return;
      const change = orderChange(trail.config, before, after);
      await confirmEntry(trail.db, entry, change.before, change.after);
    },
  };
}

/**
 * Sets values of the order, known to the caller as `before`, with the write's audit entry under the actor, in one
 * statement; answers the order after.
 *
 * @example const requested = await writeOrder(trail, CHECKOUT, order, { state: 'paymentRequested' })
 */
export async function writeOrder(
  trail: TrailContext,
  actor: AuditActor,
  before: OrderRow,
  values: Updateable<OrderTable>,
): Promise<OrderRow | undefined> {
  const planned = plannedOrderEntry(trail, actor, before);
  const after = await orderRepository.set(trail.db, before, values, planned.entryOf);
  await planned.confirm(after);
  return after;
}

/**
 * Moves the order's payment to `to` if it is still the order's (compare and set), with its audit entry under the
 * actor, in one statement; undefined when another move came first. What follows a move to paid (numbers, passes,
 * the email) is the checkout's: TicketServices.movePayment.
 *
 * @example const moved = await movePayment(trail, PAYMENT_TIMEOUT, order, 'timeout')
 */
export async function movePayment(
  trail: TrailContext,
  actor: AuditActor,
  order: OrderRow,
  to: PaymentState,
): Promise<OrderRow | undefined> {
  const planned = plannedOrderEntry(trail, actor, order);
  const moved = await orderRepository.movePaymentState(trail.db, order, to, planned.entryOf);
  await planned.confirm(moved);
  return moved;
}
