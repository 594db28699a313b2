import type { EshopSeller } from '../../domain/schemas/eshop';
import { invoicePdf } from '../../server/features/ticket/invoice';
import { PAYER, eshopOf, itemOf, orderOf } from './invoiceFixtures';
import { pdfLines } from './pdfText';

/**
 * Three tickets of two VAT rates, one of them discounted: Adult 100 + 21 % (121), Child 50 + 12 % (56) less 6
 * (50 paid: base 44,64, VAT 5,36), Parking 50 + 21 % (60,50) without a holder.
 */
const ITEMS = [
  itemOf({ title: 'Dospělý', itemNumber: '902611240001', priceWithoutVat: 100, holderName: 'Jana Nováková' }),
  itemOf({
    title: 'Dítě',
    itemNumber: '902611240002',
    priceWithoutVat: 50,
    vat: 0.12,
    discount: 6,
    holderName: 'Petr Novák',
  }),
  itemOf({ title: 'Parkování', itemNumber: '902611240003', priceWithoutVat: 50 }),
];
const BUYER = { buyerCompany: 'Nováková & syn s.r.o.', buyerVatId: 'CZ12345678' };

/** The invoice's lines as a reader sees them, one string with a line break between lines. */
async function invoiceText(
  seller: EshopSeller | undefined,
  locale: 'cs' | 'en',
  items = ITEMS,
  buyer: Record<string, unknown> = BUYER,
) {
  const pdf = await invoicePdf(eshopOf(seller), orderOf({ locale, ...buyer }), items);
  return pdfLines(pdf).join('\n');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line of the invoice holding all the parts, in this order, one space apart (a fact, a header). */
const line = (...parts: string[]) => new RegExp(`^.*${parts.map(escaped).join(' ')}.*$`, 'm');
/** A row of a table: the line that starts with the item's title (which may wrap) and has these cells side by side. */
const row = (title: string, ...cells: string[]) =>
  new RegExp(`^${escaped(title)}.* ${cells.map(escaped).join(' ')}(?: |$)`, 'm');

/**
 * What Czech VAT act (zákon č. 235/2004 Sb.) § 29 (1) requires of a tax document, item by item, and where each
 * shows on our invoice, in Czech and in English. The seller's name and address come first of the left block, the
 * buyer's of the right one: -layout writes both blocks on the same lines, so a line is checked to contain each.
 */
const SECTION_29: Array<{ item: string; requires: string; cs: RegExp[]; en: RegExp[] }> = [
  {
    item: 'a',
    requires: "the seller's name and registered address",
    cs: [line('Zoologická zahrada hl. m. Prahy'), line('U Trojského zámku 120/3'), line('171 00 Praha 7')],
    en: [line('Zoologická zahrada hl. m. Prahy'), line('U Trojského zámku 120/3'), line('171 00 Praha 7')],
  },
  {
    item: 'b',
    requires: "the seller's VAT ID (and its company ID)",
    cs: [line('DIČ: CZ00064459'), line('IČO: 00064459')],
    en: [line('VAT ID: CZ00064459'), line('Company ID: 00064459')],
  },
  {
    item: 'c',
    requires: "the buyer's name or identification",
    cs: [line('Kupující'), line('Nováková & syn s.r.o.'), line('E-mail: jana@example.com')],
    en: [line('Buyer'), line('Nováková & syn s.r.o.'), line('Email: jana@example.com')],
  },
  {
    item: 'd',
    requires: "the buyer's VAT ID, when given",
    cs: [line('DIČ: CZ12345678')],
    en: [line('VAT ID: CZ12345678')],
  },
  {
    item: 'e',
    requires: "the document's number",
    cs: [line('Faktura – daňový doklad č. 902026000123'), line('Číslo dokladu: 902026000123')],
    en: [line('Invoice – tax document No. 902026000123'), line('Invoice number: 902026000123')],
  },
  {
    item: 'f',
    requires: 'what was supplied and how much (each item, quantity 1, with its number and holder)',
    cs: [
      line('Položka Počet'),
      line('Dospělý – Jana'),
      row('Dospělý', '1', '100,00 Kč'),
      line('č. 902611240001'),
      line('Dítě – Petr Novák'),
      row('Dítě', '1', '50,00 Kč'),
      row('Parkování', '1', '50,00 Kč'),
      line('č. 902611240003'),
    ],
    en: [
      line('Item Qty'),
      line('Dospělý – Jana'),
      row('Dospělý', '1', 'CZK 100.00'),
      line('No. 902611240001'),
      line('Dítě – Petr Novák'),
      row('Dítě', '1', 'CZK 50.00'),
      row('Parkování', '1', 'CZK 50.00'),
      line('No. 902611240003'),
    ],
  },
  {
    item: 'g',
    requires: 'the date of issue',
    cs: [line('Datum vystavení: 24. 11. 2026')],
    en: [line('Date of issue: Nov 24, 2026')],
  },
  {
    item: 'h',
    requires: 'the date of taxable supply (the payment)',
    cs: [line('Datum uskutečnění zdanitelného plnění: 24. 11. 2026')],
    en: [line('Date of taxable supply: Nov 24, 2026')],
  },
  {
    item: 'i',
    requires: 'the unit price without VAT, and the discount',
    cs: [
      line('Cena za MJ', 'Sleva bez'),
      row('Dospělý', '1', '100,00 Kč', '0,00 Kč', '21 %', '21,00 Kč', '121,00 Kč'),
      row('Dítě', '1', '50,00 Kč', '5,36 Kč', '12 %', '5,36 Kč', '50,00 Kč'),
    ],
    en: [
      line('Unit price', 'Discount'),
      row('Dospělý', '1', 'CZK 100.00', 'CZK 0.00', '21%', 'CZK 21.00', 'CZK 121.00'),
      row('Dítě', '1', 'CZK 50.00', 'CZK 5.36', '12%', 'CZK 5.36', 'CZK 50.00'),
    ],
  },
  {
    item: 'j',
    requires: 'the tax base, per rate',
    cs: [line('Rekapitulace DPH'), line('Základ daně'), line('12 % 44,64 Kč'), line('21 % 150,00 Kč')],
    en: [line('VAT summary'), line('Tax base'), line('12% CZK 44.64'), line('21% CZK 150.00')],
  },
  {
    item: 'k',
    requires: 'the VAT rate of each item',
    cs: [
      line('Sazba'),
      row('Dospělý', '21 %', '21,00 Kč', '121,00 Kč'),
      row('Dítě', '12 %', '5,36 Kč', '50,00 Kč'),
    ],
    en: [
      line('VAT'),
      row('Dospělý', '21%', 'CZK 21.00', 'CZK 121.00'),
      row('Dítě', '12%', 'CZK 5.36', 'CZK 50.00'),
    ],
  },
  {
    item: 'l',
    requires: 'the VAT amount, per item and per rate',
    cs: [
      row('Dospělý', '21,00 Kč', '121,00 Kč'),
      row('Dítě', '5,36 Kč', '50,00 Kč'),
      row('Parkování', '10,50 Kč', '60,50 Kč'),
      line('12 % 44,64 Kč 5,36 Kč 50,00 Kč'),
      line('21 % 150,00 Kč 31,50 Kč 181,50 Kč'),
      line('Celkem zaplaceno: 231,50 Kč'),
    ],
    en: [
      row('Dospělý', 'CZK 21.00', 'CZK 121.00'),
      row('Dítě', 'CZK 5.36', 'CZK 50.00'),
      row('Parkování', 'CZK 10.50', 'CZK 60.50'),
      line('12% CZK 44.64 CZK 5.36 CZK 50.00'),
      line('21% CZK 150.00 CZK 31.50 CZK 181.50'),
      line('Total paid: CZK 231.50'),
    ],
  },
];

describe('the invoice of a VAT payer is a tax document (Czech VAT act § 29 (1))', () => {
  describe.each(['cs', 'en'] as const)('in %s', (locale) => {
    let text: string;
    beforeAll(async () => {
      text = await invoiceText(PAYER, locale);
    });

    it.each(SECTION_29.map((entry) => [entry.item, entry.requires, entry[locale]] as const))(
      '§ 29 (1) %s: %s',
      (_, __, expected) => {
        for (const pattern of expected) expect(text).toMatch(pattern);
      },
    );

    it("is in the order's language only", () => {
      const other =
        locale === 'cs'
          ? [/Invoice/, /Seller/, /Buyer/, /VAT/, /Total/, /CZK/]
          : [/Faktura/, /Prodávající/, /Kupující/, /DPH/, /Celkem/, /Kč/];
      for (const pattern of other) expect(text).not.toMatch(pattern);
    });

    it("names the seller's register entry and e-mail", () => {
      expect(text).toMatch(line('Zapsaná v obchodním rejstříku'));
      expect(text).toMatch(line(`${locale === 'cs' ? 'E-mail' : 'Email'}: eshop@zoopraha.cz`));
    });
  });

  it("names a buyer without a company by the order's email, and no buyer VAT ID", async () => {
    const text = await invoiceText(PAYER, 'cs', ITEMS, {});
    expect(text).toMatch(line('Kupující'));
    expect(text).toMatch(line('jana@example.com'));
    expect(text.match(/DIČ:/g)).toHaveLength(1);
  });

  it('leaves the discount column out when no item has a discount', async () => {
    const text = await invoiceText(PAYER, 'cs', [ITEMS[0], ITEMS[2]]);
    expect(text).not.toMatch(/Sleva/);
    expect(text).toMatch(line('Dospělý – Jana Nováková 1 100,00 Kč 21 % 21,00 Kč 121,00 Kč'));
    expect(text).toMatch(line('Parkování 1 50,00 Kč 21 % 10,50 Kč 60,50 Kč'));
  });
});

describe('the invoice of a seller that is not a VAT payer', () => {
  it.each([
    [
      'cs',
      'Prodávající není plátcem DPH.',
      'Faktura č. 902026000123',
      [/Sazba/, /bez DPH/, /s DPH/, /Rekapitulace/, /Základ/, /daňový doklad/, /zdanitelného/],
    ],
    [
      'en',
      'The seller is not a VAT payer.',
      'Invoice No. 902026000123',
      [/VAT rate/, /excl\. VAT/, /incl\. VAT/, /VAT summary/, /Tax base/i, /tax document/, /taxable/],
    ],
  ] as const)('in %s: says so, and shows no VAT column nor recap', async (locale, wording, title, none) => {
    const { vatPayer: _payer, vatId: _vatId, ...nonPayer } = PAYER;
    const text = await invoiceText(nonPayer, locale);
    expect(text).toMatch(line(wording));
    expect(text).toMatch(line(title));
    expect(text).toMatch(line('Zoologická zahrada hl. m. Prahy'));
    for (const pattern of none) expect(text).not.toMatch(pattern);
    expect(text).not.toMatch(/%/);
    // the prices paid: the unit price, the discount and the price of each item
    expect(text).toMatch(
      locale === 'cs'
        ? line('Dítě – Petr Novák 1 56,00 Kč 6,00 Kč 50,00 Kč')
        : line('Dítě – Petr Novák 1 CZK 56.00 CZK 6.00 CZK 50.00'),
    );
    expect(text).toMatch(
      locale === 'cs' ? line('Celkem zaplaceno: 231,50 Kč') : line('Total paid: CZK 231.50'),
    );
  });

  it("names the seller by the e-shop's name when it has no legal name", async () => {
    const text = await invoiceText(undefined, 'cs');
    expect(text).toMatch(line('Prodávající'));
    expect(text).toMatch(line('Zoo Praha'));
    expect(text).toMatch(line('Prodávající není plátcem DPH.'));
  });
});
