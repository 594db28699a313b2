import { cs } from './cs';
import { en } from './en';
import type { InvoiceTexts } from './texts';

export type { InvoiceTexts } from './texts';

/**
 * The invoice's texts in a locale: Czech or English, English for any other.
 *
 * @example invoiceTexts('cs').nonPayer // 'Prodávající není plátcem DPH.'
 */
export function invoiceTexts(locale: string): InvoiceTexts {
  return locale === 'cs' ? cs : en;
}
