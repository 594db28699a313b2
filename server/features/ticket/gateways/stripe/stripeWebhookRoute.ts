import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorSchema } from '../../../../../domain/schemas/common';
import type { PaymentState } from '../../../../../domain/schemas/order';
import { isUuid } from '../../../../../domain/where';
import type { Db } from '../../../../kernel/db/database';
import type { EshopRow, OrderRow } from '../../../../kernel/db/tables';
import { HttpError, badRequest } from '../../../../kernel/http/errors';
import { EshopParamsSchema } from '../../checkout/checkoutSchemas';
import { orderRepository } from '../../orderRepository';
import { GatewayError, type CheckoutGateway } from '../checkoutGateway';
import { storedSettingsOf } from '../gatewaySettings';
import { isStripeGateway } from './stripeGateway';
import { stripeEventRepository } from './stripeEventRepository';

/** Stripe's events are a few kilobytes; the limit leaves room and no more. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The events to select for the endpoint in Stripe's dashboard: each says "ask about this session now". */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

export interface StripeWebhookDependencies {
  db: Db;
  /** the live e-shop of an id */
  liveEshop: (id: string) => Promise<EshopRow | undefined>;
  /** the e-shop's gateway, made from its settings */
  gatewayOf: (eshop: EshopRow) => CheckoutGateway;
  /** asks the order's gateway and applies a legal move (409 for an illegal one), as the customer's return does */
  applyPaymentResult: (order: OrderRow) => Promise<{ paymentState: PaymentState; changed: boolean }>;
}

/** What the webhook did with an event, answered to Stripe (and read by tests and people tracing a delivery). */
const WebhookAnswerSchema = Type.Object({
  received: Type.Literal(true),
  result: Type.Union(
    [
      Type.Literal('applied'),
      Type.Literal('replayed'),
      Type.Literal('ignored'),
      Type.Literal('unknownPayment'),
      Type.Literal('refusedMove'),
    ],
    {
      description:
        "applied: the session's state was read from Stripe and applied; replayed: the event was heard before; " +
        'ignored: an event the checkout does not act on; unknownPayment: no order of the e-shop holds the session; ' +
        'refusedMove: the order refused the state (paid after its timeout: logged as one to refund)',
    },
  ),
  paymentState: Type.Optional(Type.String()),
});

interface StripeEvent {
  id: string;
  type: string;
  session: { id: string; orderId: unknown };
}

/** The event's parts the webhook reads; a body that is no Stripe event is a 400. */
function eventOf(rawBody: Buffer): StripeEvent {
  let event: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  try {
    event = JSON.parse(rawBody.toString('utf8')) as typeof event;
  } catch {
    throw badRequest('The body is not a Stripe event: it is not JSON.');
  }
  const object = event?.data?.object;
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof object !== 'object' ||
    !object
  )
    throw badRequest('The body is not a Stripe event: it has no id, type or data.object.');
  const metadata = object.metadata as Record<string, unknown> | null | undefined;
  return {
    id: event.id,
    type: event.type,
    session: { id: String(object.id ?? ''), orderId: metadata?.orderId ?? object.client_reference_id },
  };
}

/** The e-shop's Stripe adapter; 404 for an e-shop unknown or not on Stripe. */
async function stripeOfEshop(deps: StripeWebhookDependencies, eshopId: string) {
  const eshop = await deps.liveEshop(eshopId);
  if (!eshop || storedSettingsOf(eshop).kind !== 'stripe')
    throw new HttpError(404, {
      en: 'This e-shop does not take payments through Stripe.',
      cs: 'Tento e-shop nepřijímá platby přes Stripe.',
    });
  let gateway: CheckoutGateway;
  try {
    gateway = deps.gatewayOf(eshop);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // the settings do not open: the signature cannot be checked now; Stripe retries while someone mends them
    throw new HttpError(503, error.message, undefined, { 'retry-after': '300' });
  }
  if (!isStripeGateway(gateway))
    throw new HttpError(404, 'This e-shop does not take payments through Stripe.');
  return { eshop, gateway };
}

const aboutEvent = (event: StripeEvent) => ({
  eventId: event.id,
  eventType: event.type,
  sessionId: event.session.id,
});

/**
 * Asks Stripe about the event's session and applies its state to the order that holds it. Nothing to act on (no
 * order of the e-shop holds the session) or a move the order refuses (paid after its timeout) is logged and done
 * with: Stripe would only send it again.
 */
