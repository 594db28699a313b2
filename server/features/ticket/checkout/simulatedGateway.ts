import crypto from 'node:crypto';
import type { PaymentState } from '../../../../domain/schemas/order';
import { isFinalPaymentState } from '../../../../domain/ticket/paymentStates';
import type { Db } from '../../../kernel/db/database';
import type { OrderRow } from '../../../kernel/db/tables';
import { conflict, notFound } from '../../../kernel/http/errors';
import type { PaymentStatus } from '../paymentGateway';
import type {
  CheckoutGateway,
  PaymentRequest,
  RefundOutcome,
  RefundRequest,
} from '../gateways/checkoutGateway';
import { checkoutRepository } from './checkoutRepository';

/** Said wherever a customer meets a simulated payment (the bank's page, the order email), so nobody takes it for real. */
export const TEST_PAYMENT_NOTICE = 'TEST PAYMENT - no money was taken';

/** What a customer can do on the simulated bank's page. */
export const SIMULATED_OUTCOMES = ['paid', 'declined3D', 'declinedAC', 'timeout', 'canceled'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

export interface SimulatedPayment {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  state: PaymentState;
  /** closed by the checkout: the order was not paid in time */
  expired?: true;
}

/** Payments the bank keeps in memory; the oldest are dropped first (and read back from their orders when asked). */
const REMEMBERED_PAYMENTS = 10_000;

/**
 * A payment the bank no longer holds in memory (a restart, another instance, an old one), as its order stored it:
 * the order's payment state is the last the bank told. A payment the checkout closed stays closed.
 */
function paymentOfOrder(
  order: Pick<OrderRow, 'id' | 'paymentId' | 'orderNumber' | 'totalWithVat' | 'currency' | 'paymentState'>,
): SimulatedPayment {
  const state = order.paymentState as PaymentState;
  return {
    paymentId: order.paymentId as string,
    orderId: order.id,
    orderNumber: order.orderNumber,
    amount: Number(order.totalWithVat),
    currency: order.currency,
    state,
    ...(state === 'timeout' ? { expired: true as const } : {}),
  };
}

/**
 * A stand-in bank that runs in the server, for development, tests and benchmarks: a payment is a page with Pay,
 * Decline (3D), Decline (AC), Time out and Cancel buttons (server/features/ticket/checkout/routes.ts). It decides each
 * payment once; the checkout then asks it for the state, as it would ask a real gateway. Its memory is a cache:
 * a payment it does not hold (after a restart, on another instance) is read back from its order, so a pending
 * payment stays pending and can still be paid.
 *
 * @example const bank = createSimulatedGateway(`${publicUrl}/api/ticket/public/v1/simulated-bank`, db)
 */
export function createSimulatedGateway(pageBase: string, db: Db) {
  const payments = new Map<string, SimulatedPayment>();
  const remember = (payment: SimulatedPayment): SimulatedPayment => {
    // a Map iterates in insertion order: its first key is the oldest payment
    if (payments.size >= REMEMBERED_PAYMENTS) payments.delete(payments.keys().next().value as string);
    payments.set(payment.paymentId, payment);
    return payment;
  };
  /** The bank's payment of an order: held, else read back from the order; none when the order has no payment. */
  const paymentOf = (order: Parameters<typeof paymentOfOrder>[0]): SimulatedPayment | undefined => {
    if (!order.paymentId) return undefined;
    const held = payments.get(order.paymentId);
    if (!held) return remember(paymentOfOrder(order));
    if (held.orderId !== order.id) return undefined;
    // decided meanwhile through another instance: the order knows more than this instance's memory
    if (held.state === 'pending' && isFinalPaymentState(order.paymentState as PaymentState))
      return remember(paymentOfOrder(order));
    return held;
  };
  const find = async (paymentId: string): Promise<SimulatedPayment> => {
    const held = payments.get(paymentId);
    if (held) return held;
    const order = await checkoutRepository.findOrderByPaymentId(db, paymentId);
    if (!order) throw notFound('Payment');
    return remember(paymentOfOrder(order));
  };
  return {
    kind: 'simulated' as const,

    async createPayment(order: OrderRow): Promise<PaymentRequest> {
      const paymentId = crypto.randomBytes(18).toString('base64url');
      remember({
        paymentId,
        orderId: order.id,
        orderNumber: order.orderNumber,
        amount: Number(order.totalWithVat),
        currency: order.currency,
        state: 'pending',
      });
      return {
        paymentId,
        paymentUrl: `${pageBase}/${paymentId}`,
        paymentMethod: 'card',
        paymentServiceBaseUrl: pageBase,
      };
    },

    paymentUrl: (order: Pick<OrderRow, 'paymentId'>) =>
      order.paymentId ? `${pageBase}/${encodeURIComponent(order.paymentId)}` : undefined,

    /** The bank's word on the order's payment: 'unknown' when the order has no payment at this bank. */
    async status(order: OrderRow): Promise<PaymentStatus> {
      const payment = paymentOf(order);
      if (!payment) return { paymentState: 'unknown' };
      return { paymentState: payment.state, paymentMethod: 'card' };
    },

    /** A still pending payment is closed as timed out, and then refuses the customer's choice (409). */
    async expire(order: OrderRow): Promise<PaymentStatus> {
      const payment = paymentOf(order);
      if (!payment) return { paymentState: 'unknown' };
      if (payment.state === 'pending') {
        payment.state = 'timeout';
        payment.expired = true;
      }
      return { paymentState: payment.state, paymentMethod: 'card' };
    },

    /** A paid payment is refunded at once; no money moved, so none moves back. */
    async refund(order: OrderRow, _refund: RefundRequest): Promise<RefundOutcome> {
      const payment = paymentOf(order);
      if (payment?.state !== 'paid')
        return { state: 'failed', reason: 'The simulated bank holds no paid payment of this order.' };
      return {
        state: 'succeeded',
        gatewayRefundId: `simulated-${crypto.randomBytes(9).toString('base64url')}`,
      };
    },

    testConnection: async () => `${TEST_PAYMENT_NOTICE}: the simulated bank answers in the server.`,

    /** A payment of the bank; HttpError 404 when no order has a payment with the id. */
    payment: find,

    /**
     * The customer's choice on the page. Like a real bank's late reports, a second choice is recorded too: the
     * checkout's state machine is what refuses to move a decided order (409). A payment closed because its order
     * timed out takes no choice (409): no money moves for an order that no longer sells.
     */
    async decide(paymentId: string, outcome: SimulatedOutcome): Promise<SimulatedPayment> {
      const payment = await find(paymentId);
      if (payment.expired)
        throw conflict(
          `The payment of order ${payment.orderNumber} expired: the order was not paid in time. Please order again.`,
        );
      payment.state = outcome;
      return payment;
    },
  };
}
export type SimulatedGateway = ReturnType<typeof createSimulatedGateway> & CheckoutGateway;
