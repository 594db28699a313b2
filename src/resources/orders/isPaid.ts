import type { PaymentState } from '../../../domain/schemas/order';

/** Only a paid order has an invoice and an email to resend. */
export const isPaid = (order?: { paymentState?: PaymentState } | null) => order?.paymentState === 'paid';
