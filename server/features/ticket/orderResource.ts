import { orderResource, type Order } from '../../../domain/schemas/order';
import type { OrderRow } from '../../kernel/db/tables';
import type { ResourceDefinition } from '../../kernel/engine/resourceDefinition';

/** Orders as the server serves them: the declaration alone (orders are made by the checkout, changed by actions). */
export const orderDefinition: ResourceDefinition<OrderRow, Order> = { descriptor: orderResource };
