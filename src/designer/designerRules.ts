/**
 * The state rules of the template designer (spec section 4): what a style change, a barcode format, a
 * field type or a drag and drop does to the pass.json. Pure functions: each answers a new value.
 */
import { DEFAULT_BARCODE_ENCODING, DEFAULT_TRANSIT_TYPE } from '../../domain/template/defaults';
import type { BarcodeT, FieldT, JsonTemplateT, StyleBodyT } from '../../domain/template/jsonTemplateSchema';
import {
  CLASSIC_BARCODE_FORMATS,
  FIELD_AREAS,
  SHARED_ROW_MAX,
  isClassicBarcodeFormat,
  SHARED_ROW_STYLES,
  maxFields,
  type FieldArea,
  type PassStyle,
} from '../../domain/template/limits';
import { passStyleOf } from '../../domain/template/rules';

export type FieldType = 'text' | 'date' | 'number' | 'currency';
export const FIELD_TYPES: readonly FieldType[] = ['text', 'date', 'number', 'currency'];
export const DEFAULT_CURRENCY = 'CZK';
export const CODE128 = 'PKBarcodeFormatCode128';
/** Code 128 is not shown by iOS 8 and earlier: a second barcode in one of these formats stands in. */
export const FALLBACK_BARCODE_FORMATS = [
  'PKBarcodeFormatQR',
  'PKBarcodeFormatPDF417',
  'PKBarcodeFormatAztec',
] as const;
export const MAX_STORE_IDENTIFIERS = 10;

type BarcodeFormat = BarcodeT['format'];
type Json = Record<string, unknown>;

/** The body (fields, transit type) of the template's pass style; an empty body when it has none. */
export function bodyOf(template: JsonTemplateT): StyleBodyT {
  const style = passStyleOf(template);
  return (style ? template[style] : undefined) ?? {};
}

/** The template with a new body for its pass style. */
export function withBody(template: JsonTemplateT, body: StyleBodyT): JsonTemplateT {
  const style = passStyleOf(template);
  return style ? { ...template, [style]: body } : template;
}

/**
 * A new pass style: the body moves to the new style; boardingPass gets the generic transit type, the other
 * styles lose theirs.
 *
 * @example changePassStyle({ ...t, storeCard: { primaryFields } }, 'boardingPass').boardingPass
 * // { primaryFields, transitType: 'PKTransitTypeGeneric' }
 */
export function changePassStyle(template: JsonTemplateT, style: PassStyle): JsonTemplateT {
  const current = passStyleOf(template);
  if (current === style) return template;
  const { transitType, ...fields } = bodyOf(template);
  const result: JsonTemplateT = { ...template };
  if (current) delete result[current];
  result[style] =
    style === 'boardingPass' ? { ...fields, transitType: transitType ?? DEFAULT_TRANSIT_TYPE } : fields;
  return result;
}

/** A new barcode: QR, UTF-8, no message yet. */
export const newBarcode = (): BarcodeT => ({
  format: 'PKBarcodeFormatQR',
  message: '',
  messageEncoding: DEFAULT_BARCODE_ENCODING,
});

/**
 * The formats a fallback barcode may have behind a main format: iOS 8 and earlier cannot show Code 128, iOS 26 and
 * earlier none of iOS 27's formats; the other formats need no fallback.
 *
 * @example fallbackFormatsFor('PKBarcodeFormatEAN13') // the four classic formats
 */
export function fallbackFormatsFor(format: BarcodeFormat): readonly BarcodeFormat[] {
  if (format === CODE128) return FALLBACK_BARCODE_FORMATS;
  return isClassicBarcodeFormat(format) ? [] : CLASSIC_BARCODE_FORMATS;
}

/** The fallback of a new iOS 27 format: a linear one like it, which every iOS since 9 shows. */
const IOS27_FALLBACK: BarcodeFormat = CODE128;

/**
 * The barcodes with the main one changed. Code 128 adds a fallback barcode (QR unless one is chosen) that
 * carries the same message, and so does a format of iOS 27 (Code 128 unless a classic one is chosen); other
 * formats remove the fallback.
 *
 * @example changeBarcode([qr], { format: 'PKBarcodeFormatCode128' }) // [code128, { ...code128, format: QR }]
 * @example changeBarcode([qr], { format: 'PKBarcodeFormatEAN13' }) // [ean13, { ...ean13, format: Code 128 }]
 */
