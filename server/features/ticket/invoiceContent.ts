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
  const locales = (Array.isArray(eshop.locales) ? eshop.locales : []) as string[];
  const texts = invoiceTexts(eshopLocale(locales, order.locale));
  const seller = (eshop.seller ?? {}) as EshopSeller;
  const vatPayer = seller.vatPayer === true;
  const currency = order.currency || eshop.currency || 'CZK';
  const money = (value: number) => formatMoney(value, currency, texts.locale);
  const paidAt = order.paymentSuccessAt ?? order.createdAt;
  const day = formatDay(new Date(paidAt), texts.locale);
  const method = order.paymentMethod
    ? (texts.paymentMethods[order.paymentMethod] ?? order.paymentMethod)
    : '';
  const labelled = (label: string, value: string) => (value ? [`${label}: ${value}`] : []);
  const rate = (vat: number) => texts.rate(ratePercent(vat));

  const buyerCompany = text(order.buyerCompany);
  const buyerLines = [
    ...labelled(texts.vatId, text(order.buyerVatId)),
    ...(buyerCompany ? labelled(texts.email, order.email) : []),
  ];
  const facts = [
    `${texts.number}: ${order.orderNumber}`,
    `${texts.issued}: ${day}`,
    ...(vatPayer ? [`${texts.taxableSupply}: ${day}`] : []),
    `${texts.paid}: ${day}${method ? `, ${method}` : ''}`,
  ];

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
      unitPrice: money(vatPayer ? Number(item.priceWithoutVat) : Number(item.price)),
      discount: money(
        vatPayer
          ? Number(item.discountAmount) > 0
            ? roundMoney(Number(item.priceWithoutVat) - base)
            : 0
          : Number(item.discountAmount),
      ),
      vatRate: rate(vat),
      vat: money(roundMoney(paid - base)),
      total: money(paid),
    };
    return columns.map((column) => cells[column]);
  });

  const breakdown = vatBreakdown(items);
  return {
    title: texts.title(order.orderNumber, vatPayer),
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
    buyer: { heading: texts.buyer, name: buyerCompany || order.email, lines: buyerLines },
    facts,
    nonPayer: vatPayer ? undefined : texts.nonPayer,
    items: { columns, header: columns.map((column) => headings[column] ?? ''), rows },
    recap: vatPayer
      ? {
          heading: texts.recap,
          table: {
            columns: ['vatRate', 'base', 'vat', 'total'],
            header: [
              texts.recapColumns.vatRate,
              texts.recapColumns.base,
              texts.recapColumns.vat,
              texts.recapColumns.total,
            ],
            rows: breakdown.map((line) => [
              rate(line.vat),
              money(line.base),
              money(line.vatAmount),
              money(line.total),
            ]),
          },
        }
      : undefined,
    total: `${texts.totalPaid}: ${money(roundMoney(breakdown.reduce((sum, line) => sum + line.total, 0)))}`,
  };
}
