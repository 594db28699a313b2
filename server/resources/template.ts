import { Right, can, canAnywhere } from '../../domain/rights';
import { TemplateWriteSchema, templateResource } from '../../domain/schemas/template';
import { defaultDynamicDataJsonSchema } from '../../domain/template/defaults';
import { validateTemplate, type TemplateParts } from '../../domain/template/validateTemplate';
import { badRequest, forbidden } from '../http/errors';
import { certificateRepository } from '../repositories/certificateRepository';
import { projectRepository } from '../repositories/projectRepository';
import { templateRepository } from '../repositories/templateRepository';
import { checkImageReferences } from '../services/imageReferences';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, jsonColumn, pick } from '../engine/rowValues';
import { projectScope } from './projectScope';

const WRITABLE = Object.keys(TemplateWriteSchema.properties);
const JSON_COLUMNS = [
  'jsonTemplate',
  'dynamicDataJsonSchema',
  'languages',
  'images',
  'translations',
  'saveToGooglePayObjectTemplate',
] as const;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The values of a row (or of a write) as one JSON object per column. */
function toColumns(values: Record<string, unknown>): WriteData {
  const columns: WriteData = { ...values };
  for (const column of JSON_COLUMNS) if (column in columns) columns[column] = jsonColumn(columns[column]);
  return columns;
}

function partsOf(template: Record<string, unknown>): TemplateParts {
  return {
    jsonTemplate: template.jsonTemplate,
    languages: Array.isArray(template.languages) ? template.languages.map(String) : [],
    dynamicDataJsonSchema: template.dynamicDataJsonSchema,
    images: (template.images ?? undefined) as Record<string, unknown> | undefined,
  };
}

/** Spec section 5: a template is saved only when it validates. */
function checkValid(template: Record<string, unknown>): void {
  const { errors } = validateTemplate(partsOf(template));
  if (errors.length) throw badRequest('Template is invalid', errors);
}

async function checkProject(call: CallContext, projectId: string): Promise<void> {
  if (!(await projectRepository.isLive(call.app.db, projectId)))
    throw field('/projectId', 'The project was not found.');
}

async function checkCertificate(call: CallContext, certificateId: unknown, projectId: string): Promise<void> {
  if (certificateId === null || certificateId === undefined) return;
  const certificate = await certificateRepository.findLive(call.app.db, String(certificateId));
  if (!certificate || certificate.projectId !== projectId)
    throw field('/certificateId', "The certificate was not found in the template's project.");
}

/** Templates: TEMPLATE_READ reads, TEMPLATE_CREATE creates (and receives moved ones), TEMPLATE_UPDATE edits. */
export const templateDefinition: ResourceDefinition = {
  descriptor: templateResource,
  table: 'template',
  createSchema: TemplateWriteSchema,
  replaceSchema: TemplateWriteSchema,
  // Maps of independent keys merge; jsonTemplate and the JSON schemas are documents (arrays, keywords) PATCH replaces.
  mergePatchFields: ['images', 'translations'],
  canList: (viewer) => canAnywhere(viewer, Right.TEMPLATE_READ),
  readScope: (viewer) => projectScope(viewer, [Right.TEMPLATE_READ]),
  async authorizeCreate(call, data) {
    const projectId = String(data.projectId);
    if (!can(call.viewer, Right.TEMPLATE_CREATE, projectId))
      throw forbidden('Creating a template needs the TEMPLATE_CREATE right on its project.');
    await checkProject(call, projectId);
    checkValid(data);
    await checkCertificate(call, data.certificateId, projectId);
    await checkImageReferences(call.app.db, projectId, data.images as Record<string, unknown>, '/images');
  },
  async authorizeUpdate(call, row, data) {
    if (!can(call.viewer, Right.TEMPLATE_UPDATE, String(row.projectId)))
      throw forbidden('Editing a template needs the TEMPLATE_UPDATE right on its project.');
    const merged = { ...row, ...data };
    const projectId = String(merged.projectId);
    const moved = projectId !== row.projectId;
    if (moved) {
      if (!can(call.viewer, Right.TEMPLATE_CREATE, projectId))
        throw forbidden('Moving a template needs the TEMPLATE_CREATE right on the project it moves to.');
      await checkProject(call, projectId);
      if (await templateRepository.hasLivePasses(call.app.db, row.id))
        throw field(
          '/projectId',
          "The template has passes, which always belong to their template's project: it cannot move to another project.",
        );
    }
    checkValid(merged);
    if (moved || data.certificateId !== undefined)
      await checkCertificate(call, merged.certificateId, projectId);
    if (moved || data.images !== undefined)
      await checkImageReferences(call.app.db, projectId, merged.images as Record<string, unknown>, '/images');
  },
  authorizeDelete(call, row) {
    if (!can(call.viewer, Right.TEMPLATE_DELETE, String(row.projectId)))
      throw forbidden('Deleting a template needs the TEMPLATE_DELETE right on its project.');
  },
  toInsert: (_call, data: WriteData) =>
    toColumns({
      dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      images: {},
      translations: {},
      distributable: false,
      saveToGooglePayObjectTemplate: null,
      certificateId: null,
      ...pick(data, WRITABLE),
    }),
  toUpdate: (_call, _row, data: WriteData) => toColumns(pick(data, WRITABLE)),
  toEntities: (_call, rows: Row[]) => rows.map(templateEntity),
};

export function templateEntity(row: Row) {
  return {
    ...entityBase(row),
    name: row.name,
    projectId: row.projectId,
    certificateId: row.certificateId ?? null,
    jsonTemplate: row.jsonTemplate,
    dynamicDataJsonSchema: row.dynamicDataJsonSchema,
    languages: row.languages,
    images: row.images ?? {},
    translations: row.translations ?? {},
    distributable: row.distributable === true,
    valid: validateTemplate(partsOf(row)).errors.length === 0,
    saveToGooglePayObjectTemplate: row.saveToGooglePayObjectTemplate ?? null,
    trackLinks: row.trackLinks === true,
  };
}
