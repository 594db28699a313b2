import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPaid } from '../../../../domain/ticket/paymentStates';
import type { AppContext } from '../../../kernel/appContext';
import type { EshopRow, OrderRow } from '../../../kernel/db/tables';
import { attachment } from '../../../kernel/http/attachment';
import { HttpError } from '../../../kernel/http/errors';
import { prefersHtml } from '../../../kernel/http/prefersHtml';
import { escapeHtml, recordPublicRequest, type PublicPass } from '../../distribution';
import { pkpassBytes } from '../../passes';
import { orderTickets } from '../orderTickets';
import { failurePage } from '../storefront/messagePages';
import { sendPage } from '../storefront/pageReply';
import { shopPage } from '../storefront/shopPage';
import { readerLanguage, shopTexts } from '../storefront/storefrontTexts';
import {
  PKPASSES_TYPE,
  WALLET_BUNDLE_MAX_BYTES,
  pkpassesArchive,
  walletBundleParts,
  walletBundleTickets,
} from '../walletBundle';
import { OrderParamsSchema } from './checkoutSchemas';

export interface WalletBundleDependencies {
  context: Pick<AppContext, 'db' | 'config' | 'publicPasses' | 'events'>;
  /** the order of the e-shop with this status token; HttpError 404 otherwise */
  orderWithToken: (eshopId: string, orderId: string, token: string | undefined) => Promise<OrderRow>;
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  /** the order's page (its status link), where its passes are offered one by one */
  orderUrl: (order: OrderRow) => string;
}

const BundleQuerySchema = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  part: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'the part of ten passes, from 1; 1 by default' }),
  ),
  tag: Type.Optional(
    Type.String({ maxLength: 100, description: 'where the link was opened, for the reports' }),
  ),
});

/** Why an order has no bundle to give: a 404 tells nothing of the order, a 409 says why in the order's words. */
type Refusal = { statusCode: 404 } | { statusCode: 409; key: string };

/** The file of one part of the order's valid passes, or why there is none. */
async function bundleOf(
  context: WalletBundleDependencies['context'],
  order: OrderRow,
  part: number,
): Promise<{ refusal: Refusal } | { fileName: string; body: Buffer; passes: PublicPass[] }> {
  if (!isPaid(order)) return { refusal: { statusCode: 409, key: 'wallet.bundle.unpaid' } };
  const parts = walletBundleParts(
    walletBundleTickets(await orderTickets(context.db, context.config, order.id, 'shop')),
  );
  if (!parts.length) return { refusal: { statusCode: 409, key: 'wallet.bundle.none' } };
  const tickets = parts[part - 1];
  if (!tickets) return { refusal: { statusCode: 404 } };
  let signed;
  try {
    signed = await Promise.all(
      tickets.map(async (ticket) => ({
        ticket,
        pass: await context.publicPasses.pass(ticket.passId),
        signed: await context.publicPasses.signedPass(ticket.passId),
      })),
    );
  } catch (error) {
    // a pass that does not sign (pre-flight errors) or went away since the read: the rest is not half given
    if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404))
      return { refusal: { statusCode: 409, key: 'wallet.bundle.unsigned' } };
    throw error;
  }
  if (signed.reduce((bytes, entry) => bytes + entry.signed.archive.size, 0) > WALLET_BUNDLE_MAX_BYTES)
    return { refusal: { statusCode: 409, key: 'wallet.bundle.tooLarge' } };
  const body = pkpassesArchive(
    signed.map((entry) => ({
      name: `${entry.ticket.itemNumber ?? entry.ticket.passId}.pkpass`,
      body: pkpassBytes(entry.signed),
    })),
  );
  const suffix = parts.length > 1 ? ` (${part} of ${parts.length})` : '';
  return {
    fileName: `Order ${order.orderNumber}${suffix}.pkpasses`,
    body,
    passes: signed.map((entry) => entry.pass),
  };
}

