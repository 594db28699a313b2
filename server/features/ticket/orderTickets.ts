import { holderNameOf } from '../../../domain/ticket/ticketContract';
import type { ServerConfig } from '../../kernel/config';
import type { Db } from '../../kernel/db/database';
import { passLink } from '../passes';
import { offersGoogleWallet } from '../wallet';
import { orderItemRepository } from './orderItemRepository';

/** Where a ticket's pass is: its page, the signed .pkpass, its PDF, and Save to Google Wallet when offered. */
export interface TicketLinks {
  page: string;
  appleWallet: string;
  pdf: string;
  /** only when Google Wallet is offered for the pass's template (offersGoogleWallet) */
  googleWallet: string | undefined;
}

/** A ticket of an order as its buyer sees it, on the order page and in the email. */
export interface OrderTicket {
  id: string;
  itemNumber: string | null;
  /** what the ticket's barcode carries: the gate lets it in */
  ticketSecret: string;
  /** the product's title in the order's language */
  productName: string;
  holderName: string;
  state: string;
  validFrom: Date | null;
  validTo: Date | null;
  price: number;
  vat: number;
  passId: string | null;
  voided: boolean;
  /** none until the ticket's pass is issued */
  links: TicketLinks | undefined;
}

/**
 * The links of a pass, each with the campaign tag that tells in the reports where it was opened (`email`, `shop`).
 *
 * @example ticketLinks(config, passId, true, 'email').appleWallet // 'https://…/p/{passId}?format=pkpass&tag=email'
 */
export function ticketLinks(
  config: Pick<ServerConfig, 'passBase' | 'publicUrl'>,
  passId: string,
  googleWallet: boolean,
  tag: string,
): TicketLinks {
  const page = passLink(config, passId);
  return {
    page: `${page}?tag=${tag}`,
    appleWallet: `${page}?format=pkpass&tag=${tag}`,
    pdf: `${page}?format=pdf&tag=${tag}`,
    googleWallet: googleWallet ? `${page}?format=savetogooglepayjwt&tag=${tag}` : undefined,
  };
}

/**
 * The live tickets of an order, oldest first, with their holders and links.
 *
 * @example const tickets = await orderTickets(db, config, order.id, 'shop')
 */
export async function orderTickets(
  db: Db,
  config: Pick<ServerConfig, 'passBase' | 'publicUrl' | 'googleWallet'>,
  orderId: string,
  tag: string,
): Promise<OrderTicket[]> {
  const rows = await orderItemRepository.ticketsOfOrder(db, orderId);
  return rows.map((row) => ({
    id: row.id,
    itemNumber: row.itemNumber,
    ticketSecret: row.ticketSecret,
    productName: row.productTitle ?? row.productName,
    holderName: holderNameOf(row.data),
    state: row.state,
    validFrom: row.validFrom,
    validTo: row.validTo,
    price: Number(row.price),
    vat: Number(row.vat),
    passId: row.passId,
    voided: row.passVoided === true || row.state === 'invalidated',
    links: row.passId
      ? ticketLinks(
          config,
          row.passId,
          offersGoogleWallet(
            { ownObjectTemplate: row.ownObjectTemplate, eventTicket: row.eventTicket },
            config.googleWallet,
          ),
          tag,
        )
      : undefined,
  }));
}
