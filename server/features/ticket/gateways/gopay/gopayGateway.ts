import type { OrderRow } from '../../../../kernel/db/tables';
import type { PaymentStatus } from '../../paymentGateway';
import {
  GatewayError,
  minorUnits,
  type CheckoutGateway,
  type PaymentLinks,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from '../checkoutGateway';
import type { OpenedGatewaySettings } from '../gatewaySettings';
import { GOPAY_PRODUCTION_API, GOPAY_SANDBOX_API, createGopayApi, type GopayDependencies } from './gopayApi';
import { gopayFailure, gopayReasons } from './gopayErrors';
import { paymentBody, paymentMethodOf, paymentStateOf } from './gopayPayments';

/** GoPay's results of a refund: done, accepted and done later, refused. */
const REFUND_STATES: Record<string, RefundOutcome['state']> = {
  FINISHED: 'succeeded',
  ACCEPTED: 'requested',
  FAILED: 'failed',
};

const paymentPath = (order: OrderRow) => `/payments/payment/${encodeURIComponent(order.paymentId ?? '')}`;

/**
 * The GoPay adapter of one e-shop's settings (GoID, client id and secret; `test` for GoPay's sandbox, `apiBase`
 * for a stand-in): a payment per order on GoPay's page, its state read back from GoPay (its notifications are
 * unsigned, so they only tell when to ask), and refunds. It has no `expire`: GoPay times a created payment out
 * on its own, and a payment made at GoPay after our order timed out is a late payment to refund.
 * GoPay takes no idempotency key for a refund: a refund asked twice is refunded twice if GoPay allows the sum.
 *
 * @example GATEWAY_FACTORIES.gopay = createGopayGateway
 */
export function createGopayGateway(
  settings: OpenedGatewaySettings,
  deps: GopayDependencies,
): CheckoutGateway {
  const test = settings.test === true;
  const apiBase = (settings.apiBase ?? (test ? GOPAY_SANDBOX_API : GOPAY_PRODUCTION_API)).replace(/\/+$/, '');
  const goid = settings.goid ?? '';
  const api = createGopayApi(
    { apiBase, clientId: settings.clientId ?? '', clientSecret: settings.clientSecret ?? '' },
    deps,
  );

  return {
    kind: 'gopay',

    async createPayment(order: OrderRow, links: PaymentLinks): Promise<PaymentRequest> {
      const { status, body } = await api.call('POST', '/payments/payment', {
        json: paymentBody(order, links, goid),
      });
      if (status !== 200)
        throw gopayFailure(`GoPay refused the payment of order ${order.orderNumber}`, status, body);
      const id = body?.id;
      if ((typeof id !== 'number' && typeof id !== 'string') || typeof body?.gw_url !== 'string')
        throw new GatewayError(
          `GoPay's answer to the payment of order ${order.orderNumber} has no id or page.`,
        );
      return {
        paymentId: String(id),
        paymentUrl: body.gw_url,
        paymentMethod: paymentMethodOf(body.payment_instrument),
        paymentServiceBaseUrl: apiBase,
      };
    },

    /** GoPay's state of the order's payment; unknown when GoPay does not know it. */
    async status(order: OrderRow): Promise<PaymentStatus> {
      if (!order.paymentId) return { paymentState: 'unknown' };
      const { status, body } = await api.call('GET', paymentPath(order));
      if (status === 404) return { paymentState: 'unknown' };
      if (status !== 200)
        throw gopayFailure(`GoPay did not tell the payment of order ${order.orderNumber}`, status, body);
      return {
        paymentState: paymentStateOf(body?.state),
        paymentMethod: paymentMethodOf(body?.payment_instrument),
      };
    },

    /** Refunds part or all of the paid payment; GoPay's refusal (above what is left, not paid) is a failed refund. */
    async refund(order: OrderRow, refund: RefundRequest): Promise<RefundOutcome> {
      if (!order.paymentId) return { state: 'failed', reason: 'The order has no GoPay payment.' };
      const { status, body } = await api.call('POST', `${paymentPath(order)}/refund`, {
        form: { amount: String(minorUnits(refund.amount)) },
      });
      if (status >= 500 || status === 429)
        throw gopayFailure(`GoPay did not refund order ${order.orderNumber}`, status, body);
      const gatewayRefundId = body?.id !== undefined ? String(body.id) : null;
      const state = status === 200 ? REFUND_STATES[String(body?.result)] : 'failed';
      if (!state)
        throw new GatewayError(`GoPay answered the refund of order ${order.orderNumber} with no result.`);
      if (state !== 'failed') return { state, gatewayRefundId };
      return {
        state,
        gatewayRefundId,
        reason: gopayReasons(body) ?? `GoPay refused the refund (HTTP ${status}).`,
      };
    },

    async testConnection(): Promise<string> {
      await api.accessToken();
      return `GoPay accepted the client (GoID ${goid}, ${test ? 'sandbox' : 'production'}).`;
    },
  };
}
