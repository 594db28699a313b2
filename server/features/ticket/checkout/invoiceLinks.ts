import crypto from 'node:crypto';
import { sameSecret } from '../../../kernel/auth/secrets';

const DAY_SECONDS = 24 * 60 * 60;

/** What a presented invoice link is worth. */
export type InvoiceLinkCheck = 'valid' | 'tampered' | 'expired';

/** The signed part of an invoice link: its expiry (Unix seconds) and the HMAC over the order id and the expiry. */
export interface InvoiceLinkQuery {
  expires: number;
  signature: string;
}

/**
 * Signed, expiring links to an order's invoice, for the order email: an HMAC of the order id and the expiry under a
 * server secret, so a link opens only its own order's invoice, only until it expires, and nothing is stored (every
 * instance sharing the secret accepts it). `document` names what the links open (a refund's credit note:
 * 'refund-credit-note', of refund ids): a link to one document never opens another.
 *
 * @example const links = invoiceLinks(secret, 90); links.check(orderId, links.sign(orderId)) === 'valid'
 */
export function invoiceLinks(secret: string, ttlDays: number, document = 'order-invoice') {
  const signatureOf = (orderId: string, expires: number) =>
    crypto.createHmac('sha256', secret).update(`${document}:${orderId}:${expires}`).digest('base64url');
  return {
    sign(orderId: string, now = new Date()): InvoiceLinkQuery {
      const expires = Math.floor(now.getTime() / 1000) + ttlDays * DAY_SECONDS;
      return { expires, signature: signatureOf(orderId, expires) };
    },
    /** A link whose signature does not match is tampered, whatever its expiry; a matching one past it is expired. */
    check(orderId: string, query: InvoiceLinkQuery, now = new Date()): InvoiceLinkCheck {
      if (!sameSecret(signatureOf(orderId, query.expires), query.signature)) return 'tampered';
      return query.expires * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}
export type InvoiceLinks = ReturnType<typeof invoiceLinks>;
