import { PASS_STYLES, type BarcodeFormat, type PassStyle } from '../../../domain/template/limits';
import { RGB_COLOR } from '../../../domain/template/values';

/** One field as people read it: its label and its value, formatted. */
export interface CardField {
  label: string;
  value: string;
}

/** The bwip-js symbology that draws each of Wallet's barcode formats. */
const SYMBOLOGIES = {
  PKBarcodeFormatQR: 'qrcode',
  PKBarcodeFormatPDF417: 'pdf417',
  PKBarcodeFormatAztec: 'azteccode',
  PKBarcodeFormatCode128: 'code128',
  PKBarcodeFormatCode39: 'code39',
  // the message carries Codabar's start and stop characters (A to D), as bwip-js asks
  PKBarcodeFormatCodabar: 'rationalizedCodabar',
  PKBarcodeFormatEAN13: 'ean13',
  PKBarcodeFormatI2of5: 'interleaved2of5',
} as const satisfies Record<BarcodeFormat, string>;

/** The barcode of a pass as it is drawn: a bwip-js symbology, the encoded message and the text under it. */
export interface CardBarcode {
  symbology: (typeof SYMBOLOGIES)[BarcodeFormat];
  message: string;
  altText: string;
}

/** What the landing page and the PDF show of a pass: the front of the card, its back fields and barcode. */
export interface PassCard {
  style: PassStyle;
  organizationName: string;
  description: string;
  logoText: string;
  colors: { background: string; foreground: string; label: string };
  headerFields: CardField[];
  primaryFields: CardField[];
  secondaryFields: CardField[];
  auxiliaryFields: CardField[];
  backFields: CardField[];
  barcode: CardBarcode | undefined;
  voided: boolean;
}

const INTL_STYLES: Record<string, 'short' | 'medium' | 'long' | 'full' | undefined> = {
  PKDateStyleNone: undefined,
  PKDateStyleShort: 'short',
  PKDateStyleMedium: 'medium',
  PKDateStyleLong: 'long',
  PKDateStyleFull: 'full',
};

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

function color(value: unknown, fallback: string): string {
  return typeof value === 'string' && RGB_COLOR.test(value) ? value : fallback;
}

function formatDate(field: JsonObject, language: string): string | undefined {
  const dateStyle = INTL_STYLES[text(field.dateStyle)];
  const timeStyle = INTL_STYLES[text(field.timeStyle)];
  const date = new Date(text(field.value));
  if ((!dateStyle && !timeStyle) || Number.isNaN(date.getTime())) return undefined;
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle,
      timeStyle,
      ...(field.ignoresTimeZone === true ? { timeZone: 'UTC' } : {}),
    }).format(date);
  } catch {
    return undefined;
  }
}

function formatNumber(field: JsonObject, language: string): string | undefined {
  const value = Number(field.value);
  if (field.value === '' || !Number.isFinite(value)) return undefined;
  try {
    if (typeof field.currencyCode === 'string')
      return new Intl.NumberFormat(language, { style: 'currency', currency: field.currencyCode }).format(
        value,
      );
    if (field.numberStyle === 'PKNumberStylePercent')
      return new Intl.NumberFormat(language, { style: 'percent' }).format(value);
    if (field.numberStyle === 'PKNumberStyleScientific')
      return new Intl.NumberFormat(language, { notation: 'scientific' }).format(value);
    if (field.numberStyle === 'PKNumberStyleSpellOut') return undefined;
    if (field.numberStyle) return new Intl.NumberFormat(language).format(value);
  } catch {
    return undefined;
  }
  return undefined;
}

function cardFields(value: unknown, language: string): CardField[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((field) => ({
    label: text(field.label),
    value:
      formatDate(field, language) ??
      formatNumber(field, language) ??
      // attributedValue may hold an <a href> link: its text only
      (field.attributedValue !== undefined
        ? text(field.attributedValue).replace(/<[^>]*>/g, '')
        : text(field.value)),
  }));
}

const symbologyOf = (format: unknown): CardBarcode['symbology'] | undefined =>
  typeof format === 'string' && Object.hasOwn(SYMBOLOGIES, format)
    ? SYMBOLOGIES[format as BarcodeFormat]
    : undefined;

function barcodeOf(passJson: JsonObject): CardBarcode | undefined {
  const barcodes = Array.isArray(passJson.barcodes) ? passJson.barcodes : [passJson.barcode];
  // the first barcode a device can show everywhere; Code 128 only when it is the only one. An iOS 27 format first
  // in the list is drawn: it is what today's Wallet shows
  const candidates = barcodes.filter(isObject).filter((barcode) => symbologyOf(barcode.format));
  const barcode =
    candidates.find((candidate) => candidate.format !== 'PKBarcodeFormatCode128') ?? candidates[0];
  const symbology = symbologyOf(barcode?.format);
  if (!barcode || !symbology || text(barcode.message) === '') return undefined;
  return {
    symbology,
    message: text(barcode.message),
    altText: text(barcode.altText),
  };
}

/**
 * The card of a resolved pass.json (placeholders filled, texts in the view's language), ready to draw.
 *
 * @example passCardOf(view.passJson, view.language, view.pass.voided).primaryFields[0] // { label: 'Name', value: 'Jane' }
 */
export function passCardOf(passJson: JsonObject, language: string, voided: boolean): PassCard {
  const style = PASS_STYLES.find((candidate) => isObject(passJson[candidate])) ?? 'generic';
  const body = isObject(passJson[style]) ? passJson[style] : {};
  const foreground = color(passJson.foregroundColor, 'rgb(0,0,0)');
  return {
    style,
    organizationName: text(passJson.organizationName),
    description: text(passJson.description),
    logoText: text(passJson.logoText),
    colors: {
      background: color(passJson.backgroundColor, 'rgb(255,255,255)'),
      foreground,
      label: color(passJson.labelColor, foreground),
    },
    headerFields: cardFields(body.headerFields, language),
    primaryFields: cardFields(body.primaryFields, language),
    secondaryFields: cardFields(body.secondaryFields, language),
    auxiliaryFields: cardFields(body.auxiliaryFields, language),
    backFields: cardFields(body.backFields, language),
    barcode: barcodeOf(passJson),
    voided: voided || passJson.voided === true,
  };
}
