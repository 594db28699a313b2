import type { OrderItemRow, OrderRow, RefundRow } from '../../kernel/db/tables';
import type { AuditActor } from '../../kernel/engine/auditTrail';
import { HttpError } from '../../kernel/http/errors';

/**
 * Sends an order's email (passes and invoice) to its customer, and the email of each of its refunds. The checkout
 * implements it (nodemailer); the ticket API calls it for GET /v1/order/{id}/sendMail, only for paid orders, and the
 * queue for a succeeded refund.
 */
export interface OrderMailer {
  /**
   * `actor`: who the stamp of the send is recorded under in the audit trail (the checkout when not given);
   * `items`: the order's live items when the caller read them with the order (they are not read again)
   */
  sendOrderMail(order: OrderRow, actor?: AuditActor, items?: OrderItemRow[]): Promise<void>;
  /** The email of a succeeded refund (its credit note attached), stamped on the refund (emailSentAt). */
  sendRefundMail(order: OrderRow, refund: RefundRow): Promise<void>;
}

const unavailable = async () => {
  throw new HttpError(503, {
    en: 'Sending order emails is not configured on this server.',
    cs: 'Odesílání e-mailů objednávek není na tomto serveru nastaveno.',
  });
};

/** Until a mailer is wired: 503, nothing is sent. */
export const unavailableMailer: OrderMailer = { sendOrderMail: unavailable, sendRefundMail: unavailable };
