import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, Int4, JsonObject, Nullable, Uuid } from './common';
import { PaymentStateSchema } from './order';

export const ORDER_ITEM_STATES = [
  'created',
  'numberRequested',
  'numbered',
  'passRequested',
  'issued',
  'invalidated',
  'failed',
] as const;
export type OrderItemState = (typeof ORDER_ITEM_STATES)[number];
export const OrderItemStateSchema = Type.Union(ORDER_ITEM_STATES.map((state) => Type.Literal(state)));

const Stage = () => Nullable(DateTime());
const Serial = () => Nullable(Type.Integer());

export const OrderItemSchema = Type.Object({
  ...EntityFields,
  orderId: Uuid(),
  eshopId: Uuid(),
  projectId: Uuid(),
  productId: Uuid(),
  /** the product as sold (a copy: later product edits do not change sold items) */
  product: Type.Object({ name: Type.String(), maxEntries: Type.Integer({ minimum: 1 }) }),
  /** the product's title in the order's language, as sold */
  productTitle: Nullable(Type.String()),
  /** the order's, read with the item */
  orderNumber: Type.String(),
  paymentState: PaymentStateSchema,
  /** the customer's answers for the item (name on the ticket, …) */
  data: Nullable(JsonObject),
  /** entries used so far, 0..product.maxEntries */
  entryCount: Type.Integer({ minimum: 0 }),
  state: OrderItemStateSchema,
  validFrom: Nullable(DateTime()),
  validTo: Nullable(DateTime()),
  /** the number on the ticket, from the number service */
  itemNumber: Nullable(Type.String()),
  /** the ticket's random code (128 bits, URL-safe) that its barcode carries and the gate checks */
  ticketSecret: Type.String(),
  projectSerial: Serial(),
  yearSerial: Serial(),
  monthSerial: Serial(),
  daySerial: Serial(),
  /** prices as sold: price with VAT, discount (percent, 0..100, and amount) and the price paid */
  priceWithoutVat: Type.Number(),
  vat: Type.Number(),
  price: Type.Number(),
  discountPercentage: Type.Number(),
  discountAmount: Type.Number(),
  discountedPrice: Type.Number(),
  issued: Type.Boolean(),
  numberRequestedAt: Stage(),
  numberSuccessAt: Stage(),
  numberErrorAt: Stage(),
  passRequestedAt: Stage(),
  passSuccessAt: Stage(),
  passErrorAt: Stage(),
  passInvalidationRequestedAt: Stage(),
  passInvalidatedAt: Stage(),
  /** last change of entryCount by a person */
  manualChangeAt: Stage(),
  used: Type.Boolean(),
  firstEntry: Stage(),
  lastEntry: Stage(),
  configId: Nullable(Type.String()),
  templateId: Nullable(Uuid()),
  passId: Nullable(Uuid()),
  /** the refund that gave the item back, its ticket voided (an item is refunded once) */
  refundId: Nullable(Uuid()),
});
export type OrderItem = Static<typeof OrderItemSchema>;

/** The back office changes only the used entry count (limited to 0..product.maxEntries by the server). */
export const OrderItemWriteSchema = Type.Object(
  { entryCount: Int4({ minimum: 0 }) },
  { additionalProperties: false },
);
export type OrderItemWrite = Static<typeof OrderItemWriteSchema>;

export const orderItemResource = defineResource({
  name: 'orderItem',
  api: 'ticket',
  route: 'ticket/ticketOrderItem',
  createSchema: OrderItemWriteSchema,
  updateSchema: OrderItemWriteSchema,
  project: 'projectId',
  access: {
    read: { anyOf: ['TICKET_ESHOP_READ', 'TICKET_ENTRY'] },
    create: { nobody: 'Order items are created by the checkout of their e-shop.' },
    // the entry count, changed by the gate staff
    update: { anyOf: ['TICKET_ENTRY'] },
    delete: { admin: true },
  },
  representation: 'itemNumber',
  menu: { group: 'ticket', icon: 'ConfirmationNumberOutlined' },
  schema: OrderItemSchema,
  filter: [
    'id',
    'orderId',
    'eshopId',
    'projectId',
    'productId',
    'orderNumber',
    'paymentState',
    'itemNumber',
    'state',
    'entryCount',
    'validFrom',
    'validTo',
    'yearSerial',
    'monthSerial',
    'daySerial',
    'passId',
    'createdAt',
    'updatedAt',
  ],
  sort: [
    'id',
    'orderId',
    'eshopId',
    'itemNumber',
    'entryCount',
    'validFrom',
    'validTo',
    'yearSerial',
    'monthSerial',
    'daySerial',
    'createdAt',
    'updatedAt',
  ],
  references: { orderId: 'order', eshopId: 'eshop', productId: 'product' },
  ui: {
    list: {
      columns: [
        { field: 'entryCount', widget: 'entriesUsed' },
        'itemNumber',
        'eshopId',
        { field: 'orderNumber', link: 'orderId' },
        'product.name',
        'createdAt',
        'validFrom',
        'validTo',
        'daySerial',
        'monthSerial',
        'yearSerial',
      ],
      filters: [
        'itemNumber',
        { field: 'orderNumber', kind: 'search' },
        'eshopId',
        { field: 'paymentState', labels: 'app.ticket.paymentState' },
      ],
    },
    tabs: [
      { key: 'edit', label: 'app.ticket.tab.edit', fields: [{ field: 'entryCount', widget: 'entryCount' }] },
      {
        key: 'entries',
        label: 'app.ticket.tab.entries',
        widget: 'itemEntries',
        readable: 'ticket/ticketEntry',
      },
      { key: 'raw', label: 'app.ticket.tab.raw', widget: 'rawRecord' },
    ],
    rowActions: ['rawView', 'passLink'],
  },
});
