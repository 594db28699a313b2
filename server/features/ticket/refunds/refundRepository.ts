import { sql } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { OrderItemRow, OrderRow, PassRow, RefundRow, RefundState } from '../../../kernel/db/tables';
import { takeQuery } from '../checkout/checkoutRepository';

/** What a new refund is given; the rest is its defaults (requested, no gateway word yet). */
export interface NewRefund {
  projectId: string;
  eshopId: string;
  orderId: string;
  orderNumber: string;
  itemIds: string[];
  amount: number;
  currency: string;
  reason: string;
  createdBy: string;
  createdByName: string;
}

/** What a gateway's answer sets on a refund. */
export interface RefundSettlement {
  state: RefundState;
  failureReason?: string | null;
  gatewayRefundId?: string | null;
  creditNoteNumber?: string | null;
  refundedAt?: Date | null;
}

/**
 * A credit note's number: the e-shop's prefix after a D, the two-digit year and the serial of the year, 6 digits or
 * more ('D9026000017' of 17 in 2026): a series of its own beside the order numbers (which the invoices carry).
 *
 * @example creditNoteNumber('90', 2026, 17) === 'D9026000017'
 */
export function creditNoteNumber(prefix: string, year: number, serial: number): string {
  return `D${prefix}${String(year % 100).padStart(2, '0')}${String(serial).padStart(6, '0')}`;
}

/** The refunds of orders and what they change: all their SQL. */
export const refundRepository = {
  /**
   * The live order (or a deleted one too: its refunds are still settled), its row locked until the transaction ends
   * (`select … for update`): the refunds of one order are decided one at a time, so that two together never give
   * back more than was paid.
   */
  lockOrder(trx: Db, orderId: string, options: { deletedToo?: boolean } = {}): Promise<OrderRow | undefined> {
    let query = trx.selectFrom('order').selectAll().where('id', '=', orderId);
    if (!options.deletedToo) query = query.where('deletedAt', 'is', null);
    return query.forUpdate().executeTakeFirst();
  },

  /** A refund's order, deleted or not (its refunds are still settled). */
  orderOf(db: Db, orderId: string): Promise<OrderRow | undefined> {
    return db.selectFrom('order').selectAll().where('id', '=', orderId).executeTakeFirst();
  },

  /** What the order's refunds take of its payment: the requested ones (under way) and the succeeded ones. */
  async takenOf(db: Db, orderId: string): Promise<number> {
    const { taken } = await db
      .selectFrom('refund')
      .select(sql<string>`coalesce(sum("amount"), 0)::text`.as('taken'))
      .where('orderId', '=', orderId)
      .where('state', 'in', ['requested', 'succeeded'])
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(taken);
  },

  insert(db: Db, refund: NewRefund): Promise<RefundRow> {
    return db
      .insertInto('refund')
      .values({ ...refund, itemIds: JSON.stringify(refund.itemIds) })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The order's succeeded refunds, oldest first: what its customer got back. */
  succeededOf(db: Db, orderId: string): Promise<RefundRow[]> {
    return db
      .selectFrom('refund')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', '=', 'succeeded')
      .orderBy('refundedAt')
      .execute();
  },

  find(db: Db, id: string): Promise<RefundRow | undefined> {
    return db.selectFrom('refund').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The refund, its row locked until the transaction ends. */
  lock(trx: Db, id: string): Promise<RefundRow | undefined> {
    return trx.selectFrom('refund').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /** Gives the items to the refund: answers those that were still nobody's (an item is refunded once). */
  claimItems(db: Db, refundId: string, itemIds: string[]): Promise<OrderItemRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return db
      .updateTable('orderItem')
      .set({ refundId, updatedAt: new Date() })
      .where('id', 'in', itemIds)
      .where('refundId', 'is', null)
      .returningAll()
      .execute();
  },

  /** Takes the items back from a refund that failed: they may be refunded again. */
  releaseItems(db: Db, refundId: string): Promise<OrderItemRow[]> {
    return db
      .updateTable('orderItem')
      .set({ refundId: null, updatedAt: new Date() })
      .where('refundId', '=', refundId)
      .returningAll()
      .execute();
  },

  /** Sets what the gateway said, only on a refund still requested (of two settlers, one settles). */
  settle(db: Db, id: string, settlement: RefundSettlement): Promise<RefundRow | undefined> {
    return db
      .updateTable('refund')
      .set({ ...settlement, updatedAt: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'requested')
      .returningAll()
      .executeTakeFirst();
  },

  stampEmail(db: Db, id: string): Promise<RefundRow | undefined> {
    return db
      .updateTable('refund')
      .set({ emailSentAt: new Date(), updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** The next credit note serial of the e-shop's year (the counter "creditNote:<year>", as order serials are taken). */
  async takeCreditNoteSerial(db: Db, eshopId: string, year: number): Promise<number> {
    const { rows } = await takeQuery(eshopId, [`creditNote:${year}`], 1).execute(db);
    return Number(rows[0].value);
  },

  async orderPrefixOf(db: Db, eshopId: string): Promise<string> {
    const { orderPrefix } = await db
      .selectFrom('eshop')
      .select('orderPrefix')
      .where('id', '=', eshopId)
      .executeTakeFirstOrThrow();
    return orderPrefix;
  },

  /** Voids the refunded items' tickets: the gate refuses them (state invalidated); answers them as they were before. */
  async voidItems(db: Db, itemIds: string[]): Promise<{ before: OrderItemRow[]; after: OrderItemRow[] }> {
    if (itemIds.length === 0) return { before: [], after: [] };
    const before = await db.selectFrom('orderItem').selectAll().where('id', 'in', itemIds).execute();
    const now = new Date();
    const after = await db
      .updateTable('orderItem')
      .set({ state: 'invalidated', passInvalidationRequestedAt: now, passInvalidatedAt: now, updatedAt: now })
      .where('id', 'in', itemIds)
      .returningAll()
      .execute();
    return { before, after };
  },

  /**
   * Voids the live passes of the tickets, with a new update tag, as every change of a pass that reaches wallets;
   * answers them as they were before and after.
   */
  async voidPasses(db: Db, passIds: string[]): Promise<{ before: PassRow[]; after: PassRow[] }> {
    if (passIds.length === 0) return { before: [], after: [] };
    const live = db.selectFrom('pass').where('id', 'in', passIds).where('deletedAt', 'is', null);
    const before = await live.selectAll().execute();
    const after = await db
      .updateTable('pass')
      .set({ voided: true, walletUpdatedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', 'in', passIds)
      .where('deletedAt', 'is', null)
      .returningAll()
      .execute();
    return { before, after };
  },
};
