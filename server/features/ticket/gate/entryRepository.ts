import { sql } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { OrderItemRow, PassRow, TicketEntryRow } from '../../../kernel/db/tables';
import { orderItemRepository } from '../orderItemRepository';
import { entryCounts } from './entryCounts';

/**
 * An order item as the gate reads it: the row (with the item's customer data), whether its pass is voided, and its
 * pass's template's Google Wallet settings (rotating barcodes).
 */
export type GateItemRow = OrderItemRow & {
  data: unknown;
  passVoided: boolean | null;
  templateGoogleWallet: unknown;
};

/** How many items one code may name (a pass's id and an item's id may name two). */
const MAX_CANDIDATES = 20;

const gateItems = (db: Db) =>
  db
    .selectFrom('orderItem')
    .leftJoin('pass', 'pass.id', 'orderItem.passId')
    .leftJoin('template', 'template.id', 'pass.templateId')
    .selectAll('orderItem')
    .select([
      'template.googleWallet as templateGoogleWallet',
      orderItemRepository.lineData.as('data'),
      sql<boolean | null>`case when "pass"."id" is null then null
        else ("pass"."voided" or "pass"."deletedAt" is not null) end`.as('passVoided'),
    ])
    .where('orderItem.deletedAt', 'is', null);

export type NewEntry = Omit<TicketEntryRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'offline'> & {
  offline: boolean;
};

/** All SQL of the gate: finding tickets by code, counting an entry, recording scans, the offline list. */
/**
 * The names a reader of an entry needs, read with the row: gate staff may read entries but not the users,
 * e-shops or (all of) the order items they name. The e-shop and item are looked up in the entry's project only.
 */
export const entryNamesColumns = sql`
  (select "user"."displayName" from "user" where "user"."id" = "ticketEntry"."userId") as "userName",
  (select "eshop"."name" from "eshop"
    where "eshop"."id" = "ticketEntry"."eshopId" and "eshop"."projectId" = "ticketEntry"."projectId") as "eshopName",
  (select "orderItem"."productName" from "orderItem"
    where "orderItem"."id" = "ticketEntry"."orderItemId"
      and "orderItem"."projectId" = "ticketEntry"."projectId") as "productName",
  (select "orderItem"."itemNumber" from "orderItem"
    where "orderItem"."id" = "ticketEntry"."orderItemId"
      and "orderItem"."projectId" = "ticketEntry"."projectId") as "itemNumber"`;

