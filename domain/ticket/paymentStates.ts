import type { PaymentState } from '../schemas/order';

/** States a payment never leaves (spec section 4): a decided payment is history. */
export const FINAL_PAYMENT_STATES: readonly PaymentState[] = [
  'paid',
  'canceled',
  'timeout',
  'declined3D',
  'declinedAC',
  'error',
];

export function isFinalPaymentState(state: PaymentState): boolean {
  return FINAL_PAYMENT_STATES.includes(state);
}

/**
 * May a payment move from one state to another? pending goes to any other state; unknown (the gateway could not
 * tell) goes to a final state; final states never change. Staying in the same state is no move (false).
 *
 * @example canMovePayment('pending', 'paid') === true; canMovePayment('paid', 'canceled') === false
 */
export function canMovePayment(from: PaymentState, to: PaymentState): boolean {
  if (from === to) return false;
  if (from === 'pending') return true;
  if (from === 'unknown') return isFinalPaymentState(to);
  return false;
}

/** Labels the console shows (spec section 4). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  canceled: 'Canceled',
  timeout: 'Timeout',
  declined3D: 'Declined 3D',
  declinedAC: 'Declined AC',
  error: 'Error',
  unknown: 'Unknown',
  pending: 'Pending',
};

/**
 * Only a paid order has an invoice, tickets and an email to resend (spec sections 4 and 7): the back office, the
 * storefront's order page and the console ask the same.
 *
 * @example isPaid({ paymentState: 'paid' }) === true; isPaid(undefined) === false
 */
export const isPaid = (order?: { paymentState?: string } | null): boolean => order?.paymentState === 'paid';
