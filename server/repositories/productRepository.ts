import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ProductRow } from '../db/tables';

export const productRepository = {
  findLive(db: Db, id: string): Promise<ProductRow | undefined> {
    return db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** Of the ids, those of live templates of the project. */
  async liveTemplateIdsOf(db: Db, projectId: string, templateIds: readonly string[]): Promise<Set<string>> {
    if (templateIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('template')
      .select('id')
      .where('projectId', '=', projectId)
      .where('deletedAt', 'is', null)
      .where(sql<boolean>`"id" in (${sql.join(templateIds.map((id) => sql`${id}::uuid`))})`)
      .execute();
    return new Set(rows.map((row) => row.id));
  },
};
