import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { AuditAction, AuditChanges } from '../db/tables';

export interface AuditEntry {
  /** given when the entry is corrected later (confirmEntry); the database makes one otherwise */
  id?: string;
  userId: string | null;
  userName: string;
  action: AuditAction;
  resource: string;
  rowId: string;
  changes: AuditChanges;
}

export interface AuditFilter {
  resource?: string;
  rowId?: string;
  userId?: string;
  from?: Date;
  to?: Date;
}

/** The audit trail: one row per write of a resource row. */
export const auditRepository = {
  /**
   * The entries in the order given: a transaction's entries share its time, so each is a microsecond after the one
   * before (the first a microsecond after an entry a write's own statement made, such as a payment's move), and a
   * row's history lists the steps of one transaction (an order's payment and fulfilment) in their order.
   *
   * @example await auditRepository.insertMany(trx, [{ userId, userName, action: 'update', resource: 'pass', rowId, changes }])
   */
  async insertMany(db: Db, entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await auditRepository.insertManyQuery(db, entries).execute();
  },

  /**
   * insertMany's statement (entries not empty), to run inside another one as a common table expression. The entries
   * travel as one JSON parameter, so the statement's text is the same whatever their number (prepared once). A
   * statement that makes values the entries must name (an order's number) gives `computed`: the changes of each
   * "entry" as an expression over the common table expression `from` (one row) of that statement.
   */
  insertManyQuery(db: Db, entries: AuditEntry[], computed?: { from: string; changes: RawBuilder<unknown> }) {
    const rows = entries.map((entry, index) => ({ ...entry, n: index + 1 }));
    return db
      .insertInto('audit')
      .columns(['id', 'userId', 'userName', 'action', 'resource', 'rowId', 'changes', 'at'])
      .expression(
        sql`select coalesce("entry"."id", gen_random_uuid()), "entry"."userId", "entry"."userName",
          "entry"."action", "entry"."resource", "entry"."rowId", ${computed?.changes ?? sql`"entry"."changes"`},
          now() + make_interval(secs => "entry"."n" / 1000000.0)
        from ${computed ? sql`${sql.id(computed.from)}, ` : sql``}jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as "entry" ("id" uuid, "userId" uuid, "userName" text, "action" text, "resource" text, "rowId" uuid,
          "changes" jsonb, "n" integer)`,
      );
  },

  /**
   * The insert of the entry for the row a write statement answers as the common table expression `written`, to run
   * in that same statement (entityRepository): no round trip of its own, committed with the write or not at all.
   */
  insertForWritten(entry: AuditEntry & { id: string }): RawBuilder<unknown> {
    return sql`insert into "audit" ("id", "userId", "userName", "action", "resource", "rowId", "changes")
      select ${entry.id}::uuid, ${entry.userId}::uuid, ${entry.userName}, ${entry.action}, ${entry.resource},
        "written"."id", ${JSON.stringify(entry.changes)}::jsonb
      from "written"`;
  },

  async setChanges(db: Db, id: string, changes: AuditChanges): Promise<void> {
    await db
      .updateTable('audit')
      .set({ changes: JSON.stringify(changes) })
      .where('id', '=', id)
      .execute();
  },

  /** The entries matching the filter, newest first, and how many match in all. */
  async list(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
    let query = db.selectFrom('audit');
    if (filter.resource !== undefined) query = query.where('resource', '=', filter.resource);
    if (filter.rowId !== undefined) query = query.where('rowId', '=', filter.rowId);
    if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    const rows = await query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    return { rows, totalCount: Number(count.count) };
  },

  /** Deletes the entries written before the time; answers how many. */
  async deleteOlderThan(db: Db, before: Date): Promise<number> {
    const result = await db.deleteFrom('audit').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
