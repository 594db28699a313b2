import type { InvoiceTexts } from './texts';

/** The invoice in Czech: the wording of a Czech tax document (zákon o DPH § 29). */
export const cs: InvoiceTexts = {
  locale: 'cs',
  title: (orderNumber, vatPayer) =>
    vatPayer ? `Faktura – daňový doklad č. ${orderNumber}` : `Faktura č. ${orderNumber}`,
  seller: 'Prodávající',
  buyer: 'Kupující',
  companyId: 'IČO',
  vatId: 'DIČ',
  email: 'E-mail',
  number: 'Číslo dokladu',
  issued: 'Datum vystavení',
  taxableSupply: 'Datum uskutečnění zdanitelného plnění',
  paid: 'Uhrazeno',
  paymentMethods: { card: 'platební kartou' },
  itemNumber: 'č.',
  rate: (percent) => `${percent} %`,
  payerColumns: {
    item: 'Položka',
    quantity: 'Počet',
    unitPrice: 'Cena za MJ bez DPH',
    discount: 'Sleva bez DPH',
    vatRate: 'Sazba DPH',
    vat: 'DPH',
    total: 'Celkem s DPH',
  },
  nonPayerColumns: {
    item: 'Položka',
    quantity: 'Počet',
    unitPrice: 'Cena za MJ',
    discount: 'Sleva',
    total: 'Celkem',
  },
  recap: 'Rekapitulace DPH',
  recapColumns: { vatRate: 'Sazba DPH', base: 'Základ daně', vat: 'DPH', total: 'Celkem s DPH' },
  totalPaid: 'Celkem zaplaceno',
  nonPayer: 'Prodávající není plátcem DPH.',
  creditNoteTitle: (creditNoteNumber, vatPayer) =>
    vatPayer ? `Opravný daňový doklad č. ${creditNoteNumber}` : `Opravný doklad č. ${creditNoteNumber}`,
  creditNoteNumber: 'Číslo opravného dokladu',
  correctedInvoice: 'Opravovaná faktura',
  correctionReason: 'Důvod opravy',
  partialRefund: 'Vrácení části ceny',
  totalRefunded: 'Celkem vráceno',
};
