import { isPaid } from '../../../domain/ticket/paymentStates';
import { holderNameOf } from '../../../domain/ticket/ticketContract';
import type { Db } from '../../kernel/db/database';
import type { OrderRow } from '../../kernel/db/tables';
import { conflict, notFound, type Localized } from '../../kernel/http/errors';
import { eshopRepository } from './eshopRepository';
import { orderItemRepository } from './orderItemRepository';
import { invoicePdf } from './invoice';
import { invoiceItems } from './invoiceContent';

/** Only a paid order has an invoice and an email; 409 for another, saying what it is. */
export function mustBePaid(order: OrderRow, what: Required<Localized>): void {
  if (!isPaid(order))
    throw conflict({
      en: `${what.en} only for a paid order; order ${order.orderNumber} is ${order.paymentState}.`,
      cs: `${what.cs} jen pro zaplacenou objednávku; objednávka ${order.orderNumber} je ve stavu ${order.paymentState}.`,
    });
}

/**
 * The invoice of a paid order (spec section 7) as a PDF and the file name it is shown under; the back office and
 * the signed link of the order email both answer it. Its items carry their holders' names, as the email's do.
 *
 * @example const { fileName, pdf } = await paidOrderInvoice(db, order)
 */
export async function paidOrderInvoice(db: Db, order: OrderRow): Promise<{ fileName: string; pdf: Buffer }> {
  mustBePaid(order, { en: 'An invoice exists', cs: 'Faktura existuje' });
  const eshop = await eshopRepository.findLive(db, order.eshopId);
  if (!eshop) throw notFound('E-shop');
  const [items, tickets] = await Promise.all([
    orderItemRepository.liveOfOrder(db, order.id),
    orderItemRepository.ticketsOfOrder(db, order.id),
  ]);
  const holders = new Map(tickets.map((ticket) => [ticket.id, holderNameOf(ticket.data)]));
  return {
    fileName: `invoice-${order.orderNumber}.pdf`,
    pdf: await invoicePdf(eshop, order, invoiceItems(items, holders)),
  };
}
