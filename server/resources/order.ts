import { Right, can, canAnywhere } from '../../domain/rights';
import { OrderWriteSchema, orderResource } from '../../domain/schemas/order';
import { forbidden } from '../http/errors';
import type { ResourceDefinition, Row } from '../engine/resourceDefinition';
import { entityBase, iso, pick } from '../engine/rowValues';
import { projectScope } from './projectScope';

const WRITABLE = Object.keys(OrderWriteSchema.properties);

/**
 * Orders: read with TICKET_ESHOP_READ on the e-shop's project, which also lets one correct the customer's email.
 * Orders are created by the checkout only; deleting is for administrators.
 */
export const orderDefinition: ResourceDefinition = {
  descriptor: orderResource,
  table: 'order',
  createSchema: OrderWriteSchema,
  replaceSchema: OrderWriteSchema,
  canList: (viewer) => canAnywhere(viewer, Right.TICKET_ESHOP_READ),
  readScope: (viewer) => projectScope(viewer, [Right.TICKET_ESHOP_READ]),
  authorizeCreate() {
    throw forbidden('Orders are created by the checkout of their e-shop.');
  },
  authorizeUpdate(call, row) {
    if (!can(call.viewer, Right.TICKET_ESHOP_READ, String(row.projectId)))
      throw forbidden('Editing an order needs the TICKET_ESHOP_READ right on its project.');
  },
  authorizeDelete(call) {
    if (!call.viewer.isAdmin) throw forbidden('Deleting an order is for administrators only.');
  },
  toInsert: () => {
    throw forbidden('Orders are created by the checkout of their e-shop.');
  },
  toUpdate: (_call, _row, data) => pick(data, WRITABLE),
  toEntities: (_call, rows: Row[]) => rows.map(orderEntity),
};

export function orderEntity(row: Row) {
  return {
    ...entityBase(row),
    eshopId: row.eshopId,
    projectId: row.projectId,
    orderNumber: row.orderNumber,
    yearSerial: Number(row.yearSerial),
    locale: row.locale,
    email: row.email,
    state: row.state,
    paymentState: row.paymentState,
    paymentMethod: row.paymentMethod ?? null,
    paymentServiceBaseUrl: row.paymentServiceBaseUrl ?? null,
    paymentId: row.paymentId ?? null,
    paymentMethodDiscount: Number(row.paymentMethodDiscount),
    paymentCheckCount: Number(row.paymentCheckCount),
    currency: row.currency,
    totalWithoutVat: Number(row.totalWithoutVat),
    totalWithVat: Number(row.totalWithVat),
    itemsCreatedAt: iso(row.itemsCreatedAt),
    paymentRequestedAt: iso(row.paymentRequestedAt),
    paymentSuccessAt: iso(row.paymentSuccessAt),
    paymentErrorAt: iso(row.paymentErrorAt),
    numberGenerationAt: iso(row.numberGenerationAt),
    emailSentAt: iso(row.emailSentAt),
    deliveredAt: iso(row.deliveredAt),
    configId: row.configId ?? null,
  };
}
