import type { PaymentState } from '../../../../../domain/schemas/order';

/** The fields of Stripe's Checkout Session (object `checkout.session`) the adapter reads. */
export interface StripeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** the payment's id once the customer paid (or the object when expanded) */
  payment_intent: string | { id: string } | null;
  url: string | null;
  /** Unix seconds when Stripe closes the session by itself */
  expires_at: number;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}

/** What the adapter knows of a session besides Stripe's answer. */
export interface SessionContext {
  /** the order's payment state here */
  orderState: PaymentState;
  /** this server closed the session because its order was not paid in time */
  closedByTimeout: boolean;
  now: Date;
}

/**
 * A Checkout Session's state as the order's payment state: open → pending; complete and paid (or nothing to pay)
 * → paid; complete and unpaid (a delayed method such as a bank debit still on its way) → pending; expired → timeout
 * when the order's timeout closed it or Stripe's own clock did (`expires_at` passed), else canceled (closed early
 * by someone else: the merchant in Stripe's dashboard).
 *
 * @example paymentStateOfSession({ status: 'complete', payment_status: 'paid', … }, context) === 'paid'
 */
export function paymentStateOfSession(session: StripeSession, context: SessionContext): PaymentState {
  switch (session.status) {
    case 'open':
      return 'pending';
    case 'complete':
      return session.payment_status === 'unpaid' ? 'pending' : 'paid';
    case 'expired': {
      const timedOut =
        context.orderState === 'timeout' ||
        context.closedByTimeout ||
        context.now.getTime() >= session.expires_at * 1000;
      return timedOut ? 'timeout' : 'canceled';
    }
    default:
      return 'unknown';
  }
}

/** The id of the session's payment (its PaymentIntent), once paid. */
export const paymentIntentOf = (session: StripeSession): string | undefined =>
  typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
