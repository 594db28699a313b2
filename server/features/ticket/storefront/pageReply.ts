import type { FastifyReply } from 'fastify';
import { sendHtmlPage, type HtmlPage } from '../../distribution';

/**
 * Sends a storefront page: its own Content-Security-Policy, never stored by a cache (a form holds its one-time key,
 * an order page its buyer's tickets), varying by what the reader accepts and their language.
 *
 * @example return sendPage(reply, closedPage(eshop, texts, simulatedPayments), 409)
 */
export function sendPage(reply: FastifyReply, page: HtmlPage, statusCode = 200) {
  return sendHtmlPage(reply, page, { status: statusCode, vary: 'Accept, Accept-Language' });
}