/**
 * "Add all to Apple Wallet" of an order, `GET …/eshop/{eshopId}/order/{orderId}/pkpasses?token=…&part=…`, added
 * to the public checkout (rate-limited with it): the signed passes of the order's valid tickets as one .pkpasses
 * file (a zip of the .pkpass files, which Safari on iOS adds together), ten a part as Apple allows. The order's
 * status token opens it, as it opens the order's page; voided and refunded tickets are left out. Each pass counts
 * a download (format pkpasses). A browser gets a refusal as a page in the order's language, a program as JSON.
 *
 * @example walletBundleRoute(app, { context, orderWithToken: service.orderWithToken, liveEshop, orderUrl: statusUrl })
 */
export function walletBundleRoute(app: FastifyInstance, deps: WalletBundleDependencies): void {
  const { context } = deps;

  const refuse = (
    reply: FastifyReply,
    browser: boolean,
    refusal: Refusal,
    order: { row: OrderRow; eshop: EshopRow | undefined } | undefined,
    acceptLanguage: string | undefined,
  ) => {
    if (refusal.statusCode === 404) {
      if (!browser)
        throw new HttpError(404, { en: 'Order was not found.', cs: 'Objednávka nebyla nalezena.' });
      return sendPage(reply, failurePage(404, shopTexts(undefined, readerLanguage(acceptLanguage))), 404);
    }
    const values = { orderNumber: order?.row.orderNumber ?? '' };
    if (!browser)
      throw new HttpError(409, {
        en: shopTexts(undefined, 'en').text(refusal.key, values),
        cs: shopTexts(undefined, 'cs').text(refusal.key, values),
      });
    const texts = shopTexts(order?.eshop, order?.row.locale ?? 'en');
    const back = order
      ? `<p><a class="button" href="${escapeHtml(deps.orderUrl(order.row))}">${escapeHtml(texts.text('wallet.bundle.back'))}</a></p>`
      : '';
    const page = shopPage({
      eshop: order?.eshop,
      texts,
      heading: texts.text('wallet.bundle.title'),
      body: `<p role="status">${escapeHtml(texts.text(refusal.key, values))}</p>${back}`,
      simulatedPayments: false,
      linkShop: true,
    });
    return sendPage(reply, page, 409);
  };

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/eshop/:eshopId/order/:orderId/pkpasses',
    {
      schema: {
        operationId: 'getCheckoutOrderPasses',
        summary: "Download an order's passes (.pkpasses)",
        tags: ['checkout'],
        security: [],
        description:
          "The signed passes of the order's valid tickets as one .pkpasses file (application/vnd.apple.pkpasses), " +
          'with the status token of the order: ten passes a part (?part=, from 1), as Apple Wallet takes them. ' +
          "404 for another token or a part beyond the order's; 409 for an unpaid order, one without a valid " +
          'ticket, or a pass that cannot be signed yet. A browser gets these as a page.',
        params: OrderParamsSchema,
        querystring: BundleQuerySchema,
        produces: [PKPASSES_TYPE],
      },
    },
    async (request, reply) => {
      const browser = prefersHtml(request.headers.accept);
      const acceptLanguage = request.headers['accept-language'];
      const { eshopId, orderId } = request.params;
      let order: OrderRow;
      try {
        order = await deps.orderWithToken(eshopId, orderId, request.query.token);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404)
          return refuse(reply, browser, { statusCode: 404 }, undefined, acceptLanguage);
        throw error;
      }
      const bundle = await bundleOf(context, order, request.query.part ?? 1);
      if ('refusal' in bundle) {
        const eshop = await deps.liveEshop(order.eshopId);
        return refuse(reply, browser, bundle.refusal, { row: order, eshop }, acceptLanguage);
      }
      for (const pass of bundle.passes) {
        context.events.countDownload(pass.id);
        recordPublicRequest(context.events, request, {
          passId: pass.id,
          templateId: pass.templateId,
          projectId: pass.projectId,
          type: 'download',
          format: 'pkpasses',
        });
      }
      return reply
        .type(PKPASSES_TYPE)
        .header('content-disposition', attachment(bundle.fileName))
        .header('cache-control', 'private, no-store')
        .send(bundle.body);
    },
  );
}
