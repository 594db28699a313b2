import os from 'node:os';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../kernel/appContext';
import { messagePage, sendHtmlPage } from '../../distribution';
import { attachment } from '../../../kernel/http/attachment';
import { HttpError, badRequest } from '../../../kernel/http/errors';
import { setTicketServices } from '../ticketServices';
import {
  BankDecisionSchema,
  BankParamsSchema,
  CheckoutOrderBodySchema,
  EshopParamsSchema,
  InvoiceLinkQuerySchema,
  OrderParamsSchema,
  RefundParamsSchema,
  StatusQuerySchema,
} from './checkoutSchemas';
import { CHECKOUT_PREFIX, createCheckoutCore } from './checkoutCore';
import type { CheckoutService } from './checkoutService';
import { CUSTOMER_DATA_LIMITS } from './customerData';
import { createMailTransport, type MailReceipt } from '../../../kernel/mail/mailTransport';
import { createOrderMailer } from './orderMailer';
import { ORDER_MAIL_JOB, orderMailHandler } from './orderMailJob';
import { SIMULATED_OUTCOMES, type SimulatedGateway, type SimulatedOutcome } from './simulatedGateway';
import { simulatedBankPage } from './simulatedBankPage';
import { createInvoiceThreads } from '../invoiceThreads';
import type { EshopRow } from '../../../kernel/db/tables';
import { prefersHtml } from '../../../kernel/http/prefersHtml';
import { orderPageAnswer } from '../storefront/orderPageAnswer';
import { orderRepository } from '../orderRepository';
import { eshopRepository } from '../eshopRepository';
import { paidThroughSimulatedBank, sellsThroughSimulatedBank } from '../gateways/gatewaySettings';
import { PAYMENT_CHECK_JOB, paymentCheckHandler } from '../gateways/paymentCheckJob';
import { gopayNotificationRoute } from '../gateways/gopay/gopayNotificationRoute';
import { stripeWebhookRoute } from '../gateways/stripe/stripeWebhookRoute';
import { creditNoteByLink } from '../refunds/refundCreditNote';
import { walletBundleRoute } from './walletBundleRoute';

const isOutcome = (value: unknown): value is SimulatedOutcome =>
  SIMULATED_OUTCOMES.includes(value as SimulatedOutcome);

/** An order's body: its customer data at most, and as much again for the rest (100 lines of a product and a count). */
const ORDER_BODY_LIMIT = 2 * CUSTOMER_DATA_LIMITS.bytesPerOrder;

/** Logged at start: every e-shop starts on the simulated bank until its payment gateway is set. */
export const SIMULATED_PAYMENTS_WARNING =
  'Payments are simulated (PAYMENT_GATEWAY=simulated, the default) for every e-shop whose payment gateway is not set ' +
  'to Stripe or GoPay: its checkout takes no money and hands out tickets to anyone who clicks Pay.';

// where the public checkout is: app.ts, tests and benchmarks take it from here
export { CHECKOUT_PREFIX };

/** The checkout of an app: for the storefront, which sells through it, and for tests and benchmarks. */
export interface CheckoutParts {
  service: CheckoutService;
  bank: SimulatedGateway;
  /** does the e-shop sell through the simulated bank? Its every front must say so */
  simulatedPayments: (eshop: EshopRow | undefined) => boolean;
  /** the live e-shop of an id, from memory while its table is unchanged */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  /** every order email sent (or written as .eml) since the start; a refund's names its refund */
  sentMail: Array<{ orderId: string; refundId?: string; receipt: MailReceipt }>;
  /** the signed invoice link of an order, as its email has it when sent at `now` */
  invoiceUrl: (order: { id: string; eshopId: string }, now?: Date) => string;
  /** the signed credit note link of a refund, as its email has it when sent at `now` */
  creditNoteUrl: (refund: { id: string; eshopId: string }, now?: Date) => string;
}
const partsOf = new WeakMap<AppContext, CheckoutParts>();

/**
 * A document's PDF shown in the browser (an invoice, a credit note, by a signed link); what refuses it (a changed or
 * expired link) is a page for a browser, JSON for a program.
 */
