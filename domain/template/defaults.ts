import type { JsonTemplateT } from './jsonTemplateSchema';

/** A new template (spec section 3): white on black, an empty store card. */
export function defaultJsonTemplate(): JsonTemplateT {
  return {
    labelColor: 'rgb(255,255,255)',
    description: 'Description',
    backgroundColor: 'rgb(0,0,0)',
    foregroundColor: 'rgb(255,255,255)',
    organizationName: 'Organization name',
    storeCard: {},
  };
}

/** The dynamic data of a new template: an object (or nothing) without properties yet. */
export function defaultDynamicDataJsonSchema(): Record<string, unknown> {
  return { type: ['object', 'null'], title: 'DynamicData', properties: {} };
}

export const DEFAULT_BARCODE_ENCODING = 'UTF-8';
export const DEFAULT_TRANSIT_TYPE = 'PKTransitTypeGeneric';
