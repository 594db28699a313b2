import { roundMoney } from '../../../domain/ticket/pricing';
import type { EshopRow, OrderRow, RefundRow } from '../../kernel/db/tables';
import {
  documentParties,
  documentWriting,
  itemTable,
  totalOf,
  vatBreakdown,
  vatRecap,
  type InvoiceContent,
  type InvoiceItem,
} from './invoiceContent';
import type { InvoiceTexts } from './invoiceTexts';

/** The credit note's part of a refund: what it gave back, of which items, when, why, under which number. */
export type CreditedRefund = Pick<
  RefundRow,
  'amount' | 'itemIds' | 'reason' | 'creditNoteNumber' | 'refundedAt' | 'createdAt'
>;

/**
 * The lines a credit note gives back: the refunded items, when the refund is exactly their prices; else (an amount,
 * or the rest of an order partly refunded before) the amount split over the order's VAT rates as its items were
 * paid, a line per rate, the last taking what rounding leaves.
 *
 * @example creditNoteLines(refund, invoiceItems(items, holders), invoiceTexts('cs'))
 */
export function creditNoteLines(
  refund: Pick<RefundRow, 'amount' | 'itemIds'>,
  orderItems: InvoiceItem[],
  texts: Pick<InvoiceTexts, 'partialRefund'>,
): InvoiceItem[] {
  const amount = Number(refund.amount);
  const ids = new Set(refund.itemIds as string[]);
  const refunded = orderItems.filter((item) => ids.has(item.id));
  if (refunded.length > 0 && Math.round(totalOf(refunded) * 100) === Math.round(amount * 100))
    return refunded;
  const rates = vatBreakdown(orderItems);
  const paid = rates.reduce((sum, line) => sum + line.total, 0);
  let left = amount;
  return (rates.length ? rates : [{ vat: 0, total: 1 }]).map((line, index, all) => {
    const share = index === all.length - 1 ? roundMoney(left) : roundMoney((amount * line.total) / paid);
    left -= share;
    return {
      id: `rate-${line.vat}`,
      productName: texts.partialRefund,
      productTitle: null,
      itemNumber: null,
      priceWithoutVat: String(roundMoney(share / (1 + line.vat))),
      vat: String(line.vat),
      price: String(share),
      discountAmount: '0',
      discountedPrice: String(share),
    };
  });
}

/**
 * What the credit note (opravný daňový doklad, Czech VAT act § 45) of a succeeded refund of a paid order says, as
 * its invoice would (invoiceContent: the same language, seller and buyer): its own number, the invoice it corrects
 * (the order's number), the dates of issue and of the taxable supply (the refund's), why, the lines given back with
 * every amount negative, a VAT payer's VAT per rate, and the total refunded.
 *
 * @example const content = creditNoteContent(eshop, order, refund, creditNoteLines(refund, items, texts))
 */
export function creditNoteContent(
  eshop: EshopRow,
  order: OrderRow,
  refund: CreditedRefund,
  lines: InvoiceItem[],
): InvoiceContent {
  const writing = documentWriting(eshop, order);
  const { texts, vatPayer, money } = writing;
  const number = refund.creditNoteNumber ?? '';
  const day = writing.day(refund.refundedAt ?? refund.createdAt);
  return {
    title: texts.creditNoteTitle(number, vatPayer),
    ...documentParties(eshop, order, writing),
    facts: [
      `${texts.creditNoteNumber}: ${number}`,
      `${texts.correctedInvoice}: ${order.orderNumber}`,
      `${texts.issued}: ${day}`,
      ...(vatPayer ? [`${texts.taxableSupply}: ${day}`] : []),
      `${texts.correctionReason}: ${refund.reason}`,
    ],
    nonPayer: vatPayer ? undefined : texts.nonPayer,
    items: itemTable(lines, writing, -1),
    recap: vatRecap(lines, writing, -1),
    total: `${texts.totalRefunded}: ${money(-totalOf(lines))}`,
  };
}
