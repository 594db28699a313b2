import type { Db } from '../db/database';
import type { PassRow } from '../db/tables';

/** The SQL shared by every place that makes a pass of a template outside the generic resource engine. */
export const passRepository = {
  /**
   * A new live pass of the template with the given dynamic data, no images of its own and the given expiration
   * (none by default); answers its row.
   */
  insertTemplatePass(
    db: Db,
    template: { id: string; projectId: string },
    dynamicData: Record<string, unknown>,
    expirationDate: Date | null = null,
  ): Promise<PassRow> {
    return db
      .insertInto('pass')
      .values({
        projectId: template.projectId,
        templateId: template.id,
        dynamicData: JSON.stringify(dynamicData),
        dynamicImages: JSON.stringify({}),
        voided: false,
        expirationDate,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
