import type { Localized } from '../problem';
import type { WrappedType } from '../template/values';

/**
 * The ticket contract: the dynamic data the checkout writes into every ticket pass it issues. A template used by a
 * product is designed on these fields (the designer offers them as placeholders); the product editor refuses a
 * template whose barcode would not carry the ticket's code, or that needs a value the checkout does not give.
 */
export interface TicketField {
  type: WrappedType;
  title: Required<Localized>;
}

const field = (type: WrappedType, en: string, cs: string): TicketField => ({ type, title: { en, cs } });

/** Written into every ticket pass. */
export const TICKET_FIELDS = {
  ticketSecret: field('string', 'Ticket code (for the barcode)', 'Kód vstupenky (pro čárový kód)'),
  passUrl: field('string', 'Link of the pass', 'Odkaz na pas'),
  orderNumber: field('string', 'Order number', 'Číslo objednávky'),
  itemNumber: field('string', 'Ticket number', 'Číslo vstupenky'),
  holderName: field('string', 'Ticket holder', 'Držitel vstupenky'),
  productName: field('string', 'Product (in the order’s language)', 'Produkt (v jazyce objednávky)'),
  eshopName: field('string', 'E-shop', 'E-shop'),
  validFrom: field('date', 'Valid from', 'Platí od'),
  validTo: field('date', 'Valid to', 'Platí do'),
  entries: field('string', 'Entries used (1/2)', 'Využité vstupy (1/2)'),
  entriesLeft: field('number', 'Entries left', 'Zbývající vstupy'),
  entryCount: field('number', 'Entries used', 'Využité vstupy'),
  maxEntries: field('number', 'Entries allowed', 'Povolené vstupy'),
} as const satisfies Record<string, TicketField>;

/** Written when the product carries them (its event). */
export const TICKET_EVENT_FIELDS = {
  eventName: field('string', 'Event', 'Akce'),
  eventVenue: field('string', 'Venue', 'Místo konání'),
  eventStart: field('date', 'Event start', 'Začátek akce'),
  eventEnd: field('date', 'Event end', 'Konec akce'),
} as const satisfies Record<string, TicketField>;

export type TicketFieldName = keyof typeof TICKET_FIELDS;
export type TicketEventFieldName = keyof typeof TICKET_EVENT_FIELDS;

/** The fields a barcode may carry for the gate to find the ticket: its code, or its pass's link. */
export const TICKET_BARCODE_FIELDS: readonly TicketFieldName[] = ['ticketSecret', 'passUrl'];

/** What a product may say of its event; each part that is set becomes its event field on the pass. */
export interface TicketEvent {
  name?: string | null;
  venue?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
}

/** The event fields a product's event fills: those whose part is set. */
export function eventFieldValues(
  event: TicketEvent | null | undefined,
): Partial<Record<TicketEventFieldName, string>> {
  const values: Partial<Record<TicketEventFieldName, string>> = {};
  const name = event?.name?.trim();
  const venue = event?.venue?.trim();
  if (name) values.eventName = name;
  if (venue) values.eventVenue = venue;
  if (event?.startsAt) values.eventStart = event.startsAt;
  if (event?.endsAt) values.eventEnd = event.endsAt;
  return values;
}

/** What the checkout knows of a sold ticket when it issues its pass. */
export interface SoldTicket {
  ticketSecret: string;
  passUrl: string;
  orderNumber: string;
  itemNumber: string | null;
  holderName: string;
  productName: string;
  eshopName: string;
  validFrom: string | null;
  validTo: string | null;
  entryCount: number;
  maxEntries: number;
  event?: TicketEvent | null;
}

/**
 * The dynamic data of a ticket's pass: every field of TICKET_FIELDS (an empty text rather than none, so that a
 * template's placeholder always has a value) and the event fields the product carries.
 *
 * @example ticketPassData({ ticketSecret: 'k3…', passUrl, orderNumber: '9026000001', itemNumber: '902611270001', holderName: 'Jana Nováková', ... })
 */
export function ticketPassData(
  ticket: SoldTicket,
): Record<TicketFieldName, string | number> & Partial<Record<TicketEventFieldName, string>> {
  return {
    ticketSecret: ticket.ticketSecret,
    passUrl: ticket.passUrl,
    orderNumber: ticket.orderNumber,
    itemNumber: ticket.itemNumber ?? '',
    holderName: ticket.holderName,
    productName: ticket.productName,
    eshopName: ticket.eshopName,
    validFrom: ticket.validFrom ?? '',
    validTo: ticket.validTo ?? '',
    entries: `${ticket.entryCount}/${ticket.maxEntries}`,
    entriesLeft: ticket.maxEntries - ticket.entryCount,
    entryCount: ticket.entryCount,
    maxEntries: ticket.maxEntries,
    ...eventFieldValues(ticket.event),
  };
}

/** The longest holder name a ticket takes: a person's name, not a document. */
export const MAX_HOLDER_NAME = 100;

/**
 * The holder's name from a line's per-item data: `holderName`, or `name` as integrators send it; trimmed, cut to
 * MAX_HOLDER_NAME characters, empty when there is none.
 *
 * @example holderNameOf({ name: 'Jana Novak' }) === 'Jana Novak'
 */
export function holderNameOf(data: unknown): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return '';
  const record = data as Record<string, unknown>;
  const value = typeof record.holderName === 'string' ? record.holderName : record.name;
  return typeof value === 'string' ? [...value.trim()].slice(0, MAX_HOLDER_NAME).join('') : '';
}

/** Sample values of the contract, for a template's preview in the designer. */
export const TICKET_SAMPLE: Record<TicketFieldName | TicketEventFieldName, string | number> = {
  ticketSecret: 'Xq3vN8pL2mR7tK9wB4yZcA',
  passUrl: 'https://tickets.example.com/p/6f1c2d4e-8a3b-4c5d-9e7f-0a1b2c3d4e5f',
  orderNumber: '9026000017',
  itemNumber: '902611270001',
  holderName: 'Jana Nováková',
  productName: 'Adult',
  eshopName: 'City Zoo',
  validFrom: '2026-11-27T09:00:00Z',
  validTo: '2026-12-27T09:00:00Z',
  entries: '0/1',
  entriesLeft: 1,
  entryCount: 0,
  maxEntries: 1,
  eventName: 'Summer concert',
  eventVenue: 'City Park Stage',
  eventStart: '2027-06-20T19:00:00Z',
  eventEnd: '2027-06-20T23:00:00Z',
};
