import type { RefundTransactionRow, SalesRow, TransactionRow } from '../../../domain/schemas/accounting';
import type { Eshop } from '../../../domain/schemas/eshop';
import type { Order, PaymentState } from '../../../domain/schemas/order';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import type { Product } from '../../../domain/schemas/product';
import type { Refund, RefundRequest } from '../../../domain/schemas/refund';
import type { Template } from '../../../domain/schemas/template';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import { defaultEshop, defaultProduct } from '../../../domain/ticket/defaults';
import type { ConsoleDataProvider } from '../../../src/dataProviders/consoleDataProvider';
import { P1, aProject, memoryDataProvider } from '../harness';
import { T1, aTemplate } from '../passFixtures';

export const E1 = 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1';
export const PR1 = 'f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1';
export const O1 = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
export const I1 = 'd1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1';
export const R1 = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const STAMP = '2026-11-01T10:00:00.000Z';
const entity = { createdAt: STAMP, updatedAt: STAMP, deletedAt: null };

export const anEshop = (overrides: Partial<Eshop> = {}): Eshop => ({
  ...defaultEshop(P1),
  paymentGateway: { kind: 'simulated' },
  ...entity,
  id: E1,
  name: 'Zoo Praha',
  orderPrefix: '90',
  locales: ['cs', 'en'],
  ...overrides,
});

/** A template on the ticket contract: its QR carries the ticket's secret, its fields the holder and the product. */
export const aTicketTemplate = (overrides: Partial<Template> = {}): Template =>
  aTemplate({
    name: 'Ticket',
    jsonTemplate: {
      ...defaultJsonTemplate(),
      storeCard: undefined,
      eventTicket: {
        primaryFields: [{ key: 'product', label: 'Ticket', value: '#{productName}' }],
        secondaryFields: [{ key: 'holder', label: 'Holder', value: '#{holderName}' }],
      },
      barcodes: [{ format: 'PKBarcodeFormatQR', message: '#{ticketSecret}', messageEncoding: 'iso-8859-1' }],
    } as Template['jsonTemplate'],
    ...overrides,
  });

export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  ...defaultProduct({ id: E1, locales: ['cs', 'en'] }, 'cs'),
  templateIds: [T1],
  ...entity,
  id: PR1,
  projectId: P1,
  priceWithVat: 150,
  ...overrides,
});

export const anOrder = (paymentState: PaymentState = 'paid', overrides: Partial<Order> = {}): Order => ({
  ...entity,
  id: O1,
  eshopId: E1,
  projectId: P1,
  orderNumber: '902026000001',
  yearSerial: 1,
  locale: 'cs',
  email: 'jana@example.com',
  state: paymentState === 'paid' ? 'delivered' : 'paymentRequested',
  paymentState,
  paymentMethod: 'card',
  paymentServiceBaseUrl: null,
  paymentId: 'pay-1',
  paymentGateway: 'simulated',
  paymentUrl: null,
  paymentMethodDiscount: 0,
  paymentCheckCount: 0,
  currency: 'CZK',
  totalWithoutVat: 300,
  totalWithVat: 300,
  itemsCreatedAt: STAMP,
  paymentRequestedAt: STAMP,
  paymentSuccessAt: paymentState === 'paid' ? STAMP : null,
  paymentErrorAt: null,
  numberGenerationAt: null,
  emailSentAt: null,
  deliveredAt: null,
  configId: null,
  buyerCompany: null,
  buyerVatId: null,
  latePaymentAt: null,
  refundedAmount: 0,
  toRefund: false,
  ...overrides,
});

