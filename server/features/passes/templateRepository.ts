import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';
import type { TemplateRow } from '../../kernel/db/tables';

export const templateRepository = {
  /**
   * A pass's template name as "templateName", read with the pass in the same query. Only a template of the pass's
   * own project (always the case), so the name never tells of another project.
   */
  nameOfPassColumn: sql`(select "template"."name" from "template"
    where "template"."id" = "pass"."templateId" and "template"."projectId" = "pass"."projectId") as "templateName"`,

  findLive(db: Db, id: string): Promise<TemplateRow | undefined> {
    return db
      .selectFrom('template')
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },

  async hasLivePasses(db: Db, templateId: string): Promise<boolean> {
    const row = await db
      .selectFrom('pass')
      .select(sql<number>`1`.as('one'))
      .where('templateId', '=', templateId)
      .where('deletedAt', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Live templates that sign with the certificate but belong to another project than the given one. */
  async countUsingCertificateOutside(db: Db, certificateId: string, projectId: string): Promise<number> {
    const row = await db
      .selectFrom('template')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('certificateId', '=', certificateId)
      .where('projectId', '<>', projectId)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return row.count;
  },
};
