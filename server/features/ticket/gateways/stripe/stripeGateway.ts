import type { PaymentState } from '../../../../../domain/schemas/order';
import type { OrderRow } from '../../../../kernel/db/tables';
import type { PaymentStatus } from '../../paymentGateway';
import {
  GatewayError,
  type CheckoutGateway,
  type PaymentLinks,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from '../checkoutGateway';
import type { OpenedGatewaySettings } from '../gatewaySettings';
import { stripeAmount } from './stripeAmounts';
import { StripeApiError, stripeClient } from './stripeClient';
import { paymentIntentOf, paymentStateOfSession, type StripeSession } from './stripeSession';
import { refusalOfSignature } from './stripeSignature';

/** Stripe's API; its test mode is on the same host (a sk_test_ key picks it). */
export const STRIPE_API_BASE = 'https://api.stripe.com';

/** A session lives Stripe's shortest allowed time (30 min) and a minute for clocks; the order's timeout closes it earlier when shorter. */
const SESSION_LIFETIME_SECONDS = 31 * 60;

/** Sessions this adapter closed as timed out, remembered so that their `expired` event reads as a timeout. */
const REMEMBERED_CLOSINGS = 10_000;

/** What the adapter is given besides its settings (the router's GatewayDependencies). */
export interface StripeDependencies {
  fetch: typeof fetch;
  timeoutMs: number;
}

interface StripeRefund {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string | null;
}

/** The Stripe adapter, which also checks the signature of its e-shop's webhooks. */
export interface StripeGateway extends CheckoutGateway {
  readonly kind: 'stripe';
  /** Why a webhook is refused (no, a forged or a stale signature), or undefined when Stripe sent it. */
  refusalOfWebhook(rawBody: Buffer, signature: string | string[] | undefined, now?: Date): string | undefined;
}

export const isStripeGateway = (gateway: CheckoutGateway): gateway is StripeGateway =>
  gateway.kind === 'stripe' && 'refusalOfWebhook' in gateway;

/**
 * Payments through Stripe Checkout: a Checkout Session per order, whose hosted page the customer pays on; its state
 * is always read back from Stripe (the webhook only says when to ask). Refunds go to the session's PaymentIntent.
 *
 * @example const stripe = createStripeGateway({ kind: 'stripe', secretKey, webhookSecret }, { fetch, timeoutMs: 15_000 })
 */
export function createStripeGateway(
  settings: OpenedGatewaySettings,
  deps: StripeDependencies,
): StripeGateway {
  const apiBase = settings.apiBase ?? STRIPE_API_BASE;
  const { secretKey, webhookSecret } = settings;
  if (!secretKey || !webhookSecret)
    throw new GatewayError(
      "The e-shop's Stripe settings lack the secret key or the webhook signing secret.",
      false,
    );
  const stripe = stripeClient({ secretKey, apiBase, fetch: deps.fetch, timeoutMs: deps.timeoutMs });
  const closedByTimeout = new Set<string>();

  const sessionOf = (sessionId: string) =>
    stripe.call<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);

  const stateOf = (order: OrderRow, session: StripeSession): PaymentStatus => ({
    paymentState: paymentStateOfSession(session, {
      orderState: order.paymentState as PaymentState,
      closedByTimeout: closedByTimeout.has(session.id),
      now: new Date(),
    }),
    paymentMethod: 'card',
  });

  /** The order's session as Stripe holds it; none when the order has none or Stripe does not know it (404). */
  async function sessionOfOrder(order: OrderRow): Promise<StripeSession | undefined> {
    if (!order.paymentId) return undefined;
    try {
      return await sessionOf(order.paymentId);
    } catch (error) {
      if (error instanceof StripeApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** The session read back: a session Stripe does not know answers unknown (the order keeps its state). */
  const status = async (order: OrderRow): Promise<PaymentStatus> => {
    const session = await sessionOfOrder(order);
    return session ? stateOf(order, session) : { paymentState: 'unknown' };
  };

  return {
    kind: 'stripe',

    async createPayment(order: OrderRow, links: PaymentLinks): Promise<PaymentRequest> {
      const currency = order.currency.toLowerCase();
      const session = await stripe.call<StripeSession>('POST', '/v1/checkout/sessions', {
        idempotencyKey: order.id,
        form: {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: stripeAmount(Number(order.totalWithVat), currency),
                product_data: { name: `Order ${order.orderNumber}` },
              },
            },
          ],
          client_reference_id: order.id,
          metadata: { orderId: order.id, eshopId: order.eshopId, orderNumber: order.orderNumber },
          payment_intent_data: { metadata: { orderId: order.id, eshopId: order.eshopId } },
          customer_email: order.email,
          success_url: links.returnUrl,
          cancel_url: links.returnUrl,
          expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
        },
      });
      if (!session.url)
        throw new GatewayError('Stripe made a Checkout Session without its payment page.', false);
      return {
        paymentId: session.id,
        paymentUrl: session.url,
        paymentMethod: 'card',
        paymentServiceBaseUrl: apiBase,
      };
    },

    status,

    /** Closes an open session (timeout); one the customer finished first answers its state (paid: fulfilled). */
    async expire(order: OrderRow): Promise<PaymentStatus> {
      if (!order.paymentId) return { paymentState: 'unknown' };
      const path = `/v1/checkout/sessions/${encodeURIComponent(order.paymentId)}/expire`;
      if (closedByTimeout.size >= REMEMBERED_CLOSINGS) closedByTimeout.clear();
      closedByTimeout.add(order.paymentId);
      try {
        return stateOf(order, await stripe.call<StripeSession>('POST', path, { idempotencyKey: path }));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        // a session Stripe does not know: nothing to close, the order times out here
        if (error.status === 404) return { paymentState: 'unknown' };
        // 400: the session is no longer open (paid, or expired already): its state says which
        if (error.status !== 400) throw error;
      }
      return status(order);
    },

    async refund(order: OrderRow, refund: RefundRequest): Promise<RefundOutcome> {
      const session = await sessionOfOrder(order);
      const paymentIntent = session && paymentIntentOf(session);
      if (!paymentIntent)
        return { state: 'failed', reason: `Stripe holds no payment of order ${order.orderNumber}.` };
      let answer: StripeRefund;
      try {
        answer = await stripe.call<StripeRefund>('POST', '/v1/refunds', {
          idempotencyKey: refund.refundId,
          form: {
            payment_intent: paymentIntent,
            amount: stripeAmount(refund.amount, order.currency),
            metadata: { refundId: refund.refundId, orderId: order.id },
          },
        });
      } catch (error) {
        // refused (above what is left to refund, refunded already): Stripe's reason is the refund's
        if (error instanceof StripeApiError && (error.status === 400 || error.status === 402))
          return { state: 'failed', reason: error.stripeMessage || error.message };
        throw error;
      }
      if (answer.status === 'succeeded') return { state: 'succeeded', gatewayRefundId: answer.id };
      if (answer.status === 'failed' || answer.status === 'canceled')
        return {
          state: 'failed',
          gatewayRefundId: answer.id,
          reason:
            answer.failure_reason ??
            `Stripe ${answer.status === 'canceled' ? 'canceled' : 'failed'} the refund.`,
        };
      return { state: 'requested', gatewayRefundId: answer.id };
    },

    async testConnection(): Promise<string> {
      const balance = await stripe.call<{ livemode?: boolean }>('GET', '/v1/balance');
      const mode = balance.livemode ? 'live' : 'test';
      // the e-shop's test flag and the key disagree: a live key in a shop set to test, or the other way
      const disagreeing = settings.test !== undefined && settings.test === balance.livemode;
      const advice = disagreeing
        ? ` The e-shop is set to ${settings.test ? 'test' : 'live'} mode: check the key or the setting.`
        : '';
      return `Stripe accepted the key (${mode} mode).${advice}`;
    },

    refusalOfWebhook: (rawBody, signature, now = new Date()) =>
      refusalOfSignature(rawBody, signature, webhookSecret, now),
  };
}