export const entryRepository = {
  /**
   * The live items a code names: by the ticket's secret, the pass's or the item's id, or (at a gate of one e-shop
   * only) by that e-shop's item number, which anyone could guess.
   */
  async findByCode(
    db: Db,
    text: string,
    id: string | undefined,
    eshopId: string | undefined,
  ): Promise<GateItemRow[]> {
    return (await gateItems(db)
      .where((eb) =>
        eb.or([
          eb('orderItem.ticketSecret', '=', text),
          ...(eshopId
            ? [eb.and([eb('orderItem.itemNumber', '=', text), eb('orderItem.eshopId', '=', eshopId)])]
            : []),
          ...(id ? [eb('orderItem.passId', '=', id), eb('orderItem.id', '=', id)] : []),
        ]),
      )
      .orderBy('orderItem.createdAt')
      .limit(MAX_CANDIDATES)
      .execute()) as GateItemRow[];
  },

  async findItem(db: Db, id: string): Promise<GateItemRow | undefined> {
    return (await gateItems(db).where('orderItem.id', '=', id).executeTakeFirst()) as GateItemRow | undefined;
  },

  /**
   * Counts one entry if the item still has one left: one conditional UPDATE, so that of gates scanning the same
   * ticket at once only as many succeed as it has entries. Undefined: none was left (or the item went away).
   */
  countEntry(trx: Db, id: string, at: Date): Promise<OrderItemRow | undefined> {
    return trx
      .updateTable('orderItem')
      .set({
        entryCount: sql`"entryCount" + 1`,
        used: true,
        firstEntry: sql`coalesce("firstEntry", ${at})`,
        lastEntry: sql`greatest(coalesce("lastEntry", ${at}), ${at})`,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .where('paymentState', '=', 'paid')
      .where(sql<boolean>`"entryCount" < "productMaxEntries"`)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * The ticket's pass follows its entries: dynamic data `entryCount`, `maxEntries`, `entriesLeft` and `entries`
   * ("1/2", for a back field `#{entries}`), voided once used up, and a new update tag. Answers the pass as it is now
   * (undefined when it was deleted).
   */
  passFollows(trx: Db, passId: string, entryCount: number, maxEntries: number): Promise<PassRow | undefined> {
    const counts = entryCounts(entryCount, maxEntries);
    return trx
      .updateTable('pass')
      .set({
        dynamicData: sql`coalesce("dynamicData", '{}'::jsonb) || ${JSON.stringify(counts)}::jsonb`,
        voided: sql`"voided" or ${entryCount >= maxEntries}`,
        walletUpdatedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where('id', '=', passId)
      .where('deletedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
  },

  /** Records a scan. */
  record(trx: Db, entry: NewEntry): Promise<TicketEntryRow> {
    return trx.insertInto('ticketEntry').values(entry).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * Records a queued scan unless its clientId was recorded for the user before (then undefined): the unique index
   * makes a second sync of the same scan, even a concurrent one, wait for the first and record nothing.
   */
  recordOnce(trx: Db, entry: NewEntry): Promise<TicketEntryRow | undefined> {
    // unique per scanner and clientId: a user's, or a machine client's (whose entries name no user)
    return trx
      .insertInto('ticketEntry')
      .values(entry)
      .onConflict((oc) =>
        entry.apiClientId
          ? oc
              .columns(['apiClientId', 'clientId'])
              .where('clientId', 'is not', null)
              .where('apiClientId', 'is not', null)
              .doNothing()
          : oc.columns(['userId', 'clientId']).where('clientId', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** The entry a scanner (a user, or a machine client) recorded under its clientId. */
  findByClientId(
    db: Db,
    scanner: Pick<NewEntry, 'userId' | 'apiClientId'>,
    clientId: string,
  ): Promise<TicketEntryRow | undefined> {
    return db
      .selectFrom('ticketEntry')
      .selectAll()
      .where(scanner.apiClientId ? 'apiClientId' : 'userId', '=', scanner.apiClientId ?? scanner.userId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
  },

  /** The result found after counting (the scan was recorded before its ticket was counted). */
  settle(trx: Db, id: string, entry: NewEntry): Promise<TicketEntryRow> {
    const { orderItemId, result, entriesLeft, eshopId, projectId } = entry;
    return trx
      .updateTable('ticketEntry')
      .set({ orderItemId, result, entriesLeft, eshopId, projectId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Live e-shops by name: all, or those of the projects given. */
  eshops(db: Db, projectIds: string[] | 'all') {
    let query = db.selectFrom('eshop').select(['id', 'name']).where('deletedAt', 'is', null);
    if (projectIds !== 'all') {
      if (projectIds.length === 0) return Promise.resolve([]);
      query = query.where('projectId', 'in', projectIds);
    }
    return query.orderBy('name').orderBy('id').limit(1000).execute();
  },

  /**
   * The tickets of an e-shop a gate may still let in: paid, not voided, with an entry left, not expired; with their
   * pass's template's Google Wallet settings (rotating barcodes).
   */
  offlineTickets(db: Db, eshopId: string, now: Date, limit: number) {
    return db
      .selectFrom('orderItem')
      .leftJoin('pass', 'pass.id', 'orderItem.passId')
      .leftJoin('template', 'template.id', 'pass.templateId')
      .select([
        'template.googleWallet as templateGoogleWallet',
        'orderItem.id',
        'orderItem.itemNumber',
        'orderItem.ticketSecret',
        'orderItem.passId',
        'orderItem.productName',
        'orderItem.productMaxEntries',
        'orderItem.entryCount',
        'orderItem.validFrom',
        'orderItem.validTo',
      ])
      .where('orderItem.eshopId', '=', eshopId)
      .where('orderItem.deletedAt', 'is', null)
      .where('orderItem.paymentState', '=', 'paid')
      .where('orderItem.state', '!=', 'invalidated')
      .where(sql<boolean>`"orderItem"."entryCount" < "orderItem"."productMaxEntries"`)
      .where((eb) => eb.or([eb('orderItem.validTo', 'is', null), eb('orderItem.validTo', '>=', now)]))
      .where((eb) =>
        eb.or([
          eb('pass.id', 'is', null),
          eb.and([eb('pass.voided', '=', false), eb('pass.deletedAt', 'is', null)]),
        ]),
      )
      .orderBy('orderItem.createdAt')
      .orderBy('orderItem.id')
      .limit(limit)
      .execute();
  },
};
