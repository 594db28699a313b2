import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../domain/ticket/money';
import { roundMoney } from '../../domain/ticket/pricing';
import type { EshopRow, OrderItemRow, OrderRow } from '../db/tables';
import { layoutTable, type TableColumn } from './invoiceLayout';
import { reusableFont } from './reusableFont';

/** A font with Czech glyphs when the system has it; else PDF's Helvetica (Latin-1 only). */
export const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

let parsedFonts:
  { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | null | undefined;

/** The Unicode fonts, parsed on first use and shared by every invoice (reusableFont.ts); null when missing. */
function unicodeFonts() {
  if (parsedFonts === undefined)
    parsedFonts =
      fs.existsSync(UNICODE_FONTS.regular) && fs.existsSync(UNICODE_FONTS.bold)
        ? {
            regular: reusableFont(fs.readFileSync(UNICODE_FONTS.regular)),
            bold: reusableFont(fs.readFileSync(UNICODE_FONTS.bold)),
          }
        : null;
  return parsedFonts;
}

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

const PAGE = { margin: 50, right: 545 };
const FONT_SIZE = 10;
const ROW_GAP = 4;

/** Left edges of the item table's columns; a 12-digit item number and money up to 1 000 000 fit on one line. */
export const ITEM_COLUMNS: TableColumn[] = columnsAt([
  [50, 'left'],
  [230, 'left'],
  [320, 'right'],
  [370, 'right'],
  [455, 'right'],
]);
const VAT_COLUMNS: TableColumn[] = columnsAt([
  [50, 'left'],
  [230, 'right'],
  [320, 'right'],
  [455, 'right'],
]);

/** Columns from their left edges: each wraps its text up to 8 points before the next one. */
function columnsAt(edges: Array<[number, 'left' | 'right']>): TableColumn[] {
  return edges.map(([x, align], index) => ({
    x,
    align,
    width: (edges[index + 1]?.[0] ?? PAGE.right + 8) - x - 8,
  }));
}

/**
 * The invoice of a paid order, as PDF: the e-shop, the order number and dates, one line per item (long names wrap
 * in their column and the row grows; a table that reaches the foot of a page goes on under its header on the
 * next), the VAT breakdown and the total, amounts in the order's currency written as the order's locale writes
 * money.
 *
 * @example const pdf = await invoicePdf(eshop, order, items)
 */
export async function invoicePdf(eshop: EshopRow, order: OrderRow, items: OrderItemRow[]): Promise<Buffer> {
  const fonts = unicodeFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Invoice ${order.orderNumber}` },
    // no default font (pdfkit would load Helvetica's metrics for nothing) when ours are there
    font: fonts ? '' : undefined,
  });
  const done = finished(doc);
  const unicode = fonts !== null;
  if (fonts) {
    doc.registerFont('InvoiceRegular', fonts.regular);
    doc.registerFont('InvoiceBold', fonts.bold);
  }
  const regular = unicode ? 'InvoiceRegular' : 'Helvetica';
  const bold = unicode ? 'InvoiceBold' : 'Helvetica-Bold';
  const currency = order.currency || eshop.currency || 'CZK';
  const locales = (Array.isArray(eshop.locales) ? eshop.locales : []) as string[];
  const locale = locales.includes(order.locale) ? order.locale : (locales[0] ?? order.locale);
  const money = (value: number) => formatMoney(value, currency, locale);
  const date = (value: Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : '');
  const pageBottom = doc.page.height - PAGE.margin;
  let page = 0;

  doc.font(bold).fontSize(20).text(`Invoice / Faktura ${order.orderNumber}`);
  doc.moveDown(0.5).font(regular).fontSize(FONT_SIZE);
  doc.text(`Seller / Prodávající: ${eshop.name}`);
  doc.text(`Customer / Zákazník: ${order.email}`);
  doc.text(`Order / Objednávka: ${order.orderNumber}`);
  doc.text(`Issued / Vystaveno: ${date(order.createdAt)}`);
  doc.text(
    `Paid / Zaplaceno: ${date(order.paymentSuccessAt)}${order.paymentMethod ? ` (${order.paymentMethod})` : ''}`,
  );
  doc.moveDown();

  const heightOf = (text: string, width: number, header: boolean) =>
    doc
      .font(header ? bold : regular)
      .fontSize(FONT_SIZE)
      .heightOfString(text, { width });
  /** Draws a table where layoutTable placed it, adding the pages it reaches; answers where the content goes on. */
  const table = (columns: TableColumn[], header: string[], rows: string[][], y: number) => {
    const layout = layoutTable({
      columns,
      header,
      rows,
      heightOf,
      start: { page, y },
      pageTop: PAGE.margin,
      pageBottom,
      gap: ROW_GAP,
    });
    for (const row of layout.rows) {
      for (; page < row.page; page += 1) doc.addPage();
      doc.font(row.header ? bold : regular).fontSize(FONT_SIZE);
      columns.forEach((column, index) =>
        doc.text(row.cells[index] ?? '', column.x, row.y, { width: column.width, align: column.align }),
      );
    }
    for (; page < layout.end.page; page += 1) doc.addPage();
    return layout.end.y;
  };

  let y = table(
    ITEM_COLUMNS,
    ['Item / Položka', 'Number / Číslo', 'VAT / DPH', 'Discount / Sleva', 'Price / Cena'],
    items.map((item) => [
      item.productName,
      item.itemNumber ?? '',
      `${roundMoney(Number(item.vat) * 100)} %`,
      money(Number(item.discountAmount)),
      money(Number(item.discountedPrice)),
    ]),
    doc.y,
  );
  const breakdown = vatBreakdown(items);
  y = table(
    VAT_COLUMNS,
    ['VAT rate / Sazba DPH', 'Base / Základ', 'VAT / DPH', 'Total / Celkem'],
    breakdown.map((line) => [
      `${roundMoney(line.vat * 100)} %`,
      money(line.base),
      money(line.vatAmount),
      money(line.total),
    ]),
    y + FONT_SIZE,
  );
  const total = roundMoney(breakdown.reduce((sum, line) => sum + line.total, 0));
  const totalText = `Total paid / Celkem zaplaceno: ${money(total)}`;
  doc.font(bold).fontSize(12);
  y += FONT_SIZE;
  if (y + doc.heightOfString(totalText, { width: PAGE.right - PAGE.margin }) > pageBottom) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.text(totalText, PAGE.margin, y, { width: PAGE.right - PAGE.margin });
  doc.end();
  return done;
}
