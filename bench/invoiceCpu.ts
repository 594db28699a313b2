import type { EshopRow, OrderItemRow, OrderRow } from '../server/db/tables';
import { invoicePdf } from '../server/ticket/invoice';
import { row } from './measure';

const WARM_UPS = 20;
const INVOICES = 200;

const eshop = { name: 'Bench Zoo Praha', currency: 'CZK', locales: ['cs', 'en'] } as unknown as EshopRow;

/** The invoice of a paid order of two tickets, its numbers and address its own as each buyer's are. */
function invoiceOf(index: number): [EshopRow, OrderRow, OrderItemRow[]] {
  const order = {
    orderNumber: String(902026000000 + index),
    email: `buyer-${index}@example.com`,
    createdAt: new Date(),
    paymentSuccessAt: new Date(),
    paymentMethod: 'card',
    currency: 'CZK',
    locale: 'cs',
  } as unknown as OrderRow;
  const items = ['Dospělý', 'Dítě'].map(
    (productName, item) =>
      ({
        productName,
        itemNumber: String(902611240000 + 2 * index + item),
        vat: 0.21,
        discountAmount: 0,
        discountedPrice: 242 - 121 * item,
      }) as unknown as OrderItemRow,
  );
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
