import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import {
  ITEM_COLUMNS,
  TABLE_FONT_SIZE,
  UNICODE_FONTS,
  invoicePdf,
} from '../../server/features/ticket/invoice';
import { columnsBetween, layoutTable, type PlacedRow } from '../../server/features/ticket/invoiceLayout';
import { eshopOf, itemOf, orderOf } from './invoiceFixtures';
import { wordBoxes } from './pdfText';

const LONG_NAME =
  'Rodinná vstupenka (2 dospělí + 3 děti) s prohlídkou pavilonu goril, krmením slonů a parkováním u hlavního vchodu';
const names = (index: number) => (index % 2 ? LONG_NAME : 'Dospělý');
const itemNumber = (index: number) => String(902611240000 + index);

/** A text's height as pdfkit draws it in the invoice's font at the tables' size. */
function pdfkitMeasure() {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  if (fs.existsSync(UNICODE_FONTS.regular)) doc.font(UNICODE_FONTS.regular);
  doc.fontSize(TABLE_FONT_SIZE);
  return (text: string, width: number) => doc.heightOfString(text, { width });
}

function itemTable(count: number) {
  const heightOf = pdfkitMeasure();
  return layoutTable({
    columns: ITEM_COLUMNS,
    header: ['Položka', 'Počet', 'Cena za MJ bez DPH', 'Sleva bez DPH', 'Sazba DPH', 'DPH', 'Celkem s DPH'],
    rows: Array.from({ length: count }, (_, index) => [
      `${names(index)}\nč. ${itemNumber(index)}`,
      '1',
      '12 500,00 Kč',
      '1 250,00 Kč',
      '21 %',
      '2 362,50 Kč',
      '99 999,50 Kč',
    ]),
    heightOf,
    start: { page: 0, y: 200 },
    pageTop: 50,
    pageBottom: 792,
    gap: 4,
  });
}

const byPage = (rows: PlacedRow[]) =>
  rows.reduce<PlacedRow[][]>((pages, row) => {
    (pages[row.page] ??= []).push(row);
    return pages;
  }, []);

describe('invoice item table layout', () => {
  it("keeps a 12-digit item number and money up to 100 000 on one line in a VAT payer's widest table", () => {
    const heightOf = pdfkitMeasure();
    const oneLine = heightOf('9', ITEM_COLUMNS[0].width);
    expect(heightOf(`č. ${itemNumber(0)}`, ITEM_COLUMNS[0].width)).toBe(oneLine);
    const [, quantity, unitPrice, discount, rate, vat, total] = ITEM_COLUMNS;
    expect(heightOf('1', quantity.width)).toBe(oneLine);
    expect(heightOf('21 %', rate.width)).toBe(oneLine);
    for (const column of [unitPrice, discount, vat, total])
      for (const money of ['99 999,50 Kč', 'CZK 99,999.50', '€99,999.50'])
        expect(heightOf(money, column.width)).toBe(oneLine);
    const right = ITEM_COLUMNS[ITEM_COLUMNS.length - 1];
    expect(right.x + right.width).toBe(545);
  });

  it('wraps a long title within its column, under it the item number, the row growing', () => {
    const heightOf = pdfkitMeasure();
    const oneLine = heightOf('9', ITEM_COLUMNS[0].width);
    const rows = itemTable(2).rows.filter((row) => !row.header);
    expect(rows[0].height).toBe(2 * oneLine);
    expect(rows[1].height).toBeGreaterThan(3 * oneLine);
  });

  it('lays columns side by side, the one without a width taking what the others leave', () => {
    expect(columnsBetween([{ align: 'left' }, { width: 60, align: 'right' }], 50, 545, 8)).toEqual([
      { x: 50, width: 427, align: 'left' },
      { x: 485, width: 60, align: 'right' },
    ]);
  });

  it('places 20 items without overlap, within the page, the header at the top of every page', () => {
    const { rows, end } = itemTable(20);
    const pages = byPage(rows);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page[0].header).toBe(true);
      expect(page.filter((row) => row.header)).toHaveLength(1);
      for (let index = 1; index < page.length; index += 1)
        expect(page[index].y).toBeGreaterThanOrEqual(page[index - 1].y + page[index - 1].height);
      for (const row of page) expect(row.y + row.height).toBeLessThanOrEqual(792);
    }
    expect(rows.filter((row) => !row.header).map((row) => row.cells[0].split('č. ')[1])).toEqual(
      Array.from({ length: 20 }, (_, index) => itemNumber(index)),
    );
    expect(end.page).toBe(pages.length - 1);
  });

  it('starts on a new page rather than leave the header alone at the foot of one', () => {
    const { rows } = layoutTable({
      columns: [{ x: 50, width: 100 }],
      header: ['Header'],
      rows: [['first'], ['second']],
      heightOf: () => 12,
      start: { page: 0, y: 770 },
      pageTop: 50,
      pageBottom: 792,
      gap: 4,
    });
    expect(rows.map((row) => [row.page, row.y, row.header])).toEqual([
      [1, 50, true],
      [1, 66, false],
      [1, 82, false],
    ]);
  });
});

describe('invoice PDF', () => {
  const items = Array.from({ length: 20 }, (_, index) =>
    itemOf({ title: names(index), itemNumber: itemNumber(index), priceWithoutVat: 100 }),
  );

  it('renders 20 items with long names on pages whose words never overlap, amounts in the Czech way', async () => {
    const pdf = await invoicePdf(eshopOf(), orderOf(), items);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = wordBoxes(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const words = pages.flat().map((word) => word.text);
    expect(words.filter((word) => /^\d{12}$/.test(word) && word !== '902026000123')).toEqual(
      Array.from({ length: 20 }, (_, index) => itemNumber(index)),
    );
    expect(words.join(' ')).toContain('2 420,00 Kč');
    for (const page of pages) {
      // a page goes on with the table's header, or holds what follows the table
      const lastPageAfterTable = page === pages[pages.length - 1] && page[0].text === 'Celkem';
      expect(page.slice(0, 2).map((word) => word.text)).toEqual(
        page === pages[0]
          ? ['Faktura', 'č.']
          : lastPageAfterTable
            ? ['Celkem', 'zaplaceno:']
            : ['Položka', 'Počet'],
      );
      for (const [index, word] of page.entries())
        for (const other of page.slice(index + 1)) {
          const overlap =
            Math.min(word.x1, other.x1) - Math.max(word.x0, other.x0) > 0.5 &&
            Math.min(word.y1, other.y1) - Math.max(word.y0, other.y0) > 0.5;
          if (overlap) throw new Error(`"${word.text}" overlaps "${other.text}"`);
        }
    }
  });
});
