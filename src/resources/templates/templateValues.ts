import type { Template, TemplateWrite } from '../../../domain/schemas/template';
import { templatePartsOf, type TemplateParts } from '../../../domain/template/validateTemplate';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => value === null || value === undefined || value === '';

function withoutBlanks(item: unknown): unknown {
  if (!isObject(item)) return item;
  return Object.fromEntries(Object.entries(item).filter(([, value]) => !isBlank(value)));
}

/**
 * The pass.json as the relevance inputs leave it, made ready to save: emptied inputs (null, '') drop
 * their property, and empty location or beacon lists drop the list.
 *
 * @example cleanJsonTemplate({ locations: [], maxDistance: null, storeCard: {} }) // { storeCard: {} }
 */
export function cleanJsonTemplate(jsonTemplate: unknown): unknown {
  if (!isObject(jsonTemplate)) return jsonTemplate;
  const result: Json = { ...jsonTemplate };
  for (const key of ['maxDistance', 'relevantDate'] as const) if (isBlank(result[key])) delete result[key];
  for (const key of ['locations', 'beacons'] as const) {
    const list = result[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) delete result[key];
    else result[key] = list.map(withoutBlanks);
  }
  return result;
}

/**
 * The form's values, ready to save (and to validate exactly as they would be saved); without `jsonSchema`, which
 * the server answers as another name of dynamicDataJsonSchema (the one the form edits).
 */
export const templateForSave = <T extends Partial<Template>>({ jsonSchema: _alias, ...values }: T): T =>
  ({
    ...values,
    jsonTemplate: cleanJsonTemplate(values.jsonTemplate) as Template['jsonTemplate'],
  }) as T;

/** What validateTemplate checks of the form's values: the values as they would be saved. */
export const templateParts = (values: Partial<Template>): TemplateParts =>
  templatePartsOf(templateForSave(values));

/**
 * Duplicate (spec section 2): the saved template named '{name} - copy', without id, timestamps, the
 * computed validity and the Save to Google Pay object template.
 */
export const duplicateOf = (template: Template): TemplateWrite => ({
  name: `${template.name} - copy`,
  projectId: template.projectId,
  certificateId: template.certificateId,
  languages: template.languages,
  distributable: template.distributable,
  trackLinks: template.trackLinks,
  jsonTemplate: template.jsonTemplate,
  dynamicDataJsonSchema: template.dynamicDataJsonSchema,
  images: template.images,
  translations: template.translations,
});
