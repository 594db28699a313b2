import { sql } from 'kysely';
import { Right, can, canAnyOf } from '../../domain/rights';
import { OrderItemWriteSchema, orderItemResource } from '../../domain/schemas/orderItem';
import { badRequest, forbidden } from '../http/errors';
import type { ResourceDefinition, Row } from '../engine/resourceDefinition';
import { entityBase, iso } from '../engine/rowValues';
import { orderItemRepository } from '../repositories/orderItemRepository';
import { projectScope } from './projectScope';

const READ_RIGHTS = [Right.TICKET_ESHOP_READ, Right.TICKET_ENTRY];

/**
 * Order items: read with TICKET_ESHOP_READ or TICKET_ENTRY on the project; the used entry count (0..maxEntries of
 * the product as sold) is changed with TICKET_ENTRY (the gate staff) or by an admin. Items come from the checkout.
 */
export const orderItemDefinition: ResourceDefinition = {
  descriptor: orderItemResource,
  table: 'orderItem',
  createSchema: OrderItemWriteSchema,
  replaceSchema: OrderItemWriteSchema,
  fieldColumns: { 'product.name': sql.ref('productName') },
  computedColumns: orderItemRepository.dataColumn,
  canList: (viewer) => canAnyOf(viewer, READ_RIGHTS),
  readScope: (viewer) => projectScope(viewer, READ_RIGHTS),
  authorizeCreate() {
    throw forbidden('Order items are created by the checkout of their e-shop.');
  },
  authorizeUpdate(call, row, data) {
    if (!can(call.viewer, Right.TICKET_ENTRY, String(row.projectId)))
      throw forbidden('Changing the entry count needs the TICKET_ENTRY right on its project.');
    const maxEntries = Number(row.productMaxEntries);
    if (typeof data.entryCount === 'number' && data.entryCount > maxEntries) {
      const message = `must be between 0 and maxEntries (${maxEntries})`;
      throw badRequest(`entryCount ${message}.`, [{ path: '/entryCount', message }]);
    }
  },
  authorizeDelete(call) {
    if (!call.viewer.isAdmin) throw forbidden('Deleting an order item is for administrators only.');
  },
  toInsert: () => {
    throw forbidden('Order items are created by the checkout of their e-shop.');
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
  toEntities: (_call, rows: Row[]) => rows.map(orderItemEntity),
};

const serial = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function orderItemEntity(row: Row) {
  return {
    ...entityBase(row),
    orderId: row.orderId,
    eshopId: row.eshopId,
    projectId: row.projectId,
    productId: row.productId,
    product: { name: row.productName, maxEntries: Number(row.productMaxEntries) },
    orderNumber: row.orderNumber,
    paymentState: row.paymentState,
    data: row.data ?? null,
    entryCount: Number(row.entryCount),
    state: row.state,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    itemNumber: row.itemNumber ?? null,
    projectSerial: serial(row.projectSerial),
    yearSerial: serial(row.yearSerial),
    monthSerial: serial(row.monthSerial),
    daySerial: serial(row.daySerial),
    priceWithoutVat: Number(row.priceWithoutVat),
    vat: Number(row.vat),
    price: Number(row.price),
    discountPercentage: Number(row.discountPercentage),
    discountAmount: Number(row.discountAmount),
    discountedPrice: Number(row.discountedPrice),
    issued: row.issued === true,
    numberRequestedAt: iso(row.numberRequestedAt),
    numberSuccessAt: iso(row.numberSuccessAt),
    numberErrorAt: iso(row.numberErrorAt),
    passRequestedAt: iso(row.passRequestedAt),
    passSuccessAt: iso(row.passSuccessAt),
    passErrorAt: iso(row.passErrorAt),
    passInvalidationRequestedAt: iso(row.passInvalidationRequestedAt),
    passInvalidatedAt: iso(row.passInvalidatedAt),
    manualChangeAt: iso(row.manualChangeAt),
    used: row.used === true,
    firstEntry: iso(row.firstEntry),
    lastEntry: iso(row.lastEntry),
    configId: row.configId ?? null,
    templateId: row.templateId ?? null,
    passId: row.passId ?? null,
  };
}
