import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { ProductRow } from '../../kernel/db/tables';

/** A template a product issues its tickets from. */
export interface ProductTemplate {
  id: string;
  name: string;
  jsonTemplate: unknown;
  dynamicDataJsonSchema: unknown;
}

export const productRepository = {
  findLive(db: Db, id: string): Promise<ProductRow | undefined> {
    return db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  /** Of the ids, the live templates of the project, with what the ticket contract checks of them. */
  async liveTemplatesOf(db: Db, projectId: string, templateIds: readonly string[]) {
    if (templateIds.length === 0) return new Map<string, ProductTemplate>();
    const rows = await db
      .selectFrom('template')
      .select(['id', 'name', 'jsonTemplate', 'dynamicDataJsonSchema'])
      .where('projectId', '=', projectId)
      .where('deletedAt', 'is', null)
      .where(sql<boolean>`"id" in (${sql.join(templateIds.map((id) => sql`${id}::uuid`))})`)
      .execute();
    return new Map<string, ProductTemplate>(rows.map((row) => [row.id, row]));
  },
};
