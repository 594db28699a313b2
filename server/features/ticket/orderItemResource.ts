import { sql } from 'kysely';
import { orderItemResource, type OrderItem } from '../../../domain/schemas/orderItem';
import type { OrderItemRow } from '../../kernel/db/tables';
import { badRequest } from '../../kernel/http/errors';
import type { ResourceDefinition } from '../../kernel/engine/resourceDefinition';
import { orderItemRepository } from './orderItemRepository';

/**
 * Order items: read with TICKET_ESHOP_READ or TICKET_ENTRY on the project; the used entry count (0..maxEntries of
 * the product as sold) is changed with TICKET_ENTRY (the gate staff) or by an admin. Items come from the checkout.
 */
export const orderItemDefinition: ResourceDefinition<OrderItemRow, OrderItem> = {
  descriptor: orderItemResource,
  fieldColumns: { 'product.name': sql.ref('productName') },
  computedColumns: orderItemRepository.dataColumn,
  authorizeUpdate(_call, row, data) {
    const maxEntries = Number(row.productMaxEntries);
    if (typeof data.entryCount === 'number' && data.entryCount > maxEntries) {
      const message = `must be between 0 and maxEntries (${maxEntries})`;
      const cs = `musí být mezi 0 a maxEntries (${maxEntries})`;
      throw badRequest({ en: `entryCount ${message}.`, cs: `entryCount ${cs}.` }, [
        { path: '/entryCount', message, cs },
      ]);
    }
  },
  toUpdate: (_call, row, data) => {
    if (data.entryCount === undefined) return {};
    const entryCount = Number(data.entryCount);
    return {
      entryCount,
      manualChangeAt: sql`now()`,
      used: entryCount > 0,
      ...(entryCount > 0 && !row.firstEntry ? { firstEntry: sql`now()` } : {}),
      ...(entryCount > Number(row.entryCount) ? { lastEntry: sql`now()` } : {}),
    };
  },
  // the product as sold is kept in columns of the item
  computedFields: (_call, row) => ({
    product: { name: row.productName, maxEntries: Number(row.productMaxEntries) },
  }),
};
