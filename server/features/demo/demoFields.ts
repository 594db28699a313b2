import type { FieldT } from '../../../domain/template/jsonTemplateSchema';

// Short forms of the fields, barcodes and schema properties the demo templates (demoDesigns.ts) are written with.

export const text = (key: string, label: string, value: string, fallback: string): FieldT => ({
  key,
  label,
  value: { type: 'string', value, fallback },
});
export const number = (key: string, label: string, value: string, fallback: number): FieldT => ({
  key,
  label,
  value: { type: 'number', value, fallback },
  numberStyle: 'PKNumberStyleDecimal',
});
export const date = (key: string, label: string, value: string, fallback: string, time = false): FieldT => ({
  key,
  label,
  value: { type: 'date', value, fallback },
  dateStyle: 'PKDateStyleMedium',
  timeStyle: time ? 'PKDateStyleShort' : 'PKDateStyleNone',
});
/** A barcode of one placeholder; the text under it shows the same one, or another (a ticket's number, not its code). */
export const placeholderBarcode = (
  format: 'PKBarcodeFormatQR' | 'PKBarcodeFormatPDF417',
  placeholder: string,
  fallback: string,
  altText: { placeholder: string; fallback: string } = { placeholder, fallback },
) => ({
  format,
  message: { type: 'string' as const, value: `#{${placeholder}}`, fallback },
  messageEncoding: 'iso-8859-1',
  altText: { type: 'string' as const, value: `#{${altText.placeholder}}`, fallback: altText.fallback },
});

/** A JSON Schema of an object with titled properties, the named ones required. */
export function objectSchema(
  title: string,
  properties: Record<string, Record<string, unknown>>,
  required: string[],
): Record<string, unknown> {
  return { type: 'object', title, properties, required };
}
export const STRING = (title: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  title,
  ...extra,
});
export const DATE_TIME = (title: string) => ({ type: 'string', format: 'date-time', title });
