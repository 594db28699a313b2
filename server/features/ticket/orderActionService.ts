import type { PaymentStateAnswer } from '../../../domain/schemas/order';
import type { OrderRow } from '../../kernel/db/tables';
import { readableRow } from '../../kernel/engine/crudService';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { orderDefinition } from './orderResource';
import { mustBePaid, paidOrderInvoice } from './paidOrderInvoice';
import { refreshPaymentState } from './paymentStateService';
import { ticketServicesOf } from './ticketServices';

/**
 * The live order the viewer may read (404 for another project's, as for a missing one), read once: the engine's
 * row of the order table is the order's row.
 */
async function readableOrder(call: CallContext, id: string): Promise<OrderRow> {
  return await readableRow(orderDefinition, call, id);
}

/** The invoice of a paid order (spec section 7), as a PDF and the file name it is shown under. */
export async function orderInvoice(
  call: CallContext,
  id: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  return paidOrderInvoice(call.app.db, await readableOrder(call, id));
}

/** Sends the order email of a paid order again. */
export async function resendOrderMail(call: CallContext, id: string): Promise<void> {
  const order = await readableOrder(call, id);
  mustBePaid(order, { en: 'The order email is sent', cs: 'E-mail objednávky se posílá' });
  await ticketServicesOf(call.app).mailer.sendOrderMail(order, call.viewer);
}

/** Asks the payment gateway for the order's payment state now. */
export async function refreshOrderPaymentState(call: CallContext, id: string): Promise<PaymentStateAnswer> {
  return refreshPaymentState(call, await readableOrder(call, id));
}