async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<{ fileName: string; pdf: Buffer }>,
  unavailable: string,
) {
  try {
    const { fileName, pdf } = await load();
    return await reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment(fileName).replace(/^attachment/, 'inline'))
      .send(pdf);
  } catch (error) {
    if (!(error instanceof HttpError) || !(request.headers.accept ?? '').includes('text/html')) throw error;
    return sendHtmlPage(reply, messagePage(unavailable, error.message), { status: error.statusCode });
  }
}
export const checkoutPartsOf = (context: AppContext): CheckoutParts | undefined => partsOf.get(context);

/**
 * The public checkout of the e-shop fronts (no sign-in, rate-limited per address) and the simulated bank; wires the
 * gateway and the order mailer into the ticket services.
 *
 * @example await app.register(checkoutRoutes(context), { prefix: CHECKOUT_PREFIX })
 */
export function checkoutRoutes(context: AppContext) {
  const { config } = context;
  // every new e-shop's gateway, so that a fresh `npm start` can sell: said loudly wherever it is used
  const simulatedPayments = sellsThroughSimulatedBank;
  // the server's logger, which keeps secrets (status links, SMTP credentials) out of its lines; set on registration
  let logger: FastifyBaseLogger | undefined;
  const log = (error: unknown, message: string) => logger?.error({ err: error }, `checkout: ${message}`);
  const { service, bank, gateways, tokens, invoices, creditNotes, liveEshop } = createCheckoutCore(
    context,
    log,
  );
  const transport = createMailTransport(config);
  const sentMail: CheckoutParts['sentMail'] = [];
  const statusUrl = (order: { id: string; eshopId: string }) =>
    `${config.publicUrl}${CHECKOUT_PREFIX}/eshop/${order.eshopId}/order/${order.id}?token=${tokens.of(order.id)}`;
  // "Add all to Apple Wallet": the order's passes as one .pkpasses file, opened by the order's status token
  const walletBundleUrl = (order: { id: string; eshopId: string }) =>
    `${config.publicUrl}${CHECKOUT_PREFIX}/eshop/${order.eshopId}/order/${order.id}/pkpasses?token=${tokens.of(order.id)}`;
  const invoiceUrl: CheckoutParts['invoiceUrl'] = (order, now) => {
    const { expires, signature } = invoices.sign(order.id, now);
    return `${config.publicUrl}${CHECKOUT_PREFIX}/eshop/${order.eshopId}/order/${order.id}/invoice?expires=${expires}&signature=${signature}`;
  };
  const creditNoteUrl: CheckoutParts['creditNoteUrl'] = (refund, now) => {
    const { expires, signature } = creditNotes.sign(refund.id, now);
    return `${config.publicUrl}${CHECKOUT_PREFIX}/eshop/${refund.eshopId}/refund/${refund.id}/creditNote?expires=${expires}&signature=${signature}`;
  };
  // invoices of the emails are rendered beside the event loop, on the cores the requests leave
  const invoiceThreads = createInvoiceThreads(
    Math.max(1, Math.min(config.jobConcurrency, os.availableParallelism() - 1)),
  );
  const mailer = createOrderMailer({
    db: context.db,
    liveEshop,
    config,
    transport,
    renderInvoice: invoiceThreads.render,
    orderUrl: statusUrl,
    walletBundleUrl,
    invoiceUrl,
    creditNoteUrl,
    onSent: (order, receipt, refund) =>
      sentMail.push({ orderId: order.id, ...(refund ? { refundId: refund.id } : {}), receipt }),
  });
  setTicketServices(context, { gateway: gateways, mailer, movePayment: service.movePayment });
  context.jobs.handle(ORDER_MAIL_JOB, orderMailHandler(context.db, mailer));
  context.jobs.handle(PAYMENT_CHECK_JOB, paymentCheckHandler(context.db, service.applyPaymentResult));
  partsOf.set(context, {
    service,
    bank,
    simulatedPayments,
    liveEshop,
    sentMail,
    invoiceUrl,
    creditNoteUrl,
  });
  const sendOrderPage = orderPageAnswer({
    db: context.db,
    config,
    orderWithToken: service.orderWithToken,
    liveEshop,
    paymentUrl: gateways.paymentUrl,
    // back from a real gateway's page before its notification: asked at once; a gateway down shows the order waiting
    settle: async (order) => {
      if (order.paymentState !== 'pending' || (order.paymentGateway ?? 'simulated') === 'simulated')
        return order;
      try {
        await service.applyPaymentResult(order);
      } catch (error) {
        log(error, `the payment of order ${order.orderNumber} could not be checked on the customer's return`);
      }
      return (await orderRepository.findLive(context.db, order.id)) ?? order;
    },
    walletBundleUrl,
    invoiceUrl,
    creditNoteUrl,
    simulatedPayments: paidThroughSimulatedBank,
  });

  return async (app: FastifyInstance) => {
    logger = app.log;
    app.addHook('onReady', async () => {
      if (await eshopRepository.anyOnSimulatedBank(context.db)) app.log.warn(SIMULATED_PAYMENTS_WARNING);
    });
    app.addHook('onClose', async () => {
      transport.close();
      await invoiceThreads.close();
    });
    if (config.checkoutRateLimit > 0)
      await app.register(rateLimit, { max: config.checkoutRateLimit, timeWindow: '1 minute' });
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['checkout'];
    gopayNotificationRoute(app, { db: context.db, applyPaymentResult: service.applyPaymentResult });
    walletBundleRoute(app, {
      context,
      orderWithToken: service.orderWithToken,
      liveEshop,
      orderUrl: statusUrl,
    });
    // Stripe's webhook reads its raw body: a plugin of its own
    await app.register(
      stripeWebhookRoute({
        db: context.db,
        liveEshop,
        gatewayOf: gateways.forEshop,
        applyPaymentResult: service.applyPaymentResult,
      }),
    );

    routes.post(
      '/eshop/:eshopId/order',
      {
        bodyLimit: Math.min(ORDER_BODY_LIMIT, config.bodyLimitBytes),
        schema: {
          operationId: 'placeCheckoutOrder',
          summary: 'Place an order',
          tags,
          security: [],
          description:
            "Creates an order of the e-shop's active products (within the product's and the e-shop's limits) and " +
            'asks the gateway for its payment: {orderId, orderNumber, paymentUrl, statusToken, statusUrl, totals, ' +
            'simulatedPayments}. simulatedPayments true: the simulated bank takes no money; the front should say so. ' +
            `A body over ${ORDER_BODY_LIMIT} bytes is 413; each item's data at most ${CUSTOMER_DATA_LIMITS.bytesPerLine} ` +
            `bytes of JSON, ${CUSTOMER_DATA_LIMITS.bytesPerOrder} for the order, ${CUSTOMER_DATA_LIMITS.depth} levels ` +
            `deep and ${CUSTOMER_DATA_LIMITS.values} keys and elements (400 beyond). An order unpaid after ` +
            'ORDER_PAYMENT_TIMEOUT_MINUTES times out (payment state timeout) and can no longer be paid.',
          params: EshopParamsSchema,
          body: CheckoutOrderBodySchema,
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          ...(await service.createOrder(request.params.eshopId, request.body)),
          simulatedPayments: simulatedPayments(await liveEshop(request.params.eshopId)),
        }),
    );

    routes.get(
      '/eshop/:eshopId/order/:orderId',
      {
        schema: {
          operationId: 'getCheckoutOrder',
          summary: "Get an order's state and tickets",
          tags,
          security: [],
          description:
            "The order's state and tickets, with the status token given at creation (404 otherwise). A browser " +
            "(Accept preferring text/html) gets the order's page: its state, a Pay link while it waits, and once " +
            'paid each ticket with its holder, QR code and wallet buttons, and the invoice.',
          params: OrderParamsSchema,
          querystring: StatusQuerySchema,
        },
      },
      async (request, reply) => {
        const { eshopId, orderId } = request.params;
        if (prefersHtml(request.headers.accept))
          return sendOrderPage(request, reply, { eshopId, orderId }, request.query.token);
        const order = await service.orderWithToken(eshopId, orderId, request.query.token);
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'Accept')
          .send({
            ...(await service.orderStatus(order)),
            simulatedPayments: paidThroughSimulatedBank(order),
          });
      },
    );

    routes.get(
      '/eshop/:eshopId/order/:orderId/invoice',
      {
        schema: {
          operationId: 'getCheckoutInvoice',
          summary: "Download an order's invoice",
          tags,
          security: [],
          description:
            'The invoice PDF of a paid order, by the signed link of its email (valid INVOICE_LINK_DAYS): 403 for a ' +
            'changed link, 410 for an expired one; a browser gets these as a page, a program as JSON.',
          params: OrderParamsSchema,
          querystring: InvoiceLinkQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { eshopId, orderId } = request.params;
        return sendDocument(
          request,
          reply,
          () => service.invoiceByLink(eshopId, orderId, request.query),
          'Invoice not available',
        );
      },
    );

    routes.get(
      '/eshop/:eshopId/refund/:refundId/creditNote',
      {
        schema: {
          operationId: 'getCheckoutCreditNote',
          summary: "Download a refund's credit note",
          tags,
          security: [],
          description:
            "The credit note PDF of a refund, by the signed link of the refund's email (valid INVOICE_LINK_DAYS): " +
            '403 for a changed link, 410 for an expired one; a browser gets these as a page, a program as JSON.',
          params: RefundParamsSchema,
          querystring: InvoiceLinkQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) =>
        sendDocument(
          request,
          reply,
          () => creditNoteByLink(context.db, creditNotes, request.params, request.query),
          'Credit note not available',
        ),
    );

    routes.post(
      '/eshop/:eshopId/order/:orderId/paymentResult',
      {
        schema: {
          operationId: 'confirmCheckoutPayment',
          summary: 'Confirm the return from the payment page',
          tags,
          security: [],
          description:
            "The front's return from the payment page: the gateway is asked for the payment's state, which is " +
            'applied (409 for an illegal move); a paid order gets its numbers, passes and email.',
          params: OrderParamsSchema,
          querystring: StatusQuerySchema,
        },
      },
      async (request) => {
        const { eshopId, orderId } = request.params;
        const order = await service.orderWithToken(eshopId, orderId, request.query.token);
        const result = await service.applyPaymentResult(order);
        return { orderId: order.id, ...result, simulatedPayments: paidThroughSimulatedBank(order) };
      },
    );

    routes.get(
      '/simulated-bank/:paymentId',
      {
        schema: {
          operationId: 'getSimulatedBankPage',
          summary: "Show the simulated bank's payment page",
          tags,
          security: [],
          description: "The simulated bank's payment page.",
          params: BankParamsSchema,
        },
      },
      async (request, reply) => {
        const payment = await bank.payment(request.params.paymentId);
        const action = `${CHECKOUT_PREFIX}/simulated-bank/${encodeURIComponent(payment.paymentId)}`;
        const order = await service.orderByPaymentId(payment.paymentId);
        return sendHtmlPage(reply, simulatedBankPage(payment, action, statusUrl(order)));
      },
    );

    routes.post(
      '/simulated-bank/:paymentId',
      {
        schema: {
          operationId: 'decideSimulatedPayment',
          summary: 'Decide a simulated payment',
          tags,
          security: [],
          description:
            'The customer decides the simulated payment (outcome in the JSON body or the query: paid, declined3D, ' +
            'declinedAC, timeout, canceled); the bank calls the checkout back. JSON answer, or 303 to the page.',
          params: BankParamsSchema,
          querystring: BankDecisionSchema,
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        const outcome = body?.outcome ?? request.query.outcome;
        if (!isOutcome(outcome))
          throw badRequest(`Choose an outcome: ${SIMULATED_OUTCOMES.join(', ')}.`, [
            { path: '/outcome', message: `must be one of ${SIMULATED_OUTCOMES.join(', ')}` },
          ]);
        const payment = await bank.decide(request.params.paymentId, outcome);
        const order = await service.orderByPaymentId(payment.paymentId);
        const result = await service.applyPaymentResult(order);
        if (!body && (request.headers.accept ?? '').includes('text/html'))
          return reply.redirect(
            `${CHECKOUT_PREFIX}/simulated-bank/${encodeURIComponent(payment.paymentId)}`,
            303,
          );
        return { paymentId: payment.paymentId, orderId: order.id, ...result };
      },
    );
  };
}
