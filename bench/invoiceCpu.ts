import type { EshopRow, OrderRow } from '../server/kernel/db/tables';
import { invoicePdf, type InvoiceItem } from '../server/features/ticket/invoice';
import { row } from './measure';

const WARM_UPS = 20;
const INVOICES = 200;

/** A VAT payer's e-shop: the invoice names the whole seller and draws the VAT columns and recap. */
const eshop = {
  name: 'Bench Zoo Praha',
  currency: 'CZK',
  locales: ['cs', 'en'],
  seller: {
    legalName: 'Zoologická zahrada Bench, s.r.o.',
    address: 'U Trojského zámku 120/3\n171 00 Praha 7',
    companyId: '00064459',
    vatId: 'CZ00064459',
    vatPayer: true,
    email: 'eshop@bench.example',
    registration: 'C 12345 vedená u Městského soudu v Praze',
  },
} as unknown as EshopRow;

/** The invoice of a paid order of two tickets with holders, its numbers and address its own as each buyer's are. */
function invoiceOf(index: number): [EshopRow, OrderRow, InvoiceItem[]] {
  const order = {
    orderNumber: String(902026000000 + index),
    email: `buyer-${index}@example.com`,
    buyerCompany: null,
    buyerVatId: null,
    createdAt: new Date(),
    paymentSuccessAt: new Date(),
    paymentMethod: 'card',
    currency: 'CZK',
    locale: 'cs',
  } as unknown as OrderRow;
  const items = [
    ['Dospělý', 'Jana Nováková', 200],
    ['Dítě', 'Petr Novák', 100],
  ].map(([productTitle, holderName, priceWithoutVat], item) => {
    const number = String(902611240000 + 2 * index + item);
    const price = (Number(priceWithoutVat) * 1.21).toFixed(2);
    return {
      id: number,
      productName: String(productTitle),
      productTitle: String(productTitle),
      holderName: String(holderName),
      itemNumber: number,
      priceWithoutVat: String(priceWithoutVat),
      vat: '0.21',
      price,
      discountAmount: '0',
      discountedPrice: price,
    };
  });
  return [eshop, order, items];
}

/**
 * CPU per invoice PDF of two tickets (the one the job queue renders for each paid order), rendered one after
 * another in this thread: INVOICES of them after WARM_UPS, and their size.
 */
export async function benchInvoiceCpu(): Promise<void> {
  for (let index = 0; index < WARM_UPS; index += 1) await invoicePdf(...invoiceOf(index));
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (let index = WARM_UPS; index < WARM_UPS + INVOICES; index += 1)
    bytes += (await invoicePdf(...invoiceOf(index))).length;
  const used = process.cpuUsage(cpu);
  console.log(row(['', 'CPU ms each', 'PDF KB']));
  console.log(
    row([
      `invoice PDF, 2 tickets (${INVOICES}, one at a time)`,
      ((used.user + used.system) / 1000 / INVOICES).toFixed(2),
      (bytes / INVOICES / 1024).toFixed(1),
    ]),
  );
}
