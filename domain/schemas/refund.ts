import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import type { RightsRule } from '../rights';
import { DateTime, EntityFields, MAX_MONEY, Nullable, Uuid } from './common';
import { OrderSchema } from './order';

/** Where a refund is: asked of the gateway (and asked again until it answers), done, or refused with its reason. */
export const REFUND_STATES = ['requested', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const RefundStateSchema = Type.Union(REFUND_STATES.map((state) => Type.Literal(state)));

/** A refund's colour in the console: done green, waiting amber, refused red. */
const REFUND_STATE_COLORS = { requested: 'warning', succeeded: 'success', failed: 'error' } as const;

/**
 * Who refunds and cancels orders (issue 27): TICKET_ACCOUNTING on the order's project, administrators always. The
 * server enforces it on POST /v1/order/{id}/refund and /cancel; the console shows Refund and Cancel order by it.
 */
export const REFUND_RULE: RightsRule = { anyOf: ['TICKET_ACCOUNTING'] };

/** The longest reason of a refund or a cancellation. */
export const MAX_REFUND_REASON = 500;

/** Money given back on an order, whole or in part, through the gateway that took it. */
export const RefundSchema = Type.Object({
  ...EntityFields,
  projectId: Uuid(),
  eshopId: Uuid(),
  orderId: Uuid(),
  /** the order's, kept with the refund */
  orderNumber: Type.String(),
  /** the items given back, their tickets voided; empty for a refund of an amount or of a late payment */
  itemIds: Type.Array(Uuid()),
  /** in the order's currency, in the API's price units */
  amount: Type.Number(),
  currency: Type.String(),
  reason: Type.String(),
  state: RefundStateSchema,
  /** the gateway's words when it refused */
  failureReason: Nullable(Type.String()),
  /** the gateway's id of the refund */
  gatewayRefundId: Nullable(Type.String()),
  /** the number of its credit note (a succeeded refund of a paid order): its own series per e-shop and year */
  creditNoteNumber: Nullable(Type.String()),
  /** when the gateway confirmed it: the refund's date in accounting and on the credit note */
  refundedAt: Nullable(DateTime()),
  /** when the customer's e-mail about it went out */
  emailSentAt: Nullable(DateTime()),
  /** who asked: a user's id, or the name of the part of the server that acted (as the audit trail names actors) */
  createdBy: Type.String(),
  createdByName: Type.String(),
});
export type Refund = Static<typeof RefundSchema>;

const NoWrites = Type.Object({}, { additionalProperties: false });
const MADE_BY_ACTION = 'Refunds are made by the order action POST /api/ticket/v1/order/{id}/refund.';

export const refundResource = defineResource({
  name: 'refund',
  api: 'ticket',
  route: 'ticket/ticketRefund',
  schema: RefundSchema,
  createSchema: NoWrites,
  updateSchema: NoWrites,
  project: 'projectId',
  access: {
    read: { anyOf: ['TICKET_ACCOUNTING', 'TICKET_ESHOP_READ'] },
    create: { nobody: MADE_BY_ACTION },
    update: { nobody: 'A refund changes only as its gateway answers.' },
    delete: { nobody: 'Refunds are money records: they stay.' },
  },
  representation: 'creditNoteNumber',
  menu: { group: 'ticket', icon: 'CurrencyExchange' },
  references: { orderId: 'order', eshopId: 'eshop' },
  filter: ['id', 'orderId', 'eshopId', 'orderNumber', 'state', 'creditNoteNumber', 'createdAt', 'refundedAt'],
  sort: ['id', 'orderNumber', 'amount', 'state', 'creditNoteNumber', 'createdAt', 'updatedAt', 'refundedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  ui: {
    list: {
      columns: [
        { field: 'orderNumber', link: 'orderId' },
        { field: 'amount', kind: 'money' },
        { field: 'state', kind: 'chip', colors: REFUND_STATE_COLORS },
        { field: 'reason', max: 80 },
        'createdAt',
        { field: 'creditNoteNumber', widget: 'creditNoteLink' },
        'createdByName',
      ],
      filters: [
        { field: 'state', alwaysOn: true },
        { field: 'orderNumber', kind: 'search' },
        'eshopId',
        'createdAt',
      ],
    },
    page: [
      { field: 'orderNumber', widget: 'refundOrderLink' },
      { field: 'amount', widget: 'refundAmount' },
      'state',
      { field: 'reason', input: 'multiline' },
      { field: 'failureReason', hiddenWhenEmpty: true },
      { field: 'creditNoteNumber', widget: 'creditNoteLink', hiddenWhenEmpty: true },
      { field: 'gatewayRefundId', hiddenWhenEmpty: true },
      'createdByName',
      'createdAt',
      { field: 'refundedAt', hiddenWhenEmpty: true },
      { field: 'emailSentAt', hiddenWhenEmpty: true },
    ],
    // a refund without a credit note (not done yet, or of a late payment) by its order
    representationElse: 'orderNumber',
  },
});

/** POST /api/ticket/v1/order/{id}/refund: the whole remaining order by default, or some of its items, or an amount. */
export const RefundRequestSchema = Type.Object(
  {
    /** in the API's price units, 2 decimals at most; at most what was paid and not yet refunded */
    amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_MONEY })),
    /** issued items of the order not refunded yet: their prices are refunded and their tickets voided */
    itemIds: Type.Optional(Type.Array(Uuid(), { minItems: 1, maxItems: 1000, uniqueItems: true })),
    reason: Type.String({ minLength: 1, maxLength: MAX_REFUND_REASON }),
  },
  { additionalProperties: false },
);
export type RefundRequest = Static<typeof RefundRequestSchema>;

/** POST /api/ticket/v1/order/{id}/cancel. */
export const CancelRequestSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MAX_REFUND_REASON }) },
  { additionalProperties: false },
);
export type CancelRequest = Static<typeof CancelRequestSchema>;

/** What a cancellation did: the payment closed (canceled), paid meanwhile at the gateway (fulfilled), or refunded. */
export const CANCEL_OUTCOMES = ['canceled', 'fulfilled', 'refunded'] as const;

export const CancelAnswerSchema = Type.Object({
  outcome: Type.Union(CANCEL_OUTCOMES.map((outcome) => Type.Literal(outcome))),
  /** what was done, in words */
  message: Type.String(),
  order: OrderSchema,
  /** the full refund of a paid order */
  refund: Nullable(RefundSchema),
});
export type CancelAnswer = Static<typeof CancelAnswerSchema>;
