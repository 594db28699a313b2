import type { EntryResult } from '../schemas/ticketEntry';

/** What decides whether a ticket may enter: the item as sold, its order's payment and its pass. */
export interface TicketAtGate {
  paymentState: string;
  /** the item was invalidated, its pass voided or deleted */
  voided: boolean;
  validFrom: Date | string | null;
  validTo: Date | string | null;
  entryCount: number;
  maxEntries: number;
}

const time = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The answer a gate gives a ticket at a moment, before counting: voided first, then the payment, the validity
 * window and the entries left. The server counts an `accepted` entry only if the ticket still has one left then.
 *
 * @example entryResultOf({ paymentState: 'paid', voided: false, validFrom: null, validTo: null, entryCount: 1, maxEntries: 1 }, new Date()) === 'used'
 */
export function entryResultOf(ticket: TicketAtGate, at: Date): EntryResult {
  if (ticket.voided) return 'voided';
  if (ticket.paymentState !== 'paid') return 'unpaid';
  if (ticket.validFrom !== null && time(ticket.validFrom) > at.getTime()) return 'notYetValid';
  if (ticket.validTo !== null && time(ticket.validTo) < at.getTime()) return 'expired';
  if (ticket.entryCount >= ticket.maxEntries) return 'used';
  return 'accepted';
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DIGITS = /^[0-9]+$/;

/** A typed code of digits only: an item number, which a gate accepts only for the e-shop it checks. */
export const isItemNumberShape = (code: string) => DIGITS.test(code.trim());

/**
 * How a scanned code names a ticket: the ticket's secret (its barcode), an id inside it (the pass's id, the pass's
 * link `/p/{passId}`, or the order item's id), or its item number (typed, at a gate of its e-shop only).
 *
 * @example codeKeys('https://passes.example.com/p/0b0e…?tag=1') // { text: '…', id: '0b0e…' }
 */
export function codeKeys(code: string): { text: string; id: string | undefined } {
  const text = code.trim();
  return { text, id: UUID.exec(text)?.[0]?.toLowerCase() };
}