export function changeBarcode(
  barcodes: readonly BarcodeT[] | undefined,
  change: Partial<BarcodeT>,
): BarcodeT[] {
  const main: BarcodeT = { ...(barcodes?.[0] ?? newBarcode()), ...change };
  const allowed = fallbackFormatsFor(main.format);
  if (!allowed.length) return [main];
  const fallbackFormat =
    barcodes?.[1] && allowed.includes(barcodes[1].format)
      ? barcodes[1].format
      : main.format === CODE128
        ? 'PKBarcodeFormatQR'
        : IOS27_FALLBACK;
  return [main, { ...main, format: fallbackFormat }];
}

/** The format of the fallback barcode of a Code 128 barcode or of an iOS 27 one. */
export function changeFallbackFormat(barcodes: readonly BarcodeT[], format: BarcodeFormat): BarcodeT[] {
  const main = barcodes[0];
  if (!main || !fallbackFormatsFor(main.format).includes(format)) return [...barcodes];
  return [main, { ...main, format }];
}

/** Removing the barcode removes all barcode data. */
export function removeBarcode(template: JsonTemplateT): JsonTemplateT {
  const { barcodes: _removed, ...rest } = template;
  return rest;
}

export function fieldTypeOf(field: FieldT): FieldType {
  if ('dateStyle' in field) return 'date';
  if ('currencyCode' in field) return 'currency';
  if ('numberStyle' in field) return 'number';
  return 'text';
}

const KIND_PROPERTIES = [
  'dateStyle',
  'timeStyle',
  'ignoresTimeZone',
  'isRelative',
  'numberStyle',
  'currencyCode',
  'attributedValue',
  'dataDetectorTypes',
] as const;

const WRAPPED_TYPE_OF: Record<FieldType, string> = {
  text: 'string',
  date: 'date',
  number: 'number',
  currency: 'number',
};

/**
 * A field of another type, its related properties reset: number gets the decimal style; currency the currency
 * CZK; date ignores the time zone with short date and time styles; text has none. Only text fields keep an
 * attributed value (and data detectors). A placeholder value follows the new type.
 *
 * @example changeFieldType({ key: 'k', value: '1' }, 'currency') // { key: 'k', value: '1', currencyCode: 'CZK' }
 */
export function changeFieldType(field: FieldT, type: FieldType): FieldT {
  if (fieldTypeOf(field) === type) return field;
  const base: Json = { ...field };
  for (const key of KIND_PROPERTIES)
    if (type !== 'text' || (key !== 'attributedValue' && key !== 'dataDetectorTypes')) delete base[key];
  const value = base.value;
  if (typeof value === 'object' && value !== null && 'type' in value)
    base.value = { ...value, type: WRAPPED_TYPE_OF[type] };
  switch (type) {
    case 'number':
      return { ...base, numberStyle: 'PKNumberStyleDecimal' } as FieldT;
    case 'currency':
      return { ...base, currencyCode: DEFAULT_CURRENCY } as FieldT;
    case 'date':
      return {
        ...base,
        ignoresTimeZone: true,
        dateStyle: 'PKDateStyleShort',
        timeStyle: 'PKDateStyleShort',
      } as FieldT;
    case 'text':
      return base as FieldT;
  }
}

