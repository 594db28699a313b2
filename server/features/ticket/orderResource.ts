import { sql } from 'kysely';
import { orderResource, type Order } from '../../../domain/schemas/order';
import type { OrderRow } from '../../kernel/db/tables';
import type { ResourceDefinition } from '../../kernel/engine/resourceDefinition';

/** A late payment nothing was given back of yet: the "to refund" list, as SQL and as the entity says it. */
const TO_REFUND = sql`("latePaymentAt" is not null and "refundedAmount" = 0)`;
const isToRefund = (row: OrderRow) => row.latePaymentAt !== null && Number(row.refundedAmount) === 0;

/**
 * Orders as the server serves them: the declaration, and whether a late payment waits to be refunded (orders are
 * made by the checkout, changed by actions).
 */
export const orderDefinition: ResourceDefinition<OrderRow, Order> = {
  descriptor: orderResource,
  fieldColumns: { toRefund: TO_REFUND },
  computedFields: (_config, row) => ({ toRefund: isToRefund(row) }),
};
