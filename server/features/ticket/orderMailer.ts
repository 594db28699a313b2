import type { OrderItemRow, OrderRow } from '../../kernel/db/tables';
import type { AuditActor } from '../../kernel/engine/auditTrail';
import { HttpError } from '../../kernel/http/errors';

/**
 * Sends an order's email (passes and invoice) to its customer. The checkout implements it (nodemailer); the ticket
 * API calls it for GET /v1/order/{id}/sendMail, only for paid orders.
 */
export interface OrderMailer {
  /**
   * `actor`: who the stamp of the send is recorded under in the audit trail (the checkout when not given);
   * `items`: the order's live items when the caller read them with the order (they are not read again)
   */
  sendOrderMail(order: OrderRow, actor?: AuditActor, items?: OrderItemRow[]): Promise<void>;
}

/** Until a mailer is wired: 503, nothing is sent. */
export const unavailableMailer: OrderMailer = {
  sendOrderMail: async () => {
    throw new HttpError(503, {
      en: 'Sending order emails is not configured on this server.',
      cs: 'Odesílání e-mailů objednávek není na tomto serveru nastaveno.',
    });
  },
};