const ANCHOR = /<a\s+href\s*=\s*(["'])(.*?)\1\s*>(.*?)<\/a>/gi;
const ANY_TAG = /<[^>]*>/;

/**
 * An attributed value that holds only plain links, as plain text: each link becomes 'label: url'. Undefined
 * when the text holds other markup (it then stays an attributed value).
 *
 * @example attributedAsPlainText('<a href="https://acme.example">Web</a>') // 'Web: https://acme.example'
 */
export function attributedAsPlainText(html: string): string | undefined {
  const text = html.replace(ANCHOR, (_match, _quote, url: string, label: string) => `${label}: ${url}`);
  return ANY_TAG.test(text) ? undefined : text;
}

/** The areas a field may be dropped into: the front areas among themselves; the back only in itself. */
export function areasOfSameSide(area: FieldArea): FieldArea[] {
  return area === 'backFields' ? ['backFields'] : FIELD_AREAS.filter((other) => other !== 'backFields');
}

const isSharedRowArea = (area: FieldArea) => area === 'secondaryFields' || area === 'auxiliaryFields';

/** How many more fields an area takes (the shared secondary/auxiliary row counted). */
export function roomIn(style: PassStyle, body: StyleBodyT, area: FieldArea): number {
  const own = maxFields(style, area) - (body[area]?.length ?? 0);
  if (isSharedRowArea(area) && SHARED_ROW_STYLES.includes(style)) {
    const shared = SHARED_ROW_MAX - (body.secondaryFields?.length ?? 0) - (body.auxiliaryFields?.length ?? 0);
    return Math.min(own, shared);
  }
  return own;
}

export interface FieldPlace {
  area: FieldArea;
  index: number;
}

/** Can a field at `from` be dropped into `to`'s area? Within its own area always; elsewhere when there is room. */
export function canMoveField(style: PassStyle, body: StyleBodyT, from: FieldPlace, to: FieldArea): boolean {
  if (!body[from.area]?.[from.index]) return false;
  if (!areasOfSameSide(from.area).includes(to)) return false;
  if (from.area === to) return true;
  const ownRoom = maxFields(style, to) - (body[to]?.length ?? 0);
  // along the shared row the row's total stays the same
  const alongSharedRow =
    SHARED_ROW_STYLES.includes(style) && isSharedRowArea(from.area) && isSharedRowArea(to);
  return alongSharedRow ? ownRoom > 0 : roomIn(style, body, to) > 0;
}

/** The body with a field moved to a place (an index in the target area as it is before the move). */
export function moveField(body: StyleBodyT, from: FieldPlace, to: FieldPlace): StyleBodyT {
  const field = body[from.area]?.[from.index];
  if (!field) return body;
  const source = [...(body[from.area] ?? [])];
  source.splice(from.index, 1);
  const result: StyleBodyT = { ...body, [from.area]: source };
  const target = from.area === to.area ? source : [...(body[to.area] ?? [])];
  const index = from.area === to.area && to.index > from.index ? to.index - 1 : to.index;
  target.splice(Math.max(0, Math.min(index, target.length)), 0, field);
  result[to.area] = target;
  return withoutEmptyAreas(result);
}

function withoutEmptyAreas(body: StyleBodyT): StyleBodyT {
  const result: StyleBodyT = { ...body };
  for (const area of FIELD_AREAS) if (result[area]?.length === 0) delete result[area];
  return result;
}

const AREA_KEY_PREFIX: Record<FieldArea, string> = {
  headerFields: 'header',
  primaryFields: 'primary',
  secondaryFields: 'secondary',
  auxiliaryFields: 'auxiliary',
  backFields: 'back',
};

/** A key no field of the body has yet, named after the area: header1, header2, … */
export function newFieldKey(body: StyleBodyT, area: FieldArea): string {
  const used = new Set(FIELD_AREAS.flatMap((each) => body[each] ?? []).map((field) => field.key));
  let number = 1;
  while (used.has(`${AREA_KEY_PREFIX[area]}${number}`)) number += 1;
  return `${AREA_KEY_PREFIX[area]}${number}`;
}

/** The body with a new text field at the end of an area, or undefined when the area is full. */
export function addField(style: PassStyle, body: StyleBodyT, area: FieldArea): StyleBodyT | undefined {
  if (roomIn(style, body, area) <= 0) return undefined;
  const field: FieldT = { key: newFieldKey(body, area), label: 'Label', value: 'Value' };
  return { ...body, [area]: [...(body[area] ?? []), field] };
}

export function removeField(body: StyleBodyT, place: FieldPlace): StyleBodyT {
  const fields = [...(body[place.area] ?? [])];
  fields.splice(place.index, 1);
  return withoutEmptyAreas({ ...body, [place.area]: fields });
}

export function replaceField(body: StyleBodyT, place: FieldPlace, field: FieldT): StyleBodyT {
  const fields = [...(body[place.area] ?? [])];
  fields[place.index] = field;
  return { ...body, [place.area]: fields };
}

export class DesignerRuleError extends Error {}

/**
 * The store app ids with one more; an id already there, or one too many, is refused.
 *
 * @example addStoreIdentifier([284882215], 284882215) // throws 'already contains app with ID 284882215'
 */
export function addStoreIdentifier(ids: readonly number[] | undefined, id: number): number[] {
  const current = ids ?? [];
  if (current.includes(id)) throw new DesignerRuleError(`already contains app with ID ${id}`);
  if (current.length >= MAX_STORE_IDENTIFIERS)
    throw new DesignerRuleError(`at most ${MAX_STORE_IDENTIFIERS} associated apps`);
  return [...current, id];
}
