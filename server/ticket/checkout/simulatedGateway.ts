import crypto from 'node:crypto';
import type { PaymentState } from '../../../domain/schemas/order';
import type { OrderRow } from '../../db/tables';
import { conflict, notFound } from '../../http/errors';
import type { PaymentGateway, PaymentStatus } from '../paymentGateway';

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

/** Payments the bank remembers; the oldest are forgotten first (they then answer 'unknown', as after a restart). */
const REMEMBERED_PAYMENTS = 10_000;

/** The bank's part of a payment request: its id and the page the customer pays on. */
export interface PaymentRequest {
  paymentId: string;
  paymentUrl: string;
  paymentMethod: string;
  paymentServiceBaseUrl: string;
}

/** A gateway the checkout can pay through: asks for a payment, then tells its state (PaymentGateway). */
export interface CheckoutGateway extends PaymentGateway {
  readonly name: string;
  createPayment(order: OrderRow): Promise<PaymentRequest>;
}

/**
 * A stand-in bank that runs in the server, for development, tests and benchmarks: a payment is a page with Pay,
 * Decline (3D), Decline (AC), Time out and Cancel buttons (server/ticket/checkout/routes.ts). It decides each
 * payment once; the checkout then asks it for the state, as it would ask a real gateway. Payments live in memory:
 * after a restart, the bank knows none of the earlier ones and answers 'unknown' for them.
 *
 * @example const bank = createSimulatedGateway(`${publicUrl}/api/ticket/public/v1/simulated-bank`)
 */
export function createSimulatedGateway(pageBase: string) {
  const payments = new Map<string, SimulatedPayment>();
  const find = (paymentId: string): SimulatedPayment => {
    const payment = payments.get(paymentId);
    if (!payment) throw notFound('Payment');
    return payment;
  };
  return {
    name: 'simulated',

    async createPayment(order: OrderRow): Promise<PaymentRequest> {
      const paymentId = crypto.randomBytes(18).toString('base64url');
      // a Map iterates in insertion order: its first key is the oldest payment
      if (payments.size >= REMEMBERED_PAYMENTS) payments.delete(payments.keys().next().value as string);
      payments.set(paymentId, {
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

    /** The bank's word on the order's payment: 'unknown' when it has no such payment. */
    async status(order: Pick<OrderRow, 'id' | 'paymentId'>): Promise<PaymentStatus> {
      const payment = order.paymentId ? payments.get(order.paymentId) : undefined;
      if (!payment || payment.orderId !== order.id) return { paymentState: 'unknown' };
      return { paymentState: payment.state, paymentMethod: 'card' };
    },

    /** A still pending payment is closed as timed out, and then refuses the customer's choice (409). */
    async expire(order: Pick<OrderRow, 'id' | 'paymentId'>): Promise<PaymentStatus> {
      const payment = order.paymentId ? payments.get(order.paymentId) : undefined;
      if (!payment || payment.orderId !== order.id) return { paymentState: 'unknown' };
      if (payment.state === 'pending') {
        payment.state = 'timeout';
        payment.expired = true;
      }
      return { paymentState: payment.state, paymentMethod: 'card' };
    },

    /** A payment of the bank; HttpError 404 when it has none with the id. */
    payment: find,

    /**
     * The customer's choice on the page. Like a real bank's late reports, a second choice is recorded too: the
     * checkout's state machine is what refuses to move a decided order (409). A payment closed because its order
     * timed out takes no choice (409): no money moves for an order that no longer sells.
     */
    decide(paymentId: string, outcome: SimulatedOutcome): SimulatedPayment {
      const payment = find(paymentId);
      if (payment.expired)
        throw conflict(
          `The payment of order ${payment.orderNumber} expired: the order was not paid in time. Please order again.`,
        );
      payment.state = outcome;
      return payment;
    },

    /** Forgets every payment: tests of a restarted bank. */
    forget(paymentId: string): void {
      payments.delete(paymentId);
    },
  };
}
export type SimulatedGateway = ReturnType<typeof createSimulatedGateway>;
