import type { InvoiceTexts } from './texts';

/** The invoice in English, for every order in another language than Czech. */
export const en: InvoiceTexts = {
  locale: 'en',
  title: (orderNumber, vatPayer) =>
    vatPayer ? `Invoice – tax document No. ${orderNumber}` : `Invoice No. ${orderNumber}`,
  seller: 'Seller',
  buyer: 'Buyer',
  companyId: 'Company ID',
  vatId: 'VAT ID',
  email: 'Email',
  number: 'Invoice number',
  issued: 'Date of issue',
  taxableSupply: 'Date of taxable supply',
  paid: 'Paid',
  paymentMethods: { card: 'by card' },
  itemNumber: 'No.',
  rate: (percent) => `${percent}%`,
  payerColumns: {
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price excl. VAT',
    discount: 'Discount excl. VAT',
    vatRate: 'VAT rate',
    vat: 'VAT',
    total: 'Total incl. VAT',
  },
  nonPayerColumns: {
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Discount',
    total: 'Total',
  },
  recap: 'VAT summary',
  recapColumns: { vatRate: 'VAT rate', base: 'Tax base', vat: 'VAT', total: 'Total incl. VAT' },
  totalPaid: 'Total paid',
  nonPayer: 'The seller is not a VAT payer.',
  creditNoteTitle: (creditNoteNumber, vatPayer) =>
    vatPayer ? `Credit note – tax document No. ${creditNoteNumber}` : `Credit note No. ${creditNoteNumber}`,
  creditNoteNumber: 'Credit note number',
  correctedInvoice: 'Corrected invoice',
  correctionReason: 'Reason for the correction',
  partialRefund: 'Partial refund of the price',
  totalRefunded: 'Total refunded',
};
