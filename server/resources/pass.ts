import { sql } from 'kysely';
import { Right, can, canAnywhere } from '../../domain/rights';
import { PassWriteSchema, passResource } from '../../domain/schemas/pass';
import type { Viewer } from '../../domain/schemas/user';
import type { ServerConfig } from '../config';
import type { TemplateRow } from '../db/tables';
import { passLink } from '../distribution/publicLinks';
import { badRequest, forbidden } from '../http/errors';
import { templateRepository } from '../repositories/templateRepository';
import { pushServiceOf } from '../services/push/pushService';
import { dynamicDataProblems } from '../services/dynamicDataValidator';
import { checkImageReferences } from '../services/imageReferences';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, iso, jsonColumn, pick } from '../engine/rowValues';
import { projectScope } from './projectScope';

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** Is the viewer a member of the project at all (else its templates are not even said to exist)? */
const isMember = (viewer: Viewer, projectId: string) =>
  viewer.isAdmin || viewer.projects[projectId] !== undefined;

/** The template a new pass is made from: live, and in a project where the viewer may create passes. */
async function templateForNewPass(call: CallContext, templateId: string): Promise<TemplateRow> {
  const template = await templateRepository.findLive(call.app.db, templateId);
  if (!template || !isMember(call.viewer, template.projectId))
    throw field('/templateId', 'The template (templateId) was not found.');
  if (!can(call.viewer, Right.PASS_CREATE, template.projectId))
    throw forbidden("Creating a pass needs the PASS_CREATE right on its template's project.");
  return template;
}

function checkDynamicData(template: TemplateRow, dynamicData: unknown): void {
  const errors = dynamicDataProblems(template, dynamicData ?? null);
  if (errors.length) throw badRequest('Dynamic data does not match the template', errors);
}

function toColumns(values: WriteData): WriteData {
  const columns: WriteData = { ...values };
  if ('dynamicData' in columns) columns.dynamicData = jsonColumn(columns.dynamicData);
  if ('dynamicImages' in columns) columns.dynamicImages = jsonColumn(columns.dynamicImages ?? {});
  return columns;
}

const WRITABLE = ['templateId', 'dynamicData', 'dynamicImages', 'voided', 'expirationDate'] as const;

/**
 * Passes: PASS_READ, PASS_CREATE, PASS_UPDATE and PASS_DELETE on the pass's project, which is always its
 * template's project (never written by clients). Wallet counters and register dates are read-only here.
 */
export const passDefinition: ResourceDefinition = {
  descriptor: passResource,
  table: 'pass',
  createSchema: PassWriteSchema,
  replaceSchema: PassWriteSchema,
  mergePatchFields: ['dynamicData', 'dynamicImages'],
  fieldColumns: { 'devices.total': sql.ref('devicesTotal') },
  canList: (viewer) => canAnywhere(viewer, Right.PASS_READ),
  readScope: (viewer) => projectScope(viewer, [Right.PASS_READ]),
  async authorizeCreate(call, data) {
    if (!canAnywhere(call.viewer, Right.PASS_CREATE))
      throw forbidden("Creating a pass needs the PASS_CREATE right on its template's project.");
    const template = await templateForNewPass(call, String(data.templateId));
    checkDynamicData(template, data.dynamicData);
    await checkImageReferences(
      call.app.db,
      template.projectId,
      data.dynamicImages as Record<string, unknown>,
      '/dynamicImages',
    );
  },
  async authorizeUpdate(call, row, data) {
    const projectId = String(row.projectId);
    if (!can(call.viewer, Right.PASS_UPDATE, projectId))
      throw forbidden('Editing a pass needs the PASS_UPDATE right on its project.');
    const templateId = String(data.templateId ?? row.templateId);
    const newTemplate = templateId !== row.templateId;
    const template = await templateRepository.findLive(call.app.db, templateId);
    if (newTemplate && (!template || template.projectId !== projectId))
      throw field(
        '/templateId',
        "The template (templateId) must be a template of the pass's project: a pass cannot move to another project.",
      );
    if (newTemplate || data.dynamicData !== undefined) {
      if (!template)
        throw field('/templateId', "The pass's template (templateId) was deleted; choose another one.");
      checkDynamicData(template, data.dynamicData !== undefined ? data.dynamicData : row.dynamicData);
    }
    if (data.dynamicImages !== undefined)
      await checkImageReferences(
        call.app.db,
        projectId,
        data.dynamicImages as Record<string, unknown>,
        '/dynamicImages',
      );
  },
  authorizeDelete(call, row) {
    if (!can(call.viewer, Right.PASS_DELETE, String(row.projectId)))
      throw forbidden('Deleting a pass needs the PASS_DELETE right on its project.');
  },
  async toInsert(call, data: WriteData) {
    const template = await templateForNewPass(call, String(data.templateId));
    return toColumns({
      dynamicData: null,
      dynamicImages: {},
      ...pick(data, WRITABLE),
      projectId: template.projectId,
    });
  },
  // Every writable field shows in the wallet: an update is a new update tag, and a push to the pass's devices.
  toUpdate: (_call, _row, data: WriteData) => ({
    ...toColumns(pick(data, WRITABLE)),
    walletUpdatedAt: sql`now()`,
  }),
  afterWrite(call, row) {
    // A created row has updatedAt = createdAt: only updates of live passes reach devices.
    const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
    const updated = !row.deletedAt && time(row.updatedAt) !== time(row.createdAt);
    if (updated) void pushServiceOf(call.app).inBackground(() => pushServiceOf(call.app).pushPass(row.id));
  },
  toEntities: (call, rows: Row[]) => rows.map((row) => passEntity(call.app.config, row)),
};

/** A pass as the API answers it; `url` is absolute, a link a program can mail. */
export function passEntity(config: Pick<ServerConfig, 'passBase' | 'publicUrl'>, row: Row) {
  return {
    ...entityBase(row),
    url: passLink(config, row.id),
    projectId: row.projectId,
    templateId: row.templateId,
    dynamicData: row.dynamicData ?? null,
    dynamicImages: row.dynamicImages ?? {},
    voided: row.voided === true,
    expirationDate: iso(row.expirationDate),
    devices: { total: Number(row.devicesTotal ?? 0) },
    downloads: Number(row.downloads ?? 0),
    firstRegisterAt: iso(row.firstRegisterAt),
    lastRegisterAt: iso(row.lastRegisterAt),
    firstUnregisterAt: iso(row.firstUnregisterAt),
    lastUnregisterAt: iso(row.lastUnregisterAt),
  };
}
