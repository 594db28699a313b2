import type { EshopSeller } from '../../domain/schemas/eshop';
import type { EshopRow, OrderRow } from '../../server/kernel/db/tables';
import type { InvoiceItem } from '../../server/features/ticket/invoice';

/** A Czech VAT payer with every fact of § 29 the invoice names of the seller. */
export const PAYER: EshopSeller = {
  legalName: 'Zoologická zahrada hl. m. Prahy',
  address: 'U Trojského zámku 120/3\n171 00 Praha 7',
  companyId: '00064459',
  vatId: 'CZ00064459',
  vatPayer: true,
  email: 'eshop@zoopraha.cz',
  registration: 'Zapsaná v obchodním rejstříku u Městského soudu v Praze, oddíl Pr, vložka 65',
};

/** The e-shop of the invoices (Czech and English), selling as `seller` (none: a non-payer known by name only). */
export const eshopOf = (seller?: EshopSeller) =>
  ({
    name: 'Zoo Praha',
    currency: 'CZK',
    locales: ['cs', 'en'],
    seller: seller ?? {},
  }) as unknown as EshopRow;

/** A paid order of the invoices: paid on 24 November 2026, by card. */
export const orderOf = (changes: Partial<Record<keyof OrderRow, unknown>> = {}) =>
  ({
    orderNumber: '902026000123',
    email: 'jana@example.com',
    buyerCompany: null,
    buyerVatId: null,
    createdAt: new Date('2026-11-24T09:58:00Z'),
    paymentSuccessAt: new Date('2026-11-24T10:05:00Z'),
    paymentMethod: 'card',
    currency: 'CZK',
    locale: 'cs',
    ...changes,
  }) as unknown as OrderRow;

/**
 * An item of an invoice as the order stores it: its title in the order's language, the price without VAT and the
 * rate (the price with VAT follows), and a discount off the price with VAT.
 */
export function itemOf(options: {
  title: string;
  itemNumber: string;
  priceWithoutVat: number;
  vat?: number;
  discount?: number;
  holderName?: string;
}): InvoiceItem {
  const vat = options.vat ?? 0.21;
  const price = Math.round(options.priceWithoutVat * (1 + vat) * 100) / 100;
  const discount = options.discount ?? 0;
  return {
    id: options.itemNumber,
    productName: 'Product',
    productTitle: options.title,
    itemNumber: options.itemNumber,
    priceWithoutVat: String(options.priceWithoutVat),
    vat: String(vat),
    price: String(price),
    discountAmount: String(discount),
    discountedPrice: String(Math.round((price - discount) * 100) / 100),
    holderName: options.holderName ?? '',
  };
}
