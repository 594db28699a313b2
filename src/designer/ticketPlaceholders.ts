import { textIn } from '../../domain/problem';
import {
  TICKET_EVENT_FIELDS,
  TICKET_FIELDS,
  TICKET_SAMPLE,
  type TicketField,
} from '../../domain/ticket/ticketContract';
import type { PlaceholderOption } from './dynamicData';

const optionsOf = (fields: Record<string, TicketField>, language: string): PlaceholderOption[] =>
  Object.entries(fields).map(([name, field]) => ({
    name,
    type: field.type,
    title: textIn(field.title, language),
    group: 'ticket',
  }));

/**
 * The placeholders of a template that issues tickets: its dynamic-data schema's, then the ticket contract's
 * fields (TICKET_FIELDS, TICKET_EVENT_FIELDS) in the group 'ticket' with their titles in the language, except
 * those the schema already names.
 *
 * @example withTicketPlaceholders([{ name: 'seat', type: 'string' }], 'cs') // seat, then ticketSecret "Kód vstupenky (pro čárový kód)", …
 */
export function withTicketPlaceholders(
  fromSchema: readonly PlaceholderOption[],
  language: string,
): PlaceholderOption[] {
  const named = new Set(fromSchema.map((option) => option.name));
  const ticket = [...optionsOf(TICKET_FIELDS, language), ...optionsOf(TICKET_EVENT_FIELDS, language)];
  return [...fromSchema, ...ticket.filter((option) => !named.has(option.name))];
}

/**
 * The preview's sample data of a template that issues tickets: the schema's samples, and the ticket contract's
 * sample values, which the checkout's values stand in for on real passes.
 *
 * @example withTicketSample({ seat: 'A1' }).holderName // 'Jana Nováková'
 */
export const withTicketSample = (sample: Record<string, unknown>): Record<string, unknown> => ({
  ...sample,
  ...TICKET_SAMPLE,
});
