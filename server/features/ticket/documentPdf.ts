import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { InvoiceColumn, InvoiceContent, InvoiceParty, InvoiceTable } from './invoiceContent';
import { columnsBetween, layoutTable, type ColumnSpec, type TableColumn } from './invoiceLayout';
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
/** the tables' text: eight columns of a VAT payer's items fit across A4 */
export const TABLE_FONT_SIZE = 9;
const ROW_GAP = 4;
const COLUMN_GAP = 8;
const PARTY_GAP = 20;

/**
 * The width of each column of the item table (the item's title, holder and number take what the others leave); a
 * rate, and money below 100 000 as Czech and English write it, fit on one line; a longer amount wraps in its column.
 */
const ITEM_COLUMN_SPECS: Record<InvoiceColumn, ColumnSpec> = {
  item: { align: 'left' },
  quantity: { width: 30, align: 'right' },
  unitPrice: { width: 68, align: 'right' },
  discount: { width: 68, align: 'right' },
  vatRate: { width: 34, align: 'right' },
  vat: { width: 68, align: 'right' },
  total: { width: 68, align: 'right' },
};
const RECAP_COLUMN_SPECS: Record<'vatRate' | 'base' | 'vat' | 'total', ColumnSpec> = {
  vatRate: { align: 'left' },
  base: { width: 90, align: 'right' },
  vat: { width: 90, align: 'right' },
  total: { width: 90, align: 'right' },
};

/** The columns of a table across the page. */
export function tableColumns<Column extends string>(
  columns: Column[],
  specs: Record<Column, ColumnSpec>,
): TableColumn[] {
  return columnsBetween(
    columns.map((column) => specs[column]),
    PAGE.margin,
    PAGE.right,
    COLUMN_GAP,
  );
}

/** The columns of a VAT payer's item table with a discount: the most an invoice has. */
export const ITEM_COLUMNS: TableColumn[] = tableColumns(
  ['item', 'quantity', 'unitPrice', 'discount', 'vatRate', 'vat', 'total'],
  ITEM_COLUMN_SPECS,
);

/**
 * A tax document as PDF (an invoice, a credit note: invoiceContent and creditNoteContent say what each holds): the
 * title, seller and buyer side by side, the number and dates, the item table (long titles wrap in their column and
 * the row grows; a table that reaches the foot of a page goes on under its header on the next), a VAT payer's VAT
 * per rate, and the total.
 *
 * @example const pdf = await documentPdf(invoiceContent(eshop, order, items))
 */
export async function documentPdf(content: InvoiceContent): Promise<Buffer> {
  const fonts = unicodeFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: content.title },
    // no default font (pdfkit would load Helvetica's metrics for nothing) when ours are there
    font: fonts ? '' : undefined,
  });
  const done = finished(doc);
  if (fonts) {
    doc.registerFont('InvoiceRegular', fonts.regular);
    doc.registerFont('InvoiceBold', fonts.bold);
  }
  const regular = fonts ? 'InvoiceRegular' : 'Helvetica';
  const bold = fonts ? 'InvoiceBold' : 'Helvetica-Bold';
  const width = PAGE.right - PAGE.margin;
  const pageBottom = doc.page.height - PAGE.margin;
  let page = 0;

  doc.font(bold).fontSize(16).text(content.title, PAGE.margin, PAGE.margin, { width });
  let y = doc.y + FONT_SIZE;

  /** A party's block at x: its heading, its name in bold, its lines; answers where it ends. */
  const party = (block: InvoiceParty, x: number, top: number, blockWidth: number) => {
    doc
      .font(bold)
      .fontSize(TABLE_FONT_SIZE)
      .fillColor('#555555')
      .text(block.heading, x, top, { width: blockWidth });
    doc
      .fillColor('#000000')
      .fontSize(FONT_SIZE)
      .text(block.name, x, doc.y + 2, { width: blockWidth });
    doc.font(regular);
    for (const line of block.lines) doc.text(line, x, doc.y, { width: blockWidth });
    return doc.y;
  };
  const half = (width - PARTY_GAP) / 2;
  y =
    Math.max(
      party(content.seller, PAGE.margin, y, half),
      party(content.buyer, PAGE.margin + half + PARTY_GAP, y, half),
    ) + FONT_SIZE;

  doc.font(regular).fontSize(FONT_SIZE);
  for (const fact of content.facts) {
    doc.text(fact, PAGE.margin, y, { width });
    y = doc.y;
  }
  if (content.nonPayer) {
    doc.font(bold).text(content.nonPayer, PAGE.margin, y + 4, { width });
    y = doc.y;
  }

  const heightOf = (text: string, cellWidth: number, header: boolean) =>
    doc
      .font(header ? bold : regular)
      .fontSize(TABLE_FONT_SIZE)
      .heightOfString(text, { width: cellWidth });
  /** Draws a table where layoutTable placed it, adding the pages it reaches; answers where the content goes on. */
  const table = <Column extends string>(
    { columns: kinds, header, rows }: InvoiceTable<Column>,
    specs: Record<Column, ColumnSpec>,
    top: number,
  ) => {
    const columns = tableColumns(kinds, specs);
    const layout = layoutTable({
      columns,
      header,
      rows,
      heightOf,
      start: { page, y: top },
      pageTop: PAGE.margin,
      pageBottom,
      gap: ROW_GAP,
    });
    for (const row of layout.rows) {
      for (; page < row.page; page += 1) doc.addPage();
      doc.font(row.header ? bold : regular).fontSize(TABLE_FONT_SIZE);
      columns.forEach((column, index) =>
        doc.text(row.cells[index] ?? '', column.x, row.y, { width: column.width, align: column.align }),
      );
      if (row.header)
        doc
          .moveTo(PAGE.margin, row.y + row.height + ROW_GAP / 2)
          .lineTo(PAGE.right, row.y + row.height + ROW_GAP / 2)
          .lineWidth(0.5)
          .stroke('#999999');
    }
    for (; page < layout.end.page; page += 1) doc.addPage();
    return layout.end.y;
  };
  /** A line of text at y, on a new page when it would not fit (with `keep` points more under it). */
  const line = (text: string, top: number, font: string, size: number, keep = 0) => {
    doc.font(font).fontSize(size);
    let at = top;
    if (at + doc.heightOfString(text, { width }) + keep > pageBottom) {
      doc.addPage();
      page += 1;
      at = PAGE.margin;
    }
    doc.text(text, PAGE.margin, at, { width });
    return doc.y;
  };

  y = table(content.items, ITEM_COLUMN_SPECS, y + FONT_SIZE);
  if (content.recap) {
    // the recap's heading goes with its header and first line
    y = line(content.recap.heading, y + FONT_SIZE, bold, FONT_SIZE, 3 * (TABLE_FONT_SIZE + ROW_GAP) * 1.3);
    y = table(content.recap.table, RECAP_COLUMN_SPECS, y + ROW_GAP);
  }
  line(content.total, y + FONT_SIZE, bold, 12);
  doc.end();
  return done;
}
