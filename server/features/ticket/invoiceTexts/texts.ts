/**
 * Every text of an invoice in one language. Labels of the facts are followed by ": value" on the document; the
 * headers of the item table depend on whether the seller is a VAT payer (a non-payer's invoice shows no VAT).
 */
export interface InvoiceTexts {
  /** the locale its dates and amounts are written in */
  locale: 'cs' | 'en';
  /** the document's title: a VAT payer's invoice is a tax document */
  title: (orderNumber: string, vatPayer: boolean) => string;
  seller: string;
  buyer: string;
  companyId: string;
  vatId: string;
  email: string;
  number: string;
  issued: string;
  taxableSupply: string;
  paid: string;
  /** how a payment method of the gateway reads after the payment date ("card" → "by card") */
  paymentMethods: Record<string, string>;
  /** the item's number under its title */
  itemNumber: string;
  /** a VAT rate: 0.21 → "21 %" */
  rate: (percent: number) => string;
  payerColumns: {
    item: string;
    quantity: string;
    unitPrice: string;
    discount: string;
    vatRate: string;
    vat: string;
    total: string;
  };
  nonPayerColumns: { item: string; quantity: string; unitPrice: string; discount: string; total: string };
  recap: string;
  recapColumns: { vatRate: string; base: string; vat: string; total: string };
  totalPaid: string;
  /** what a seller that is not a VAT payer says instead of the VAT */
  nonPayer: string;
  /** a credit note's (opravný daňový doklad) title: a VAT payer's is a tax document */
  creditNoteTitle: (creditNoteNumber: string, vatPayer: boolean) => string;
  creditNoteNumber: string;
  /** the invoice a credit note corrects */
  correctedInvoice: string;
  /** why the money is given back */
  correctionReason: string;
  /** a credit note's line of a refund of an amount, per VAT rate */
  partialRefund: string;
  totalRefunded: string;
}
