import { holderNameOf } from '../../../../domain/ticket/ticketContract';
import type { Db } from '../../../kernel/db/database';
import type { OrderRow, RefundRow } from '../../../kernel/db/tables';
import { HttpError, conflict, notFound } from '../../../kernel/http/errors';
import type { InvoiceLinkQuery, InvoiceLinks } from '../checkout/invoiceLinks';
import { creditNotePdf } from '../creditNote';
import { eshopRepository } from '../eshopRepository';
import { invoiceItems } from '../invoiceContent';
import { orderItemRepository } from '../orderItemRepository';
import { refundRepository } from './refundRepository';

/** A credit note as a PDF and the file name it is shown under. */
export interface CreditNoteFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * The credit note of a refund (the back office's download, the e-mail's signed link and attachment): only a
 * succeeded refund of a paid order has one (409 otherwise, saying why). Its items carry their holders' names, as
 * the invoice's do. `order` when the caller read it already.
 *
 * @example const { fileName, pdf } = await refundCreditNote(db, refund)
 */
export async function refundCreditNote(db: Db, refund: RefundRow, order?: OrderRow): Promise<CreditNoteFile> {
  if (!refund.creditNoteNumber)
    throw conflict({
      en:
        refund.state === 'succeeded'
          ? `The refund of order ${refund.orderNumber} gave back a late payment, which had no invoice: it has no credit note.`
          : `The refund of order ${refund.orderNumber} is ${refund.state}: only a succeeded refund has a credit note.`,
      cs:
        refund.state === 'succeeded'
          ? `Vrácení peněz za objednávku ${refund.orderNumber} vrátilo pozdní platbu bez faktury: opravný doklad nemá.`
          : `Vrácení peněz za objednávku ${refund.orderNumber} je ve stavu ${refund.state}: opravný doklad má jen provedené vrácení.`,
    });
  const ofRefund = order ?? (await refundRepository.orderOf(db, refund.orderId));
  if (!ofRefund) throw notFound('Order');
  const eshop = await eshopRepository.findAny(db, ofRefund.eshopId);
  if (!eshop) throw notFound('E-shop');
  const [items, tickets] = await Promise.all([
    orderItemRepository.liveOfOrder(db, ofRefund.id),
    orderItemRepository.ticketsOfOrder(db, ofRefund.id),
  ]);
  const holders = new Map(tickets.map((ticket) => [ticket.id, holderNameOf(ticket.data)]));
  return {
    fileName: `credit-note-${refund.creditNoteNumber}.pdf`,
    pdf: await creditNotePdf(eshop, ofRefund, refund, invoiceItems(items, holders)),
  };
}

/**
 * The credit note behind a refund e-mail's signed link: 403 for a changed or incomplete link (another refund's id
 * included), 410 once expired, 404 for a refund not of the e-shop, 409 for one without a credit note.
 *
 * @example await creditNoteByLink(db, creditNotes, eshopId, refundId, { expires, signature })
 */
export async function creditNoteByLink(
  db: Db,
  links: InvoiceLinks,
  where: { eshopId: string; refundId: string },
  query: InvoiceLinkQuery,
): Promise<CreditNoteFile> {
  const check = links.check(where.refundId, query);
  if (check === 'tampered')
    throw new HttpError(
      403,
      'This credit note link is not valid: it was changed or cut short. Please open the link from your e-mail.',
    );
  if (check === 'expired')
    throw new HttpError(
      410,
      'This credit note link has expired. Please ask the e-shop to send you the credit note.',
    );
  const refund = await refundRepository.find(db, where.refundId);
  if (!refund || refund.deletedAt || refund.eshopId !== where.eshopId) throw notFound('Credit note');
  return refundCreditNote(db, refund);
}
