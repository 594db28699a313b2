import type { PaymentStateAnswer } from '../../domain/schemas/order';
import type { OrderRow } from '../db/tables';
import { readableRow } from '../engine/crudService';
import type { CallContext } from '../engine/resourceDefinition';
import { conflict, notFound } from '../http/errors';
import { eshopRepository } from '../repositories/eshopRepository';
import { orderItemRepository } from '../repositories/orderItemRepository';
import { orderDefinition } from '../resources/order';
import { invoicePdf } from './invoice';
import { refreshPaymentState } from './paymentStateService';
import { ticketServicesOf } from './ticketServices';

/**
 * The live order the viewer may read (404 for another project's, as for a missing one), read once: the engine's
 * row of the order table is the order's row.
 */
async function readableOrder(call: CallContext, id: string): Promise<OrderRow> {
  return (await readableRow(orderDefinition, call, id)) as unknown as OrderRow;
}

function mustBePaid(order: OrderRow, what: string): void {
  if (order.paymentState !== 'paid')
    throw conflict(`${what} only for a paid order; order ${order.orderNumber} is ${order.paymentState}.`);
}

/** The invoice of a paid order (spec section 7), as a PDF and the file name it is shown under. */
export async function orderInvoice(
  call: CallContext,
  id: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await readableOrder(call, id);
  mustBePaid(order, 'An invoice exists');
  const eshop = await eshopRepository.findLive(call.app.db, order.eshopId);
  if (!eshop) throw notFound('E-shop');
  const items = await orderItemRepository.liveOfOrder(call.app.db, order.id);
  return { fileName: `invoice-${order.orderNumber}.pdf`, pdf: await invoicePdf(eshop, order, items) };
}

/** Sends the order email of a paid order again. */
export async function resendOrderMail(call: CallContext, id: string): Promise<void> {
  const order = await readableOrder(call, id);
  mustBePaid(order, 'The order email is sent');
  await ticketServicesOf(call.app).mailer.sendOrderMail(order, call.viewer);
}

/** Asks the payment gateway for the order's payment state now. */
export async function refreshOrderPaymentState(call: CallContext, id: string): Promise<PaymentStateAnswer> {
  return refreshPaymentState(call, await readableOrder(call, id));
}
