import type { Db } from '../../../kernel/db/database';
import type { ImageRow } from '../../../kernel/db/tables';

export const imageRepository = {
  findLive(db: Db, id: string): Promise<ImageRow | undefined> {
    return db
      .selectFrom('image')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** id -> type of those of the given images that are live and belong to the project. */
  async liveTypesInProject(db: Db, projectId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('image')
      .select(['id', 'type'])
      .where('id', 'in', ids)
      .where('projectId', '=', projectId)
      .where('deletedAt', 'is', null)
      .execute();
    return new Map(rows.map((row) => [row.id, row.type]));
  },
};
