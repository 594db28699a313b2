import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPaid } from '../../../../domain/ticket/paymentStates';
import type { ServerConfig } from '../../../kernel/config';
import type { Db } from '../../../kernel/db/database';
import type { EshopRow, OrderRow, RefundRow } from '../../../kernel/db/tables';
import { refundRepository } from '../refunds/refundRepository';
import { HttpError } from '../../../kernel/http/errors';
import { orderTickets } from '../orderTickets';
import { walletBundleLinks } from '../walletBundle';
import { failurePage } from './messagePages';
import { orderPage } from './orderPage';
import { sendPage } from './pageReply';
import { readerLanguage, shopTexts } from './storefrontTexts';

export interface OrderPageDependencies {
  db: Db;
  config: Pick<ServerConfig, 'passBase' | 'publicUrl' | 'googleWallet'>;
  /** the order of the e-shop with this status token; HttpError 404 otherwise */
  orderWithToken: (eshopId: string, orderId: string, token: string | undefined) => Promise<OrderRow>;
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  /** the order as its gateway tells it now: the customer is back from a real gateway's page */
  settle: (order: OrderRow) => Promise<OrderRow>;
  /** the page of the order's payment, once requested */
  paymentUrl: (order: OrderRow) => string | undefined;
  /** the order's .pkpasses file with its status token (walletBundleLinks adds the part and tag) */
  walletBundleUrl: (order: OrderRow) => string;
  /** the signed link of a paid order's invoice */
  invoiceUrl: (order: OrderRow) => string;
  /** the signed link of a refund's credit note */
  creditNoteUrl: (refund: RefundRow) => string;
  /** was the order paid through the simulated bank? Its page then says no money moved */
  simulatedPayments: (order: OrderRow) => boolean;
}

/**
 * The answer of an order's status link to a browser: the order's page (orderPage.ts), or a 404 page that tells
 * nothing of the order for a token that is not the order's (changed, cut short, another order's, none).
 *
 * @example const answer = orderPageAnswer(deps); if (prefersHtml(accept)) return answer(request, reply, params, token)
 */
export function orderPageAnswer(deps: OrderPageDependencies) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    ids: { eshopId: string; orderId: string },
    token: string | undefined,
  ) => {
    let order: OrderRow;
    try {
      order = await deps.orderWithToken(ids.eshopId, ids.orderId, token);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      const texts = shopTexts(undefined, readerLanguage(request.headers['accept-language']));
      return sendPage(reply, failurePage(404, texts), 404);
    }
    order = await deps.settle(order);
    const eshop = await deps.liveEshop(order.eshopId);
    const paid = isPaid(order);
    const tickets = paid ? await orderTickets(deps.db, deps.config, order.id, 'shop') : [];
    const page = orderPage({
      order,
      eshop,
      texts: shopTexts(eshop, order.locale),
      tickets,
      walletBundles: walletBundleLinks(deps.walletBundleUrl(order), tickets, 'shop'),
      paymentUrl: deps.paymentUrl(order),
      invoiceUrl: paid ? deps.invoiceUrl(order) : undefined,
      // read only for an order that got money back (its refunded amount says so)
      refunds: (Number(order.refundedAmount) > 0
        ? await refundRepository.succeededOf(deps.db, order.id)
        : []
      ).map((refund) => ({
        amount: Number(refund.amount),
        ...(refund.creditNoteNumber
          ? { creditNote: { number: refund.creditNoteNumber, url: deps.creditNoteUrl(refund) } }
          : {}),
      })),
      simulatedPayments: deps.simulatedPayments(order),
    });
    return sendPage(reply, page);
  };
}
