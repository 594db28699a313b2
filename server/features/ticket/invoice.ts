import type { EshopRow, OrderRow } from '../../kernel/db/tables';
import { documentPdf } from './documentPdf';
import { invoiceContent, type InvoiceItem } from './invoiceContent';

export { ITEM_COLUMNS, TABLE_FONT_SIZE, UNICODE_FONTS, tableColumns } from './documentPdf';

/**
 * The invoice of a paid order as PDF, in the order's language: what invoiceContent says, laid out as documentPdf
 * lays out every tax document.
 *
 * @example const pdf = await invoicePdf(eshop, order, invoiceItems(items, holders))
 */
export async function invoicePdf(eshop: EshopRow, order: OrderRow, items: InvoiceItem[]): Promise<Buffer> {
  return documentPdf(invoiceContent(eshop, order, items));
}

export type { InvoiceItem } from './invoiceContent';
