import fs from 'node:fs';
import { UNICODE_FONTS, invoicePdf } from '../../server/features/ticket/invoice';
import { trueTypeSubsets } from '../../server/features/ticket/trueTypeSubset';
import { eshopOf, itemOf, orderOf as paidOrder } from './invoiceFixtures';
import { wordBoxes } from './pdfText';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- fontkit ships without types
const fontkit = require('fontkit') as {
  create(data: Buffer): {
    layout(text: string): { glyphs: Array<{ id: number }> };
    createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
  };
};

const eshop = eshopOf();
const orderOf = (orderNumber: string, email: string, currency: string) =>
  paidOrder({ orderNumber, email, currency });
const itemsOf = (...titles: string[]) =>
  titles.map((title, index) =>
    itemOf({ title, itemNumber: String(902611240000 + index), priceWithoutVat: 100 }),
  );
const wordsOf = (pdf: Buffer) =>
  wordBoxes(pdf)
    .flat()
    .map((word) => word.text);

describe('invoices rendered one after another (fonts shared across them)', () => {
  it('show each its own texts, and words of glyphs no invoice used before', async () => {
    const first = await invoicePdf(
      eshop,
      orderOf('902026000201', 'jana@example.com', 'CZK'),
      itemsOf('Dospělý'),
    );
    const second = await invoicePdf(
      eshop,
      orderOf('902026000202', 'petr@example.com', 'EUR'),
      itemsOf('Žluťoučký kůň €'),
    );
    expect(second.subarray(0, 5).toString()).toBe('%PDF-');
    const firstWords = wordsOf(first);
    const secondWords = wordsOf(second);
    expect(firstWords).toEqual(expect.arrayContaining(['902026000201', 'jana@example.com', 'Dospělý', 'Kč']));
    expect(firstWords).not.toEqual(expect.arrayContaining(['902026000202']));
    expect(firstWords).not.toContain('petr@example.com');
    expect(secondWords).toEqual(
      expect.arrayContaining(['902026000202', 'petr@example.com', 'Žluťoučký', 'kůň', '€']),
    );
    expect(secondWords).not.toContain('902026000201');
    expect(secondWords).not.toContain('Dospělý');
  });

  it('draws an invoice the same when its words were already shaped for an earlier one', async () => {
    const render = () =>
      invoicePdf(
        eshop,
        orderOf('902026000301', 'hřebčín@example.com', 'CZK'),
        itemsOf('Prohlídka stájí v Kladrubech nad Labem, s výkladem o starokladrubských koních', 'Vůz'),
      );
    const fresh = await render();
    const again = await render();
    expect(wordBoxes(again)).toEqual(wordBoxes(fresh));
  });
});

describe('TrueType subsets written from the font file', () => {
  it("are the font files fontkit's own subsets write, composite glyphs (Ž, ů) and their parts included", () => {
    for (const path of [UNICODE_FONTS.regular, UNICODE_FONTS.bold].filter((file) => fs.existsSync(file))) {
      const file = fs.readFileSync(path);
      const font = fontkit.create(file);
      const theirs = font.createSubset();
      const ours = trueTypeSubsets(file)?.();
      if (!ours) throw new Error(`${path} is not read as a TrueType font`);
      for (const glyph of font.layout('Žluťoučký kůň úpěl ďábelské ódy: 1 234,50 € / Kč').glyphs)
        expect(ours.includeGlyph(glyph.id)).toBe(theirs.includeGlyph(glyph.id));
      expect(Buffer.from(ours.encode()).equals(Buffer.from(theirs.encode()))).toBe(true);
    }
  });
});
