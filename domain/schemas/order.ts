import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Nullable, Uuid } from './common';
import { LocaleCode } from './eshop';

/** Spec section 4. Moves between them: domain/ticket/paymentStates. */
export const PAYMENT_STATES = [
  'pending',
  'paid',
  'canceled',
  'timeout',
  'declined3D',
  'declinedAC',
  'error',
  'unknown',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PaymentStateSchema = Type.Union(PAYMENT_STATES.map((state) => Type.Literal(state)));

/** A payment state's colour in the console: paid green, waiting amber, every failure red. */
const PAYMENT_STATE_COLORS = {
  paid: 'success',
  pending: 'warning',
  unknown: 'warning',
  canceled: 'error',
  timeout: 'error',
  declined3D: 'error',
  declinedAC: 'error',
  error: 'error',
} as const satisfies Record<PaymentState, string>;

/** Where an order is in the checkout flow; each stage also has its timestamp. */
export const ORDER_STATES = [
  'created',
  'itemsCreated',
  'paymentRequested',
  'paymentSuccess',
  'paymentError',
  'numbersGenerated',
  'passesIssued',
  'emailSent',
  'delivered',
  'failed',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OrderStateSchema = Type.Union(ORDER_STATES.map((state) => Type.Literal(state)));

const Stage = () => Nullable(DateTime());

export const OrderSchema = Type.Object({
  ...EntityFields,
  eshopId: Uuid(),
  /** the e-shop's project */
  projectId: Uuid(),
  /** e-shop orderPrefix + year + serial, unique per e-shop */
  orderNumber: Type.String(),
  /** serial of the order within its e-shop and year */
  yearSerial: Type.Integer(),
  locale: LocaleCode,
  email: Type.String(),
  state: OrderStateSchema,
  paymentState: PaymentStateSchema,
  paymentMethod: Nullable(Type.String()),
  paymentServiceBaseUrl: Nullable(Type.String()),
  /** the gateway's id of the payment */
  paymentId: Nullable(Type.String()),
  /** the gateway that holds the payment (simulated, stripe, gopay) */
  paymentGateway: Nullable(Type.String()),
  /** the page the payment is made on, while it waits */
  paymentUrl: Nullable(Type.String()),
  /** discount of the payment method, a rate: 0.05 is 5 % */
  paymentMethodDiscount: Type.Number({ minimum: 0, maximum: 1 }),
  paymentCheckCount: Type.Integer({ minimum: 0 }),
  currency: Type.String(),
  totalWithoutVat: Type.Number(),
  totalWithVat: Type.Number(),
  itemsCreatedAt: Stage(),
  paymentRequestedAt: Stage(),
  paymentSuccessAt: Stage(),
  paymentErrorAt: Stage(),
  numberGenerationAt: Stage(),
  emailSentAt: Stage(),
  deliveredAt: Stage(),
  configId: Nullable(Type.String()),
  /** the buyer's company and VAT ID for the invoice, when the buyer gave them */
  buyerCompany: Nullable(Type.String()),
  buyerVatId: Nullable(Type.String()),
  /** when its payment arrived after the order timed out: money taken for an order that no longer sells */
  latePaymentAt: Nullable(DateTime()),
  /** the sum of its succeeded refunds */
  refundedAmount: Type.Number(),
  /** a late payment not given back yet: the "to refund" list (read-only, worked out from the two above) */
  toRefund: Type.Boolean(),
});
export type Order = Static<typeof OrderSchema>;

/** What the back office may change on an order: the customer's email (Edit tab) and its locale. */
export const OrderWriteSchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    locale: Type.Optional(LocaleCode),
  },
  { additionalProperties: false },
);
export type OrderWrite = Static<typeof OrderWriteSchema>;

export const orderResource = defineResource({
  name: 'order',
  api: 'ticket',
  route: 'ticket/ticketOrder',
  createSchema: OrderWriteSchema,
  updateSchema: OrderWriteSchema,
  project: 'projectId',
  access: {
    read: { anyOf: ['TICKET_ESHOP_READ'] },
    create: { nobody: 'Orders are created by the checkout of their e-shop.' },
    // correcting the customer's e-mail
    update: { anyOf: ['TICKET_ESHOP_READ'] },
    delete: { admin: true },
  },
  representation: 'orderNumber',
  menu: { group: 'ticket', icon: 'ReceiptLong' },
  schema: OrderSchema,
  filter: [
    'id',
    'eshopId',
    'projectId',
    'orderNumber',
    'yearSerial',
    'email',
    'state',
    'paymentState',
    'paymentMethod',
    'totalWithVat',
    'latePaymentAt',
    'toRefund',
    'createdAt',
    'updatedAt',
  ],
  sort: [
    'id',
    'eshopId',
    'orderNumber',
    'yearSerial',
    'email',
    'state',
    'paymentState',
    'paymentMethod',
    'totalWithoutVat',
    'totalWithVat',
    'createdAt',
    'updatedAt',
  ],
  references: { eshopId: 'eshop' },
  ui: {
    list: {
      columns: [
        'eshopId',
        'orderNumber',
        'yearSerial',
        { field: 'email', kind: 'email' },
        { field: 'totalWithoutVat', kind: 'money' },
        { field: 'totalWithVat', kind: 'money' },
        'createdAt',
        {
          field: 'paymentState',
          kind: 'chip',
          labels: 'app.ticket.paymentState',
          colors: PAYMENT_STATE_COLORS,
        },
        { field: 'paymentMethod', labels: 'app.ticket.paymentMethod' },
      ],
      filters: [
        'eshopId',
        { field: 'paymentState', labels: 'app.ticket.paymentState' },
        'orderNumber',
        'email',
        // late payments not given back: each one is refunded from its row in one call
        { field: 'toRefund', kind: 'boolean' },
      ],
    },
    tabs: [
      { key: 'items', label: 'app.ticket.tab.items', widget: 'orderItems' },
      {
        key: 'refunds',
        label: 'app.ticket.tab.refunds',
        widget: 'orderRefunds',
        readable: 'ticket/ticketRefund',
      },
      { key: 'edit', label: 'app.ticket.tab.edit', fields: [{ field: 'email', input: 'email' }] },
    ],
    actions: ['orderActions'],
    // a late payment's Refund shows on its row only (a paid order is refunded from its page)
    rowActions: ['rawView', 'refreshPaymentState', 'refundLatePayment'],
  },
});

/** Answer of POST /v1/order/{id}/updatePaymentState. */
export const PaymentStateAnswerSchema = Type.Object({
  id: Uuid(),
  orderNumber: Type.String(),
  previousPaymentState: PaymentStateSchema,
  paymentState: PaymentStateSchema,
  changed: Type.Boolean(),
  /** false: the gateway could not tell the payment's state, so the order kept the state it had */
  stateKnown: Type.Boolean(),
});
export type PaymentStateAnswer = Static<typeof PaymentStateAnswerSchema>;
