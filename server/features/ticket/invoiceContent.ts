import type { EshopSeller } from '../../../domain/schemas/eshop';
import { formatDay } from '../../../domain/ticket/days';
import { eshopLocale } from '../../../domain/ticket/eshopVersions';
import { formatMoney } from '../../../domain/ticket/money';
import { roundMoney } from '../../../domain/ticket/pricing';
import { ratePercent } from '../../../domain/percent';
import type { EshopRow, OrderItemRow, OrderRow } from '../../kernel/db/tables';
import { invoiceTexts } from './invoiceTexts';

/** An item as its invoice shows it: its prices and title, and its holder's name (from the line's customer data). */
export type InvoiceItem = Pick<
  OrderItemRow,
  | 'id'
  | 'productName'
  | 'productTitle'
  | 'itemNumber'
  | 'priceWithoutVat'
  | 'vat'
  | 'price'
  | 'discountAmount'
  | 'discountedPrice'
> & { holderName?: string };

/**
 * The items of an invoice from the order's items and their holders' names (an item without one has no holder): only
 * what the invoice shows, which is all a render thread is sent.
 *
 * @example invoiceItems(items, new Map(tickets.map((ticket) => [ticket.id, ticket.holderName])))
 */
export function invoiceItems(items: OrderItemRow[], holders: ReadonlyMap<string, string>): InvoiceItem[] {
  return items.map((item) => ({
    id: item.id,
    productName: item.productName,
    productTitle: item.productTitle,
    itemNumber: item.itemNumber,
    priceWithoutVat: item.priceWithoutVat,
    vat: item.vat,
    price: item.price,
    discountAmount: item.discountAmount,
    discountedPrice: item.discountedPrice,
    holderName: holders.get(item.id) ?? '',
  }));
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

/** The columns an item table may have; which of them it has depends on the seller and the discounts. */
export type InvoiceColumn = 'item' | 'quantity' | 'unitPrice' | 'discount' | 'vatRate' | 'vat' | 'total';

export interface InvoiceTable<Column extends string> {
  columns: Column[];
  header: string[];
  rows: string[][];
}

/** A party of the invoice: the heading (Seller, Buyer), the name written in bold, the lines under it. */
export interface InvoiceParty {
  heading: string;
  name: string;
  lines: string[];
}

/** What an invoice says, in the order's language, before it is laid out on pages. */
export interface InvoiceContent {
  title: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** "Label: value" lines: number and dates */
  facts: string[];
  /** the non-payer wording, for a seller that is not a VAT payer */
  nonPayer: string | undefined;
  items: InvoiceTable<InvoiceColumn>;
  /** the VAT per rate, for a VAT payer */
  recap: { heading: string; table: InvoiceTable<'vatRate' | 'base' | 'vat' | 'total'> } | undefined;
  total: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * How a tax document of the order writes: its texts in the order's language as the e-shop writes to its customer
 * (Czech, else English), whether the seller is a VAT payer, money in the order's currency, a VAT rate, a labelled
 * line. The invoice and the credit note both write so.
 */
export function documentWriting(eshop: EshopRow, order: OrderRow) {
  const locales = (Array.isArray(eshop.locales) ? eshop.locales : []) as string[];
  const texts = invoiceTexts(eshopLocale(locales, order.locale));
  const seller = (eshop.seller ?? {}) as EshopSeller;
  const currency = order.currency || eshop.currency || 'CZK';
  return {
    texts,
    seller,
    vatPayer: seller.vatPayer === true,
    money: (value: number) => formatMoney(value, currency, texts.locale),
    day: (at: Date) => formatDay(new Date(at), texts.locale),
    rate: (vat: number) => texts.rate(ratePercent(vat)),
    labelled: (label: string, value: string) => (value ? [`${label}: ${value}`] : []),
  };
}
export type DocumentWriting = ReturnType<typeof documentWriting>;

/**
 * The seller (eshop.seller; the e-shop's name when it has no legal name) and the buyer (the order's email, company
 * and VAT ID) of a document of the order.
 */
export function documentParties(
  eshop: EshopRow,
  order: OrderRow,
  { texts, seller, labelled }: DocumentWriting,
): { seller: InvoiceParty; buyer: InvoiceParty } {
  const buyerCompany = text(order.buyerCompany);
  return {
    seller: {
      heading: texts.seller,
      name: text(seller.legalName) || eshop.name,
      lines: [
        ...text(seller.address)
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        ...labelled(texts.companyId, text(seller.companyId)),
        ...labelled(texts.vatId, text(seller.vatId)),
        ...(text(seller.registration) ? [text(seller.registration)] : []),
        ...labelled(texts.email, text(seller.email)),
      ],
    },
    buyer: {
      heading: texts.buyer,
      name: buyerCompany || order.email,
      lines: [
        ...labelled(texts.vatId, text(order.buyerVatId)),
        ...(buyerCompany ? labelled(texts.email, order.email) : []),
      ],
    },
  };
}

/**
 * The item table of a document: a line per item (its title, holder and number; a VAT payer's line shows the unit
 * price without VAT, the discount, the rate and the VAT), every amount times `sign` (-1 on a credit note, whose lines
 * give money back).
 */
export function itemTable(
  items: InvoiceItem[],
  { texts, vatPayer, money, rate }: DocumentWriting,
  sign: 1 | -1 = 1,
): InvoiceTable<InvoiceColumn> {
  const signed = (value: number) => money(value === 0 ? 0 : sign * value);
  const discounted = items.some((item) => Number(item.discountAmount) > 0);
  const described = (item: InvoiceItem) => {
    const title = item.productTitle || item.productName;
    const named = item.holderName ? `${title} – ${item.holderName}` : title;
    return item.itemNumber ? `${named}\n${texts.itemNumber} ${item.itemNumber}` : named;
  };
  const columns: InvoiceColumn[] = vatPayer
    ? [
        'item',
        'quantity',
        'unitPrice',
        ...(discounted ? ['discount' as const] : []),
        'vatRate',
        'vat',
        'total',
      ]
    : ['item', 'quantity', 'unitPrice', ...(discounted ? ['discount' as const] : []), 'total'];
  const headings: Partial<Record<InvoiceColumn, string>> = vatPayer
    ? texts.payerColumns
    : texts.nonPayerColumns;
  const rows = items.map((item) => {
    const vat = Number(item.vat);
    const paid = Number(item.discountedPrice);
    // a payer's line: the unit price without VAT, less the discount, is the line's tax base
    const base = roundMoney(paid / (1 + vat));
    const cells: Record<InvoiceColumn, string> = {
      item: described(item),
      quantity: '1',
      unitPrice: signed(vatPayer ? Number(item.priceWithoutVat) : Number(item.price)),
      discount: signed(
        vatPayer
          ? Number(item.discountAmount) > 0
            ? roundMoney(Number(item.priceWithoutVat) - base)
            : 0
          : Number(item.discountAmount),
      ),
      vatRate: rate(vat),
      vat: signed(roundMoney(paid - base)),
      total: signed(paid),
    };
    return columns.map((column) => cells[column]);
  });
  return { columns, header: columns.map((column) => headings[column] ?? ''), rows };
}

/** A VAT payer's VAT per rate of the items, every amount times `sign`; none for a seller that is no VAT payer. */
export function vatRecap(
  items: InvoiceItem[],
  { texts, vatPayer, money, rate }: DocumentWriting,
  sign: 1 | -1 = 1,
): InvoiceContent['recap'] {
  if (!vatPayer) return undefined;
  const signed = (value: number) => money(value === 0 ? 0 : sign * value);
  return {
    heading: texts.recap,
    table: {
      columns: ['vatRate', 'base', 'vat', 'total'],
      header: [
        texts.recapColumns.vatRate,
        texts.recapColumns.base,
        texts.recapColumns.vat,
        texts.recapColumns.total,
      ],
      rows: vatBreakdown(items).map((line) => [
        rate(line.vat),
        signed(line.base),
        signed(line.vatAmount),
        signed(line.total),
      ]),
    },
  };
}

/** What the items cost in all, as their VAT breakdown adds it up. */
export const totalOf = (items: InvoiceItem[]) =>
  roundMoney(vatBreakdown(items).reduce((sum, line) => sum + line.total, 0));

/**
 * What the invoice of a paid order says (a tax document of Czech VAT act § 29 for a VAT payer), in the order's
 * language as the e-shop writes to its customer (Czech, else English): the seller (eshop.seller; the e-shop's name
 * when it has no legal name), the buyer (the order's email, company and VAT ID), the number (the order's), the
 * dates of issue and of taxable supply (both the payment's: the invoice goes out with the email that follows it,
 * and every later copy is the same document), a line per item, the VAT per rate and the total. A seller that is not
 * a VAT payer gets the non-payer wording and no VAT at all.
 *
 * @example const content = invoiceContent(eshop, order, invoiceItems(items, holders))
 */
export function invoiceContent(eshop: EshopRow, order: OrderRow, items: InvoiceItem[]): InvoiceContent {
  const writing = documentWriting(eshop, order);
  const { texts, vatPayer, money } = writing;
  const day = writing.day(order.paymentSuccessAt ?? order.createdAt);
  const method = order.paymentMethod
    ? (texts.paymentMethods[order.paymentMethod] ?? order.paymentMethod)
    : '';
  return {
    title: texts.title(order.orderNumber, vatPayer),
    ...documentParties(eshop, order, writing),
    facts: [
      `${texts.number}: ${order.orderNumber}`,
      `${texts.issued}: ${day}`,
      ...(vatPayer ? [`${texts.taxableSupply}: ${day}`] : []),
      `${texts.paid}: ${day}${method ? `, ${method}` : ''}`,
    ],
    nonPayer: vatPayer ? undefined : texts.nonPayer,
    items: itemTable(items, writing),
    recap: vatRecap(items, writing),
    total: `${texts.totalPaid}: ${money(totalOf(items))}`,
  };
}
