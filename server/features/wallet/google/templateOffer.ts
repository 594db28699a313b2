import { sql } from 'kysely';
import type { GoogleWalletConfig } from '../../../kernel/config';
import { isGoogleWalletConfigured } from './serviceAccounts';

/** What of a template decides whether its passes go to Google Wallet. */
export interface GoogleWalletTemplateParts {
  saveToGooglePayObjectTemplate: unknown;
  jsonTemplate: unknown;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Save to Google Pay object template is set when it is an object with at least one property. */
export const hasOwnObjectTemplate = (
  template: Pick<GoogleWalletTemplateParts, 'saveToGooglePayObjectTemplate'>,
) =>
  isJsonObject(template.saveToGooglePayObjectTemplate) &&
  Object.keys(template.saveToGooglePayObjectTemplate).length > 0;

/** Is the template's Apple style an event ticket (classic or poster): Google Wallet gets an event ticket built from it. */
export const isEventTicketTemplate = (template: Pick<GoogleWalletTemplateParts, 'jsonTemplate'>) =>
  isJsonObject(template.jsonTemplate) && isJsonObject(template.jsonTemplate.eventTicket);

/** What of a template decides whether Google Wallet is offered, read once (a public pass keeps it in its cache). */
export interface GoogleWalletOffer {
  /** the template has its own Save to Google Pay object template */
  ownObjectTemplate: boolean;
  /** the template is an event ticket: its Google object can be built from its semantics */
  eventTicket: boolean;
}

/**
 * The two facts of GoogleWalletOffer read by the database from a query's `template` row, so that a pass's lookup
 * reads two booleans rather than the template's JSON (false for a template a left join did not find).
 *
 * @example db.selectFrom('pass').innerJoin('template', …).select([...googleWalletOfferColumns])
 */
export const ownObjectTemplateSql = sql<boolean>`coalesce(jsonb_typeof("template"."saveToGooglePayObjectTemplate") = 'object'
  and "template"."saveToGooglePayObjectTemplate" <> '{}'::jsonb, false)`;
export const eventTicketTemplateSql = sql<boolean>`coalesce(jsonb_typeof("template"."jsonTemplate" -> 'eventTicket') = 'object', false)`;
export const googleWalletOfferColumns = [
  ownObjectTemplateSql.as('ownObjectTemplate'),
  eventTicketTemplateSql.as('eventTicket'),
] as const;

/** Can Google Wallet objects be made of the template's passes: its own object template, or built for an event ticket. */
export const hasGoogleObject = (template: GoogleWalletTemplateParts): boolean =>
  hasOwnObjectTemplate(template) || isEventTicketTemplate(template);

/**
 * Is Add to Google Wallet offered for the template's passes: it has its own Save to Google Pay object template (as
 * before, whatever the server's settings), or it is an event ticket and this server has Google Wallet configured (so
 * a server without Google Wallet shows no button on every ticket).
 *
 * @example offersGoogleWallet({ ownObjectTemplate: false, eventTicket: true }, config.googleWallet)
 */
export const offersGoogleWallet = (offer: GoogleWalletOffer, settings: GoogleWalletConfig): boolean =>
  offer.ownObjectTemplate || (offer.eventTicket && isGoogleWalletConfigured(settings));
