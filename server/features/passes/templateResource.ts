import { Right, can } from '../../../domain/rights';
import { TemplateWriteSchema, templateResource } from '../../../domain/schemas/template';
import { defaultDynamicDataJsonSchema } from '../../../domain/template/defaults';
import { templatePartsOf, validateTemplate } from '../../../domain/template/validateTemplate';
import { badField as field, badRequest, forbidden } from '../../kernel/http/errors';
import { certificateRepository } from './certificates/certificateRepository';
import { projectRepository } from '../identity';
import { templateRepository } from './templateRepository';
import { checkImageReferences } from './images/imageReferences';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../../kernel/engine/resourceDefinition';
import { rowValuesOf } from '../../kernel/engine/rowValues';

/** Spec section 5: a template is saved only when it validates. */
function checkValid(template: Record<string, unknown>): void {
  const { errors } = validateTemplate(templatePartsOf(template));
  if (errors.length) throw badRequest({ en: 'Template is invalid', cs: 'Šablona není platná' }, errors);
}

async function checkProject(call: CallContext, projectId: string): Promise<void> {
  if (!(await projectRepository.isLive(call.app.db, projectId)))
    throw field('/projectId', { en: 'The project was not found.', cs: 'Projekt nebyl nalezen.' });
}

async function checkCertificate(call: CallContext, certificateId: unknown, projectId: string): Promise<void> {
  if (certificateId === null || certificateId === undefined) return;
  const certificate = await certificateRepository.findLive(call.app.db, String(certificateId));
  if (!certificate || certificate.projectId !== projectId)
    throw field('/certificateId', {
      en: "The certificate was not found in the template's project.",
      cs: 'Certifikát nebyl v projektu šablony nalezen.',
    });
}

/** Templates: TEMPLATE_READ reads, TEMPLATE_CREATE creates (and receives moved ones), TEMPLATE_UPDATE edits. */
export const templateDefinition: ResourceDefinition = {
  descriptor: templateResource,
  // Maps of independent keys merge; jsonTemplate and the JSON schemas are documents (arrays, keywords) PATCH replaces.
  mergePatchFields: ['images', 'translations'],
  // Yourpass's name of the dynamic data schema, answered and accepted as well
  fieldAliases: { jsonSchema: 'dynamicDataJsonSchema' },
  derivedFields: ['jsonSchema'],
  // webhooks hear of a template's every change through the API (data: the template as answered)
  integrationEvents: {
    types: ['template.updated'],
    of: (action) => (action === 'update' ? 'template.updated' : undefined),
  },
  async authorizeCreate(call, data) {
    const projectId = String(data.projectId);
    await checkProject(call, projectId);
    checkValid(data);
    await checkCertificate(call, data.certificateId, projectId);
    await checkImageReferences(call.app.db, projectId, data.images as Record<string, unknown>, '/images');
  },
  async authorizeUpdate(call, row, data) {
    const merged = { ...row, ...data };
    const projectId = String(merged.projectId);
    const moved = projectId !== row.projectId;
    if (moved) {
      if (!can(call.viewer, Right.TEMPLATE_CREATE, projectId))
        throw forbidden({
          en: 'Moving a template needs the TEMPLATE_CREATE right on the project it moves to.',
          cs: 'Přesun šablony vyžaduje právo TEMPLATE_CREATE na projektu, kam se přesouvá.',
        });
      await checkProject(call, projectId);
      if (await templateRepository.hasLivePasses(call.app.db, row.id))
        throw field('/projectId', {
          en: "The template has passes, which always belong to their template's project: it cannot move to another project.",
          cs: 'Šablona má pasy, které vždy patří do projektu své šablony: nelze ji přesunout do jiného projektu.',
        });
    }
    checkValid(merged);
    if (moved || data.certificateId !== undefined)
      await checkCertificate(call, merged.certificateId, projectId);
    if (moved || data.images !== undefined)
      await checkImageReferences(call.app.db, projectId, merged.images as Record<string, unknown>, '/images');
  },
  toInsert: (_call, data: WriteData) =>
    rowValuesOf(TemplateWriteSchema, {
      dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      images: {},
      translations: {},
      distributable: false,
      saveToGooglePayObjectTemplate: null,
      certificateId: null,
      ...data,
    }),
  computedFields: (_call, row: Row) => ({
    valid: validateTemplate(templatePartsOf(row)).errors.length === 0,
    jsonSchema: row.dynamicDataJsonSchema,
  }),
};