export const anOrderItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  ...entity,
  id: I1,
  orderId: O1,
  eshopId: E1,
  projectId: P1,
  productId: PR1,
  product: { name: 'Dětská', maxEntries: 3 },
  productTitle: 'Dětská',
  orderNumber: '902026000001',
  paymentState: 'paid',
  data: null,
  entryCount: 1,
  state: 'issued',
  validFrom: STAMP,
  validTo: '2026-12-01T10:00:00.000Z',
  itemNumber: 'A-0001',
  ticketSecret: 'Xq3vN8pL2mR7tK9wB4yZcA',
  projectSerial: 1,
  yearSerial: 7,
  monthSerial: 5,
  daySerial: 2,
  priceWithoutVat: 150,
  vat: 0,
  price: 150,
  discountPercentage: 0,
  discountAmount: 0,
  discountedPrice: 150,
  issued: true,
  numberRequestedAt: null,
  numberSuccessAt: null,
  numberErrorAt: null,
  passRequestedAt: null,
  passSuccessAt: null,
  passErrorAt: null,
  passInvalidationRequestedAt: null,
  passInvalidatedAt: null,
  manualChangeAt: null,
  used: true,
  firstEntry: null,
  lastEntry: null,
  configId: null,
  templateId: T1,
  passId: null,
  refundId: null,
  ...overrides,
});

/** A refund of the order O1, given back with its credit note. */
export const aRefund = (overrides: Partial<Refund> = {}): Refund => ({
  ...entity,
  id: R1,
  projectId: P1,
  eshopId: E1,
  orderId: O1,
  orderNumber: '902026000001',
  itemIds: [I1],
  amount: 150,
  currency: 'CZK',
  reason: 'Rain',
  state: 'succeeded',
  failureReason: null,
  gatewayRefundId: 'simulated-1',
  creditNoteNumber: 'D9026000001',
  refundedAt: STAMP,
  emailSentAt: STAMP,
  createdBy: 'u1',
  createdByName: 'Jana Accountant',
  ...overrides,
});

/** The in-memory console API with the ticket tables and the ticket calls (jest.fn, to assert them). */
export function ticketDataProvider(
  seed: {
    eshop?: Eshop[];
    product?: Product[];
    order?: Order[];
    orderItem?: OrderItem[];
    refund?: Refund[];
    sales?: SalesRow[];
    transactions?: TransactionRow[];
    refundTransactions?: RefundTransactionRow[];
    template?: Template[];
  } = {},
) {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.template = (seed.template ?? [aTicketTemplate()]).map((row) => ({ ...row }));
  data.tables.eshop = (seed.eshop ?? [anEshop()]).map((row) => ({ ...row }));
  data.tables.product = (seed.product ?? []).map((row) => ({ ...row }));
  data.tables.order = (seed.order ?? []).map((row) => ({ ...row }));
  data.tables.orderItem = (seed.orderItem ?? []).map((row) => ({ ...row }));
  data.tables.refund = (seed.refund ?? []).map((row) => ({ ...row }));
  const ticket = {
    sendOrderMail: jest.fn(async () => undefined),
    updatePaymentState: jest.fn(async (id: string) => {
      const order = data.tables.order.find((row) => row.id === id) as unknown as Order;
      return {
        id,
        orderNumber: order.orderNumber,
        previousPaymentState: order.paymentState,
        paymentState: order.paymentState,
        changed: false,
        stateKnown: true,
      };
    }),
    getInvoice: jest.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })),
    testPaymentGateway: jest.fn(async () => ({
      kind: 'stripe',
      ok: false,
      message: 'Stripe refused the secret key.',
    })),
    getCreditNote: jest.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })),
    refundOrder: jest.fn(async (orderId: string, body: RefundRequest) =>
      aRefund({
        id: 'a2a2a2a2-a2a2-4a2a-8a2a-a2a2a2a2a2a2',
        orderId,
        amount: body.amount ?? 150,
        reason: body.reason,
      }),
    ),
    cancelOrder: jest.fn(async (orderId: string) => ({
      outcome: 'canceled' as const,
      message: 'Order 902026000001 was canceled: its payment is closed.',
      order: {
        ...(data.tables.order.find((row) => row.id === orderId) as unknown as Order),
        paymentState: 'canceled' as const,
      },
      refund: null,
    })),
    getAccounting: jest.fn(
      async (kind: string) =>
        ({
          sale: seed.sales,
          transaction: seed.transactions,
          refundTransaction: seed.refundTransactions,
        })[kind] ?? [],
    ),
  };
  Object.assign(data.provider, ticket);
  return { ...data, ticket, dataProvider: data.provider as unknown as ConsoleDataProvider };
}
