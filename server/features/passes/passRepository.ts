import type { Db } from '../../kernel/db/database';
import type { PassRow } from '../../kernel/db/tables';

/** A pass to make of a template: its id when the caller must know it before the insert answers. */
export interface NewTemplatePass {
  id?: string;
  template: { id: string; projectId: string };
  dynamicData: Record<string, unknown>;
  expirationDate?: Date | null;
}

/** The SQL shared by every place that makes a pass of a template outside the generic resource engine. */
export const passRepository = {
  /**
   * A new live pass of the template with the given dynamic data, no images of its own and the given expiration
   * (none by default); answers its row.
   */
  async insertTemplatePass(
    db: Db,
    template: { id: string; projectId: string },
    dynamicData: Record<string, unknown>,
    expirationDate: Date | null = null,
  ): Promise<PassRow> {
    const [row] = await passRepository.insertTemplatePasses(db, [{ template, dynamicData, expirationDate }]);
    return row;
  },

  /** insertTemplatePass for several passes in one statement; answers their rows (match them by id). */
  async insertTemplatePasses(db: Db, passes: NewTemplatePass[]): Promise<PassRow[]> {
    if (passes.length === 0) return [];
    return passRepository.insertTemplatePassesQuery(db, passes).returningAll().execute();
  },

  /** insertTemplatePasses' statement (passes not empty), to run inside another one as a common table expression. */
  insertTemplatePassesQuery(db: Db, passes: NewTemplatePass[]) {
    return db.insertInto('pass').values(
      passes.map((pass) => ({
        ...(pass.id ? { id: pass.id } : {}),
        projectId: pass.template.projectId,
        templateId: pass.template.id,
        dynamicData: JSON.stringify(pass.dynamicData),
        dynamicImages: JSON.stringify({}),
        voided: false,
        expirationDate: pass.expirationDate ?? null,
      })),
    );
  },

  /**
   * The row insertTemplatePassesQuery will leave for a pass of known id, `now` standing for the database's time;
   * all but its wallet token (the database's, never in an entity), for the audit entry planned with the insert.
   */
  foreseenTemplatePass(
    pass: NewTemplatePass & { id: string },
    now: Date,
  ): Omit<PassRow, 'authenticationToken'> {
    return {
      id: pass.id,
      projectId: pass.template.projectId,
      templateId: pass.template.id,
      dynamicData: pass.dynamicData,
      dynamicImages: {},
      voided: false,
      expirationDate: pass.expirationDate ?? null,
      devicesTotal: 0,
      devicesAndroid: 0,
      downloads: 0,
      firstRegisterAt: null,
      lastRegisterAt: null,
      firstUnregisterAt: null,
      lastUnregisterAt: null,
      walletUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
  },
};
