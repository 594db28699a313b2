import type { FastifyReply } from 'fastify';
import type { HtmlPage } from '../../distribution/html';

/**
 * Sends a storefront page: its own Content-Security-Policy, never stored by a cache (a form holds its one-time key,
 * an order page its buyer's tickets), varying by what the reader accepts and their language.
 *
 * @example return sendPage(reply, closedPage(eshop, texts, simulatedPayments), 409)
 */
export function sendPage(reply: FastifyReply, page: HtmlPage, statusCode = 200) {
  return reply
    .status(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .header('vary', 'Accept, Accept-Language')
    .send(page.html);
}
