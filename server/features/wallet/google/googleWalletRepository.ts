import { sql } from 'kysely';
import type { Db } from '../../../kernel/db/database';
import type { PassRow } from '../../../kernel/db/tables';
import { eventTicketTemplateSql, ownObjectTemplateSql } from './templateOffer';

/** Where a page of a template's passes ends: the next page starts after this pass (its createdAt, then its id). */
export type LivePassKey = Pick<PassRow, 'id'>;

/** The passes Save to Google Wallet reads. */
export const googleWalletRepository = {
  findLivePass(db: Db, id: string): Promise<PassRow | undefined> {
    return db
      .selectFrom('pass')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /**
   * A page of a template's live passes in (createdAt, id) order, after `after`: keyset paging along the index
   * pass_templateId_createdAt, so that each page of a template of 100,000 passes costs the same.
   */
  livePassesOfTemplate(db: Db, templateId: string, after: LivePassKey | undefined, limit: number) {
    return livePassesQuery(db, templateId, after).selectAll().limit(limit).execute();
  },

  /** The keys of a page of a template's live passes, as livePassesOfTemplate orders them. */
  livePassKeysOfTemplate(
    db: Db,
    templateId: string,
    after: LivePassKey | undefined,
    limit: number,
  ): Promise<LivePassKey[]> {
    return livePassesQuery(db, templateId, after).select('id').limit(limit).execute();
  },

  async countLivePassesOfTemplate(db: Db, templateId: string): Promise<number> {
    const row = await db
      .selectFrom('pass')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('templateId', '=', templateId)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * Is the pass live, of a live template with a Save to Google Pay object template or of an event ticket template
   * (so Google may hold it)?
   */
  async mayHaveObject(db: Db, passId: string): Promise<boolean> {
    const row = await db
      .selectFrom('pass')
      .innerJoin('template', 'template.id', 'pass.templateId')
      .select('pass.id')
      .where('pass.id', '=', passId)
      .where('pass.deletedAt', 'is', null)
      .where('template.deletedAt', 'is', null)
      // as offersGoogleWallet (templateOffer.ts): its own object template, or an event ticket
      .where(sql<boolean>`${ownObjectTemplateSql} or ${eventTicketTemplateSql}`)
      .executeTakeFirst();
    return row !== undefined;
  },
};

function livePassesQuery(db: Db, templateId: string, after: LivePassKey | undefined) {
  let query = db.selectFrom('pass').where('templateId', '=', templateId).where('deletedAt', 'is', null);
  // the key's createdAt is read in SQL: a JavaScript Date would drop its microseconds and repeat the page
  if (after)
    query = query.where(
      (eb) =>
        sql<boolean>`(${eb.ref('createdAt')}, ${eb.ref('id')}) > (select "createdAt", "id" from "pass" where "id" = ${after.id})`,
    );
  return query.orderBy('createdAt').orderBy('id');
}
