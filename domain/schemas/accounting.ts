import { Type, type Static } from '@sinclair/typebox';
import { DateTime, PageNumber, Uuid } from './common';

/**
 * The accounting query (spec: /ticket/ticketAccounting): paid order items of a period, optionally of one e-shop.
 * Sent as `where` JSON: {"eshopId"?: uuid, "from": iso, "to": iso}; from inclusive, to exclusive.
 * A sale counts at the moment its payment succeeded.
 */
export const AccountingWhereSchema = Type.Object(
  {
    eshopId: Type.Optional(Uuid()),
    from: DateTime(),
    to: DateTime(),
  },
  { additionalProperties: false },
);
export type AccountingWhere = Static<typeof AccountingWhereSchema>;

export const AccountingQuerySchema = Type.Object({
  where: Type.String({ description: 'JSON: {"eshopId"?: uuid, "from": date-time, "to": date-time}' }),
  page: Type.Optional(PageNumber()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
  count: Type.Optional(Type.Boolean()),
});

/** Sales tab: per e-shop and product (type), items sold, their price and the price paid (CZK). */
export const SalesRowSchema = Type.Object({
  eshopId: Uuid(),
  /** the e-shop's name, for a viewer who may not read e-shops */
  eshopName: Type.String(),
  type: Type.String(),
  count: Type.Integer(),
  price: Type.Number(),
  discountedPrice: Type.Number(),
});
export type SalesRow = Static<typeof SalesRowSchema>;

/** Transactions tab: one row per paid item. code is the item number. */
export const TransactionRowSchema = Type.Object({
  eshopId: Uuid(),
  /** the e-shop's name, for a viewer who may not read e-shops */
  eshopName: Type.String(),
  timestamp: DateTime(),
  orderNumber: Type.String(),
  orderId: Uuid(),
  code: Type.String(),
  type: Type.String(),
  price: Type.Number(),
  discountPercentage: Type.Number(),
  discountAmount: Type.Number(),
  discountedPrice: Type.Number(),
});
export type TransactionRow = Static<typeof TransactionRowSchema>;

/**
 * A refund of the period (by the time its gateway confirmed it), money out: its amount negative. A late payment's
 * refund (paid after its order timed out: never a sale, no credit note) is marked so.
 */
export const RefundTransactionRowSchema = Type.Object({
  eshopId: Uuid(),
  /** the e-shop's name, for a viewer who may not read e-shops */
  eshopName: Type.String(),
  timestamp: DateTime(),
  orderNumber: Type.String(),
  orderId: Uuid(),
  /** empty for a late payment's refund */
  creditNoteNumber: Type.String(),
  reason: Type.String(),
  amount: Type.Number(),
  latePayment: Type.Boolean(),
});
export type RefundTransactionRow = Static<typeof RefundTransactionRowSchema>;

/** Per e-shop, the refunds of its sales in the period: how many, and the money out (negative). */
export const SalesRefundsSchema = Type.Object({
  eshopId: Uuid(),
  eshopName: Type.String(),
  count: Type.Integer(),
  amount: Type.Number(),
});
export type SalesRefunds = Static<typeof SalesRefundsSchema>;

export const SalesAnswerSchema = Type.Object({
  data: Type.Array(SalesRowSchema),
  totalCount: Type.Integer(),
  /** the sales' refunds of the period (late payments' aside, never sales): sales net of refunds are data + refunds */
  refunds: Type.Array(SalesRefundsSchema),
});
export const TransactionAnswerSchema = Type.Object({
  data: Type.Array(TransactionRowSchema),
  totalCount: Type.Union([Type.Integer(), Type.Null()]),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const RefundTransactionAnswerSchema = Type.Object({
  data: Type.Array(RefundTransactionRowSchema),
  totalCount: Type.Union([Type.Integer(), Type.Null()]),
  page: Type.Integer(),
  limit: Type.Integer(),
});

/** CSV export headers of the accounting tabs (Czech, as the spec asks); the e-shop by its name, not its id. */
export const SALES_CSV_HEADERS: Partial<Record<keyof SalesRow, string>> = {
  eshopName: 'E-shop',
  type: 'Typ',
  count: 'Počet',
  price: 'Cena (CZK)',
  discountedPrice: 'Cena po slevě (CZK)',
};
export const TRANSACTION_CSV_HEADERS: Partial<Record<keyof TransactionRow, string>> = {
  eshopName: 'E-shop',
  timestamp: 'Čas',
  orderNumber: 'Číslo objednávky',
  orderId: 'ID objednávky',
  code: 'Kód',
  type: 'Typ',
  price: 'Cena (CZK)',
  discountPercentage: 'Sleva (%)',
  discountAmount: 'Sleva (CZK)',
  discountedPrice: 'Cena po slevě (CZK)',
};
export const REFUND_CSV_HEADERS: Partial<Record<keyof RefundTransactionRow, string>> = {
  eshopName: 'E-shop',
  timestamp: 'Čas',
  orderNumber: 'Číslo objednávky',
  orderId: 'ID objednávky',
  creditNoteNumber: 'Opravný doklad',
  reason: 'Důvod',
  amount: 'Částka (CZK)',
  latePayment: 'Pozdní platba',
};
