import type { JsonTemplateT } from '../template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../template/defaults';
import { TICKET_EVENT_FIELDS, TICKET_FIELDS, type TicketField } from './ticketContract';

const text = (key: string, label: string, field: keyof typeof TICKET_FIELDS, fallback = '-') => ({
  key,
  label,
  value: { type: 'string' as const, value: `#{${field}}`, fallback },
});
const day = (key: string, label: string, field: keyof typeof TICKET_FIELDS) => ({
  key,
  label,
  value: { type: 'date' as const, value: `#{${field}}`, fallback: '2026-01-01T00:00:00Z' },
  dateStyle: 'PKDateStyleMedium' as const,
  timeStyle: 'PKDateStyleNone' as const,
});

/**
 * A new ticket template on the contract: an event ticket whose QR carries the ticket's secret (its number below it),
 * showing the product, the holder, the validity and, on the back, the order and the entries. A starting point that
 * a product accepts as it is (domain/ticket/ticketTemplateCheck).
 *
 * @example api.post('/v1/template', { name: 'Ticket', projectId, jsonTemplate: ticketJsonTemplate(), dynamicDataJsonSchema: ticketDynamicDataSchema() })
 */
export function ticketJsonTemplate(): JsonTemplateT {
  const { storeCard: _none, ...colours } = defaultJsonTemplate();
  return {
    ...colours,
    description: 'Ticket',
    organizationName: 'Tickets',
    eventTicket: {
      headerFields: [text('entries', 'Entries', 'entries')],
      primaryFields: [text('product', 'Ticket', 'productName')],
      secondaryFields: [text('holder', 'Holder', 'holderName')],
      auxiliaryFields: [day('validFrom', 'Valid from', 'validFrom'), day('validTo', 'Valid to', 'validTo')],
      backFields: [text('number', 'Ticket number', 'itemNumber'), text('order', 'Order', 'orderNumber')],
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: { type: 'string', value: '#{ticketSecret}', fallback: '-' },
        messageEncoding: 'iso-8859-1',
        altText: { type: 'string', value: '#{itemNumber}', fallback: '-' },
      },
    ],
  };
}

const property = (field: TicketField) =>
  field.type === 'date'
    ? { type: 'string', format: 'date-time', title: field.title.en }
    : field.type === 'number'
      ? { type: 'number', title: field.title.en }
      : { type: 'string', title: field.title.en };

/** The dynamic data a ticket's pass holds: the contract's fields, none required (the checkout writes them all). */
export function ticketDynamicDataSchema(): Record<string, unknown> {
  const fields: Record<string, TicketField> = { ...TICKET_FIELDS, ...TICKET_EVENT_FIELDS };
  return {
    type: 'object',
    title: 'Ticket',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, property(field)])),
  };
}