async function actOn(
  deps: StripeWebhookDependencies,
  eshop: EshopRow,
  event: StripeEvent,
  log: FastifyBaseLogger,
): Promise<Omit<Static<typeof WebhookAnswerSchema>, 'received'>> {
  const { orderId } = event.session;
  const order =
    typeof orderId === 'string' && isUuid(orderId)
      ? await orderRepository.findLive(deps.db, orderId)
      : undefined;
  if (!order || order.eshopId !== eshop.id || order.paymentId !== event.session.id) {
    log.warn(
      aboutEvent(event),
      `stripe webhook: no order of e-shop ${eshop.id} holds this Checkout Session; nothing done`,
    );
    return { result: 'unknownPayment' };
  }
  try {
    const { paymentState } = await deps.applyPaymentResult(order);
    return { result: 'applied', paymentState };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    log.warn({ ...aboutEvent(event), orderNumber: order.orderNumber }, `stripe webhook: ${error.message}`);
    return { result: 'refusedMove' };
  }
}

/**
 * Stripe's webhook of an e-shop (`POST …/eshop/{eshopId}/gateway/stripe`), in a plugin of its own that keeps the
 * raw body (the signature is of its bytes). A signed, fresh event about a Checkout Session is heard once (replays and
 * retries answer 200 and do nothing): its order is found (the e-shop's, with that session) and its payment asked of
 * Stripe and applied; the state is never taken from the event. Stripe gets 200 for whatever it should not send
 * again (an unknown session, a move the order refuses, another type of event), 400 for a forged, unsigned or stale
 * request, 503 while Stripe cannot be asked back (it retries).
 *
 * @example await app.register(stripeWebhookRoute({ db, liveEshop, gatewayOf: gateways.forEshop, applyPaymentResult }))
 */
export function stripeWebhookRoute(deps: StripeWebhookDependencies) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    const raw = { parseAs: 'buffer' as const, bodyLimit: WEBHOOK_BODY_LIMIT };
    const keep = (
      _request: FastifyRequest,
      body: Buffer | string,
      done: (error: null, body: Buffer) => void,
    ) => done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
    app.addContentTypeParser('application/json', raw, keep);
    // any other type, or none, is read too: its signature is what refuses it
    app.addContentTypeParser('*', raw, keep);

    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/eshop/:eshopId/gateway/stripe',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // Stripe sends from a few addresses for every shop; a per-address limit would hold back its events,
        // and each request is checked against the e-shop's signing secret before anything is read
        config: { rateLimit: false },
        schema: {
          operationId: 'receiveStripeEvent',
          summary: "Receive Stripe's webhook events",
          tags: ['checkout'],
          security: [],
          description:
            "Stripe's webhook endpoint of an e-shop (give Stripe this address with the events " +
            `${STRIPE_WEBHOOK_EVENTS.join(', ')}). Signed with the endpoint's signing secret ` +
            '(Stripe-Signature, 300 s tolerance); each event is acted on once, by reading its Checkout Session back ' +
            'from Stripe. 400 for a forged, unsigned or stale request, 404 for an e-shop not on Stripe.',
          params: EshopParamsSchema,
          response: { 200: WebhookAnswerSchema, 400: ErrorSchema, 404: ErrorSchema, 503: ErrorSchema },
        },
      },
      async (request) => {
        const { eshop, gateway } = await stripeOfEshop(deps, request.params.eshopId);
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const refusal = gateway.refusalOfWebhook(rawBody, request.headers['stripe-signature']);
        if (refusal) throw badRequest(refusal);
        const event = eventOf(rawBody);
        if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type))
          return { received: true as const, result: 'ignored' as const };
        if (!(await stripeEventRepository.heardFirst(deps.db, event.id))) {
          request.log.info(aboutEvent(event), 'stripe webhook: an event heard before; nothing done');
          return { received: true as const, result: 'replayed' as const };
        }
        try {
          return { received: true as const, ...(await actOn(deps, eshop, event, request.log)) };
        } catch (error) {
          // not acted on: Stripe's next delivery of the event acts
          await stripeEventRepository.forget(deps.db, event.id);
          if (!(error instanceof GatewayError)) throw error;
          const message = `Stripe could not be asked about the payment now: ${error.message}`;
          throw new HttpError(503, message, undefined, { 'retry-after': '60' });
        }
      },
    );
  };
}
