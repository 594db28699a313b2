import type { EshopRow, OrderRow } from '../../kernel/db/tables';
import { creditNoteContent, creditNoteLines, type CreditedRefund } from './creditNoteContent';
import { documentPdf } from './documentPdf';
import { documentWriting, type InvoiceItem } from './invoiceContent';

/**
 * The credit note of a succeeded refund of a paid order as PDF, laid out as its invoice (documentPdf): the refund's
 * lines (creditNoteLines of the order's items) with negative amounts. Rendered where it is asked: refunds are few.
 *
 * @example const pdf = await creditNotePdf(eshop, order, refund, invoiceItems(items, holders))
 */
export async function creditNotePdf(
  eshop: EshopRow,
  order: OrderRow,
  refund: CreditedRefund,
  orderItems: InvoiceItem[],
): Promise<Buffer> {
  const lines = creditNoteLines(refund, orderItems, documentWriting(eshop, order).texts);
  return documentPdf(creditNoteContent(eshop, order, refund, lines));
}
