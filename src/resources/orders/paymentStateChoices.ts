import { PAYMENT_STATES, type PaymentState } from '../../../domain/schemas/order';

/** Payment states with their display names (spec section 4), as choices of a filter. */
export const paymentStateChoices = PAYMENT_STATES.map((state) => ({
  id: state,
  name: `app.ticket.paymentState.${state}`,
}));

/** Only a paid order has an invoice and an email to resend. */
export const isPaid = (order?: { paymentState?: PaymentState } | null) => order?.paymentState === 'paid';
