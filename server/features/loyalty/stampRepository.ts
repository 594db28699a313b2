import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { PassRow, StampCardRow, StampRow } from '../../kernel/db/tables';

/** The most a count field is read as: a value edited by hand beyond it counts as this much. */
const COUNT_CEILING = 1_000_000_000;

/**
 * The whole number a pass's count field holds: a JSON number (floored, at least 0) or a text of digits; anything
 * else (no field, a word) counts as 0.
 */
const countOf = (field: string): RawBuilder<number> => sql<number>`coalesce(
  case
    when jsonb_typeof("pass"."dynamicData" -> ${field}) = 'number'
      then least(greatest(floor(("pass"."dynamicData" ->> ${field})::numeric), 0), ${COUNT_CEILING})::int
    when ("pass"."dynamicData" ->> ${field}) ~ '^[0-9]{1,9}$' then ("pass"."dynamicData" ->> ${field})::int
  end, 0)`;

/** The pass's dynamic data (an object, or a new one) with the count field set to a value. */
const withCount = (field: string, value: RawBuilder<number>) =>
  sql<unknown>`jsonb_set(
    case when jsonb_typeof("pass"."dynamicData") = 'object' then "pass"."dynamicData" else '{}'::jsonb end,
    array[${field}]::text[], to_jsonb(${value}))`;

/** A pass after a count change, with the count it had before. */
export type CountedPass = PassRow & { stampsBefore: number; stampsAfter: number };

/** A pass found for the till: its state says whether it may collect stamps. */
export type PassOfCard = Pick<
  PassRow,
  'id' | 'templateId' | 'projectId' | 'voided' | 'deletedAt' | 'dynamicData'
>;

const PASS_OF_CARD = ['id', 'templateId', 'projectId', 'voided', 'deletedAt', 'dynamicData'] as const;

export type StampListRow = StampRow & { userName: string | null };

/** All SQL of stamp cards at the till: finding passes, counting stamps atomically, the stamps' record. */
export const stampRepository = {
  findPass(db: Db, id: string): Promise<PassOfCard | undefined> {
    return db.selectFrom('pass').select(PASS_OF_CARD).where('id', '=', id).executeTakeFirst();
  },

  /**
   * The passes of a template whose dynamic data holds the given values (dotted paths), at most two: more than one
   * means the code does not tell the pass.
   */
  findPassesByValues(db: Db, templateId: string, values: Record<string, string>): Promise<PassOfCard[]> {
    let query = db
      .selectFrom('pass')
      .select(PASS_OF_CARD)
      .where('templateId', '=', templateId)
      .orderBy(sql`"deletedAt" is null`, 'desc')
      .limit(2);
    for (const [path, value] of Object.entries(values))
      query = query.where(sql<boolean>`"dynamicData" #>> ${path.split('.')}::text[] = ${value}`);
    return query.execute();
  },

  /** The dynamic data schema of a live template (undefined: no such template). */
  async templateSchema(db: Db, templateId: string): Promise<{ schema: unknown } | undefined> {
    const row = await db
      .selectFrom('template')
      .select('dynamicDataJsonSchema')
      .where('id', '=', templateId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row && { schema: row.dynamicDataJsonSchema };
  },

  /** The count a pass's field holds now (see countOf). */
  async countNow(db: Db, passId: string, field: string): Promise<number> {
    const row = await db
      .selectFrom('pass')
      .select(countOf(field).as('count'))
      .where('id', '=', passId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  },

  /**
   * Adds stamps to a live, not voided pass in one statement that locks its row first: concurrent stamps wait for
   * each other and each reads the count the previous one left. At `stampsForReward` the count starts again with the
   * surplus (one reward a call). Answers the pass with its counts before and after, or undefined when the pass is
   * not live or is voided.
   */
  async addStamps(
    db: Db,
    passId: string,
    card: Pick<StampCardRow, 'countField' | 'stampsForReward'>,
    count: number,
  ): Promise<CountedPass | undefined> {
    const field = card.countField;
    const total = sql<number>`"locked"."before" + ${count}::int`;
    const after = sql<number>`case when ${total} >= ${card.stampsForReward}::int
      then ${total} - ${card.stampsForReward}::int else ${total} end`;
    const result = await sql<CountedPass>`
      with "locked" as (
        select "pass"."id", ${countOf(field)} as "before" from "pass"
        where "pass"."id" = ${passId} and "pass"."deletedAt" is null and "pass"."voided" = false
        for update
      )
      update "pass" set "dynamicData" = ${withCount(field, after)},
        "walletUpdatedAt" = now(), "updatedAt" = now()
      from "locked" where "pass"."id" = "locked"."id"
      returning "pass".*, "locked"."before" as "stampsBefore", ${after} as "stampsAfter"`.execute(db);
    return result.rows[0];
  },

  /** Sets a pass's count (an undo), answering the pass; its row must be locked by the caller's transaction. */
  async setCount(db: Db, passId: string, field: string, value: number): Promise<PassRow> {
    const result = await sql<PassRow>`
      update "pass" set "dynamicData" = ${withCount(field, sql<number>`${value}::int`)},
        "walletUpdatedAt" = now(), "updatedAt" = now()
      where "pass"."id" = ${passId}
      returning "pass".*`.execute(db);
    return result.rows[0];
  },

  /** Locks a live pass for the rest of the transaction; answers it, or undefined when it is not live. */
  lockLivePass(db: Db, passId: string): Promise<PassRow | undefined> {
    return db
      .selectFrom('pass')
      .selectAll()
      .where('id', '=', passId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Voids a live pass (a reward taken back); answers it, or undefined when it was not live or already voided. */
  voidPass(db: Db, passId: string): Promise<PassRow | undefined> {
    return db
      .updateTable('pass')
      .set({ voided: true, walletUpdatedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', passId)
      .where('deletedAt', 'is', null)
      .where('voided', '=', false)
      .returningAll()
      .executeTakeFirst();
  },

  /** Records a stamp; its time is the clock's, so that stamps of one pass keep the order of their locks. */
  recordStamp(db: Db, stamp: Omit<StampRow, 'id' | 'at' | 'undoneAt'>): Promise<Pick<StampRow, 'id' | 'at'>> {
    return db
      .insertInto('stamp')
      .values({ ...stamp, at: sql`clock_timestamp()` })
      .returning(['id', 'at'])
      .executeTakeFirstOrThrow();
  },

  /** The newest stamp of a pass on a card that was not undone. */
  lastStamp(db: Db, stampCardId: string, passId: string): Promise<StampRow | undefined> {
    return db
      .selectFrom('stamp')
      .selectAll()
      .where('stampCardId', '=', stampCardId)
      .where('passId', '=', passId)
      .where('undoneAt', 'is', null)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async markUndone(db: Db, stampId: string): Promise<void> {
    await db
      .updateTable('stamp')
      .set({ undoneAt: sql`now()` })
      .where('id', '=', stampId)
      .execute();
  },

  /** A card's stamps, newest first, with the name of who gave them. */
  listOfCard(db: Db, stampCardId: string, page: number, limit: number): Promise<StampListRow[]> {
    return db
      .selectFrom('stamp')
      .leftJoin('user', 'user.id', 'stamp.userId')
      .selectAll('stamp')
      .select('user.displayName as userName')
      .where('stamp.stampCardId', '=', stampCardId)
      .orderBy('stamp.at', 'desc')
      .orderBy('stamp.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  },

  async countOfCard(db: Db, stampCardId: string): Promise<number> {
    const row = await db
      .selectFrom('stamp')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('stampCardId', '=', stampCardId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
