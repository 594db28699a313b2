import type { Db } from '../../db/database';
import type { PassRow } from '../../db/tables';

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

  /** A page of a template's live passes in id order, after `afterId` (keyset paging). */
  livePassesOfTemplate(
    db: Db,
    templateId: string,
    afterId: string | undefined,
    limit: number,
  ): Promise<PassRow[]> {
    let query = db
      .selectFrom('pass')
      .selectAll()
      .where('templateId', '=', templateId)
      .where('deletedAt', 'is', null);
    if (afterId) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(limit).execute();
  },
};
