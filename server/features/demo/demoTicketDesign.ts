import {
  TICKET_EVENT_FIELDS,
  TICKET_FIELDS,
  ticketPassData,
  type TicketField,
} from '../../../domain/ticket/ticketContract';
import { GLYPHS } from './demoArtwork';
import type { DemoDesign } from './demoDesign';
import { DATE_TIME, date, objectSchema, placeholderBarcode, text } from './demoFields';

export const TICKET_DESIGN_NAME = 'Open Air Nights ticket';
/** Shown by a date field that has no value, as in the other designs. */
const FALLBACK_DATE = '2026-01-01T00:00:00Z';

/** A field of the ticket contract as a property of the dynamic data schema, titled in English. */
function contractProperty(field: TicketField): Record<string, unknown> {
  if (field.type === 'date') return DATE_TIME(field.title.en);
  if (field.type === 'number') return { type: 'integer', title: field.title.en, minimum: 0 };
  return { type: 'string', title: field.title.en };
}

/**
 * The ticket contract as a dynamic data schema: every field the checkout writes into a ticket's pass, event fields
 * included, so that the Dynamic data form of a sold ticket shows them all; it requires only fields the checkout
 * always fills, so the product editor accepts the template.
 */
const contractSchema = () =>
  objectSchema(
    'Open Air Nights ticket',
    Object.fromEntries(
      Object.entries({ ...TICKET_FIELDS, ...TICKET_EVENT_FIELDS }).map(([name, field]) => [
        name,
        contractProperty(field),
      ]),
    ),
    ['ticketSecret', 'orderNumber', 'itemNumber'],
  );

const EVENTS = ['Summer concert', 'Jazz by the lake', 'Symphony under stars', 'Indie night'];
const VENUES = ['Letná Park Stage, Prague', 'Lakeside Arena', 'Old Town Square'];
const PRODUCTS = [
  { name: 'Standing', maxEntries: 1 },
  { name: 'Weekend pass', maxEntries: 2 },
];

/**
 * The ticket of the demo e-shop, designed on the ticket contract (domain/ticket/ticketContract): its barcode carries
 * the ticket's code (`#{ticketSecret}`, which the gate checks) over its number, and every placeholder is a field the
 * checkout writes, with a fallback, so that ticketTemplateProblems finds nothing wrong. Its sample passes hold what
 * a sold ticket's pass would (ticketPassData), their numbers marked S- as samples.
 */
export const TICKET_DESIGN: DemoDesign = {
  name: TICKET_DESIGN_NAME,
  style: 'eventTicket',
  colours: { background: [26, 35, 126], foreground: [255, 255, 255], label: [159, 168, 218] },
  artwork: { background: [26, 35, 126], accent: [233, 30, 99], glyph: GLYPHS.star },
  images: ['icon', 'logo', 'background', 'thumbnail', 'artwork', 'secondaryLogo'],
  body: {
    logoText: 'Open Air Nights',
    // iOS 18 and later draw the ticket as a poster from its semantic tags; older iOS shows the fields below
    preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
    semantics: {
      eventName: { type: 'string', value: '#{eventName}', fallback: 'Open Air Nights' },
      eventType: 'PKEventTypeGeneric',
      eventStartDate: { type: 'date', value: '#{eventStart}', fallback: FALLBACK_DATE },
      venueName: { type: 'string', value: '#{eventVenue}', fallback: 'Letná Park Stage' },
      venueRegionName: 'Prague',
      venueRoom: 'Main stage',
      attendeeName: { type: 'string', value: '#{holderName}', fallback: 'Guest' },
      admissionLevel: { type: 'string', value: '#{productName}', fallback: 'Ticket' },
    },
    fields: {
      headerFields: [text('product', 'Ticket', '#{productName}', 'Ticket')],
      primaryFields: [text('event', 'Event', '#{eventName}', 'Open Air Nights')],
      secondaryFields: [
        date('doors', 'Doors open', '#{eventStart}', FALLBACK_DATE, true),
        text('venue', 'Venue', '#{eventVenue}', 'Letná Park Stage, Prague'),
      ],
      auxiliaryFields: [
        text('holder', 'Ticket holder', '#{holderName}', 'Guest'),
        date('validTo', 'Valid until', '#{validTo}', FALLBACK_DATE, true),
      ],
      backFields: [
        text('entries', 'Entries used', '#{entries}', '0/1'),
        text('itemNumber', 'Ticket number', '#{itemNumber}', 'not issued yet'),
        text('orderNumber', 'Order number', '#{orderNumber}', 'not issued yet'),
        date('validFrom', 'Valid from', '#{validFrom}', FALLBACK_DATE, true),
        text('eshop', 'Sold by', '#{eshopName}', 'Open Air Nights'),
      ],
    },
    barcodes: [
      placeholderBarcode('PKBarcodeFormatQR', 'ticketSecret', 'NO-TICKET', {
        placeholder: 'itemNumber',
        fallback: 'not issued yet',
      }),
    ],
  },
  schema: contractSchema(),
  data: (sample) => {
    const product = PRODUCTS[sample.number % PRODUCTS.length];
    return ticketPassData({
      // 16 bytes as base64url, like a sold ticket's code, but the same on every run
      ticketSecret: Buffer.from(`OAN-${sample.digits(12)}`).toString('base64url'),
      passUrl: sample.link,
      orderNumber: `S-${sample.digits(6)}`,
      itemNumber: `S-${sample.digits(6)}-1`,
      holderName: sample.name,
      productName: product.name,
      eshopName: 'Open Air Nights',
      validFrom: sample.created,
      validTo: sample.later(30, 23),
      entryCount: sample.number % (product.maxEntries + 1),
      maxEntries: product.maxEntries,
      event: {
        name: EVENTS[sample.number % EVENTS.length],
        venue: VENUES[sample.number % VENUES.length],
        startsAt: sample.later(30, 18),
        endsAt: sample.later(30, 23),
      },
    });
  },
};
