import type { PaymentState } from '../../../../../domain/schemas/order';
import type { OrderRow } from '../../../../kernel/db/tables';
import { minorUnits, type PaymentLinks } from '../checkoutGateway';

/**
 * GoPay's payment states as the order's payment states. AUTHORIZED waits: the checkout never asks for a
 * pre-authorisation, so one is not money taken. REFUNDED and PARTIALLY_REFUNDED were paid: refunds are recorded
 * on our side, and the order stays paid.
 */
const STATES: Record<string, PaymentState> = {
  CREATED: 'pending',
  PAYMENT_METHOD_CHOSEN: 'pending',
  AUTHORIZED: 'pending',
  PAID: 'paid',
  CANCELED: 'canceled',
  TIMEOUTED: 'timeout',
  REFUNDED: 'paid',
  PARTIALLY_REFUNDED: 'paid',
};

/** The order's payment state of GoPay's state; unknown for one GoPay did not document. */
export const paymentStateOf = (gopayState: unknown): PaymentState =>
  (typeof gopayState === 'string' && STATES[gopayState]) || 'unknown';

/** GoPay's payment instruments as the order's payment method; others are told in lower case. */
const METHODS: Record<string, string> = {
  PAYMENT_CARD: 'card',
  BANK_ACCOUNT: 'bank transfer',
};

/** The payment method of GoPay's `payment_instrument`; null until the customer chose one. */
export const paymentMethodOf = (instrument: unknown): string | null =>
  typeof instrument === 'string' && instrument
    ? (METHODS[instrument] ?? instrument.toLowerCase().replace(/_/g, ' '))
    : null;

/** The languages of GoPay's payment page; another locale's customer reads it in English. */
const LANGUAGES = [
  'CS',
  'EN',
  'SK',
  'DE',
  'RU',
  'PL',
  'HU',
  'FR',
  'RO',
  'BG',
  'HR',
  'IT',
  'ES',
  'UK',
  'ET',
  'LT',
  'LV',
  'SL',
  'PT',
];

/** GoPay's `lang` of the order's locale ('cs', 'en-GB' …). */
export function gopayLanguage(locale: string): string {
  const language = locale.slice(0, 2).toUpperCase();
  return LANGUAGES.includes(language) ? language : 'EN';
}

/**
 * The body of `POST /payments/payment` for the order: the whole order as one item, its amount in minor units,
 * the customer sent back to the order's page and GoPay's notification to the e-shop's address.
 *
 * @example await api.call('POST', '/payments/payment', { json: paymentBody(order, links, goid) })
 */
export function paymentBody(order: OrderRow, links: PaymentLinks, goid: string) {
  const amount = minorUnits(Number(order.totalWithVat));
  const description = `Order ${order.orderNumber}`;
  return {
    payer: { contact: { email: order.email } },
    target: { type: 'ACCOUNT', goid: Number(goid) },
    amount,
    currency: order.currency,
    order_number: order.orderNumber,
    order_description: description,
    items: [{ type: 'ITEM', name: description, amount, count: 1 }],
    callback: { return_url: links.returnUrl, notification_url: links.notifyUrl },
    lang: gopayLanguage(order.locale),
    additional_params: [{ name: 'orderId', value: order.id }],
  };
}
