import { sql } from 'kysely';
import { PassWriteSchema, passResource, type Pass } from '../../../domain/schemas/pass';
import type { Viewer } from '../../../domain/schemas/user';
import type { PassRow, TemplateRow } from '../../kernel/db/tables';
import { passLink } from './publicLinks';
import { badField as field, badRequest } from '../../kernel/http/errors';
import { templateRepository } from './templateRepository';
import { announcePassChange } from './passChanges';
import { dynamicDataProblems } from './dynamicDataValidator';
import { checkImageReferences } from './images/imageReferences';
import { refuseExpiredCertificate } from './certificates/certificateExpiry';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../../kernel/engine/resourceDefinition';
import { oncePerBody, sharedRead } from '../../kernel/engine/oncePerBody';
import { rowValuesOf } from '../../kernel/engine/rowValues';

/** Is the viewer a member of the project at all (else its templates are not even said to exist)? */
const isMember = (viewer: Viewer, projectId: string) =>
  viewer.isAdmin || viewer.projects[projectId] !== undefined;

/** A live template, read once per call that shares its reads (an import chunk), else once per read. */
const liveTemplate = (call: CallContext, templateId: string) =>
  sharedRead(call, `template:${templateId}`, () => templateRepository.findLive(call.app.db, templateId));

const liveTemplateOf = oncePerBody((call, data) => liveTemplate(call, String(data.templateId)));

/** The template a new pass is made from: live, and in a project of the viewer's. */
async function templateForNewPass(call: CallContext, data: WriteData): Promise<TemplateRow> {
  const template = await liveTemplateOf(call, data);
  if (!template || !isMember(call.viewer, template.projectId))
    throw field('/templateId', {
      en: 'The template (templateId) was not found.',
      cs: 'Šablona (templateId) nebyla nalezena.',
    });
  return template;
}

function checkDynamicData(template: TemplateRow, dynamicData: unknown): void {
  const errors = dynamicDataProblems(template, dynamicData ?? null);
  if (errors.length)
    throw badRequest(
      { en: 'Dynamic data does not match the template', cs: 'Dynamická data neodpovídají šabloně' },
      errors,
    );
}

/**
 * Passes: PASS_READ, PASS_CREATE, PASS_UPDATE and PASS_DELETE on the pass's project, which is always its
 * template's project (never written by clients). Wallet counters and register dates are read-only here.
 */
/**
 * A pass as its entity is made from: with its template's name (computedColumns); a row foreseen before it is written
 * may lack it, and needs no authentication token (the entity never shows it).
 */
export type PassReadRow = Omit<PassRow, 'authenticationToken'> & { templateName?: string };

/** The pass's devices by wallet, from its counters (total counts both). */
function devicesOf(row: Row): Pass['devices'] {
  const total = Number(row.devicesTotal ?? 0);
  const android = Number(row.devicesAndroid ?? 0);
  return { total, ios: Math.max(total - android, 0), android };
}

export const passDefinition: ResourceDefinition<PassReadRow, Pass> = {
  descriptor: passResource,
  mergePatchFields: ['dynamicData', 'dynamicImages'],
  fieldColumns: {
    'devices.total': sql.ref('devicesTotal'),
    // Google Wallets are counted apart; every other registered device is an Apple Wallet
    'devices.ios': sql`(${sql.ref('devicesTotal')} - ${sql.ref('devicesAndroid')})`,
    'devices.android': sql.ref('devicesAndroid'),
  },
  computedColumns: templateRepository.nameOfPassColumn,
  derivedFields: ['templateName'],
  newRowProject: {
    named: "its template's project",
    find: async (call, data) => (await templateForNewPass(call, data)).projectId,
  },
  async authorizeCreate(call, data) {
    const template = await templateForNewPass(call, data);
    await refuseExpiredCertificate(call, template.certificateId);
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
    const templateId = String(data.templateId ?? row.templateId);
    const newTemplate = templateId !== row.templateId;
    const template = await liveTemplate(call, templateId);
    if (newTemplate && (!template || template.projectId !== projectId))
      throw field(
        '/templateId',
        "The template (templateId) must be a template of the pass's project: a pass cannot move to another project.",
      );
    // a pass of an expired certificate cannot be signed again: no change of it would reach the wallets
    if (template) await refuseExpiredCertificate(call, template.certificateId);
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
  async toInsert(call, data: WriteData) {
    const template = await templateForNewPass(call, data);
    return {
      ...rowValuesOf(PassWriteSchema, { dynamicData: null, dynamicImages: {}, ...data }),
      projectId: template.projectId,
    };
  },
  // Every writable field shows in the wallet: an update is a new update tag, and a push to the pass's devices.
  toUpdate: (_call, _row, data: WriteData) => ({
    ...rowValuesOf(PassWriteSchema, data),
    walletUpdatedAt: sql`now()`,
  }),
  // the push job is stored before the answer: an acknowledged update always reaches the devices
  async afterWrite(call, row) {
    // A created row has updatedAt = createdAt: only updates of live passes reach devices.
    const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
    const updated = !row.deletedAt && time(row.updatedAt) !== time(row.createdAt);
    if (updated) await announcePassChange(call.app, row.id);
  },
  // webhooks hear of each pass written through the API (single, PUT, PATCH, batch); data: the pass as answered
  integrationEvents: {
    types: ['pass.created', 'pass.updated', 'pass.voided', 'pass.deleted'],
    of: (action, row, before) => {
      if (action === 'create') return 'pass.created';
      if (action === 'delete') return 'pass.deleted';
      return row.voided && before && !before.voided ? 'pass.voided' : 'pass.updated';
    },
  },
  computedFields: (config, row: Row) => ({
    url: passLink(config, row.id),
    devices: devicesOf(row),
  }),
};
