import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { roundMoney } from '../../domain/ticket/pricing';
import type { EshopRow, OrderItemRow, OrderRow } from '../db/tables';

/** A font with Czech glyphs when the system has it; else PDF's Helvetica (Latin-1 only). */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export interface VatLine {
  vat: number;
  base: number;
  vatAmount: number;
  total: number;
}

/** Paid prices of the items split per VAT rate: base, VAT and total of each rate (the price paid includes VAT). */
export function vatBreakdown(items: Pick<OrderItemRow, 'vat' | 'discountedPrice'>[]): VatLine[] {
  const byRate = new Map<number, number>();
  for (const item of items) {
    const vat = Number(item.vat);
    byRate.set(vat, (byRate.get(vat) ?? 0) + Number(item.discountedPrice));
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vat, total]) => {
      const base = roundMoney(total / (1 + vat));
      return { vat, base, vatAmount: roundMoney(total - base), total: roundMoney(total) };
    });
}

function finished(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The invoice of a paid order, as PDF: the e-shop, the order number and dates, one line per item, the VAT
 * breakdown and the total, in the order's currency (CZK).
 *
 * @example const pdf = await invoicePdf(eshop, order, items)
 */
export async function invoicePdf(eshop: EshopRow, order: OrderRow, items: OrderItemRow[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${order.orderNumber}` } });
  const done = finished(doc);
  const unicode = fs.existsSync(UNICODE_FONTS.regular) && fs.existsSync(UNICODE_FONTS.bold);
  if (unicode) {
    doc.registerFont('InvoiceRegular', UNICODE_FONTS.regular);
    doc.registerFont('InvoiceBold', UNICODE_FONTS.bold);
  }
  const regular = unicode ? 'InvoiceRegular' : 'Helvetica';
  const bold = unicode ? 'InvoiceBold' : 'Helvetica-Bold';
  const currency = order.currency || eshop.currency || 'CZK';
  const money = (value: number) => `${value.toFixed(2)} ${currency}`;
  const date = (value: Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');

  doc.font(bold).fontSize(20).text(`Invoice / Faktura ${order.orderNumber}`);
  doc.moveDown(0.5).font(regular).fontSize(10);
  doc.text(`Seller / Prodávající: ${eshop.name}`);
  doc.text(`Customer / Zákazník: ${order.email}`);
  doc.text(`Order / Objednávka: ${order.orderNumber}`);
  doc.text(`Issued / Vystaveno: ${date(order.createdAt)}`);
  doc.text(
    `Paid / Zaplaceno: ${date(order.paymentSuccessAt)}${order.paymentMethod ? ` (${order.paymentMethod})` : ''}`,
  );
  doc.moveDown();

  const columns = [50, 260, 330, 420, 480];
  const row = (cells: string[], font = regular) => {
    const y = doc.y;
    doc.font(font).fontSize(10);
    cells.forEach((cell, index) =>
      doc.text(cell, columns[index], y, { width: (columns[index + 1] ?? 545) - columns[index] - 5 }),
    );
    doc.moveDown(0.3);
  };
  row(['Item / Položka', 'Number', 'VAT', 'Discount', 'Price'], bold);
  for (const item of items)
    row([
      item.productName,
      item.itemNumber ?? '',
      `${roundMoney(Number(item.vat) * 100)} %`,
      money(Number(item.discountAmount)),
      money(Number(item.discountedPrice)),
    ]);
  doc.moveDown();
  doc.x = 50;
  row(['VAT rate / Sazba DPH', 'Base / Základ', 'VAT / DPH', '', 'Total / Celkem'], bold);
  const breakdown = vatBreakdown(items);
  for (const line of breakdown)
    row([`${roundMoney(line.vat * 100)} %`, money(line.base), money(line.vatAmount), '', money(line.total)]);
  doc.moveDown();
  const total = roundMoney(breakdown.reduce((sum, line) => sum + line.total, 0));
  doc.x = 50;
  doc
    .font(bold)
    .fontSize(12)
    .text(`Total paid / Celkem zaplaceno: ${money(total)}`, 50);
  doc.end();
  return done;
}
