import type { CertificateRow, PassRow, TemplateRow } from '../../../kernel/db/tables';
import { PASS_STYLES } from '../../../../domain/template/limits';
import { appleColor, appleDate, normaliseField } from './dynamicValues';
import { withEntriesField } from './entriesField';
import type { Problem } from './problems';
import { normaliseIosContent } from './iosContent';
import { resolveTemplate, type TextMode } from './resolveTemplate';
import { withUpcomingImages, type ImageLinks } from './upcomingImages';
import { asRecord } from './jsonParts';

export interface PassJsonResult {
  passJson: Record<string, unknown>;
  /** strings mode: language → key → text, for `{lang}.lproj/pass.strings` */
  strings: Record<string, Record<string, string>>;
  errors: Problem[];
}

export interface PassJsonInput {
  pass: PassRow;
  template: TemplateRow;
  certificate: CertificateRow | undefined;
  /** the absolute address of the Apple Wallet web service (pass.json webServiceURL) */
  webServiceUrl: string;
  /** where upcoming events' images download from; without it (a view for people) they are left out */
  imageLinks?: ImageLinks;
}

/** The template's languages, English first when it has no list. */
export function languagesOf(template: TemplateRow): string[] {
  const languages = Array.isArray(template.languages) ? template.languages.map(String) : [];
  return languages.length ? languages : ['en'];
}

function normalise(json: Record<string, unknown>): void {
  for (const color of ['labelColor', 'backgroundColor', 'foregroundColor']) {
    const value = appleColor(json[color]);
    if (value) json[color] = value;
  }
  for (const date of ['relevantDate', 'expirationDate']) {
    const value = appleDate(json[date]);
    if (value) json[date] = value;
  }
  for (const style of PASS_STYLES) {
    const body = asRecord(json[style]);
    for (const area of Object.values(body))
      if (Array.isArray(area)) for (const field of area) normaliseField(asRecord(field));
  }
}

/** What iOS before 9 shows: not Code 128, nor the linear formats of iOS 27. */
const LEGACY_FORMATS: readonly unknown[] = [
  'PKBarcodeFormatQR',
  'PKBarcodeFormatPDF417',
  'PKBarcodeFormatAztec',
];

/** The barcode older devices read (`barcode`, before iOS 9): the first one they can show, else a QR of it. */
function legacyBarcode(barcodes: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(barcodes) || barcodes.length === 0) return undefined;
  const shown = barcodes.map(asRecord);
  const readable = shown.find((barcode) => LEGACY_FORMATS.includes(barcode.format));
  return readable ?? { ...shown[0], format: 'PKBarcodeFormatQR' };
}

/**
 * pass.json of a pass: the template resolved with the pass's dynamic data, plus what Apple needs to sign, update
 * and show it (formatVersion, serialNumber, pass type and team of the certificate, web service, token, voided,
 * expiration). In strings mode, localised texts are keys whose texts per language come back in `strings`, with
 * the template's translations.
 *
 * @example buildPassJson({ pass, template, certificate, webServiceUrl }, { kind: 'strings' })
 */
export function buildPassJson(input: PassJsonInput, mode: TextMode): PassJsonResult {
  const { pass, template, certificate } = input;
  const languages = languagesOf(template);
  const resolved = resolveTemplate(template.jsonTemplate, pass.dynamicData, languages, mode);
  const json = resolved.json;
  normalise(json);
  normaliseIosContent(json);
  const imageErrors = withUpcomingImages(json, input.imageLinks);
  // iPhones refuse an nfc dictionary from a certificate Apple did not enable for NFC (the pre-flight says so)
  if (!certificate?.nfcEnabled) delete json.nfc;
  withEntriesField(json, pass.dynamicData, languages);
  const barcode = legacyBarcode(json.barcodes);
  const passJson: Record<string, unknown> = {
    formatVersion: 1,
    serialNumber: pass.id,
    passTypeIdentifier: certificate?.passTypeId ?? '',
    teamIdentifier: certificate?.teamId ?? '',
    webServiceURL: input.webServiceUrl,
    authenticationToken: pass.authenticationToken,
    ...json,
    ...(barcode ? { barcode } : {}),
  };
  if (pass.voided) passJson.voided = true;
  if (pass.expirationDate) passJson.expirationDate = new Date(pass.expirationDate).toISOString();

  const strings: Record<string, Record<string, string>> = {};
  if (mode.kind === 'strings') {
    const translations = asRecord(template.translations);
    for (const language of new Set([...languages, ...Object.keys(translations)])) {
      const entries: Record<string, string> = {};
      for (const [key, text] of Object.entries(asRecord(translations[language])))
        if (typeof text === 'string') entries[key] = text;
      for (const [key, texts] of resolved.localised)
        if (texts[language] !== undefined) entries[key] = texts[language];
      if (Object.keys(entries).length) strings[language] = entries;
    }
  }
  return { passJson, strings, errors: [...resolved.errors, ...imageErrors] };
}

/** A template text that is a key of the template's translations, in the language (view mode). */
export function translated(
  template: TemplateRow,
  language: string,
  json: Record<string, unknown>,
): Record<string, unknown> {
  const table = asRecord(asRecord(template.translations)[language]);
  if (Object.keys(table).length === 0) return json;
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') return typeof table[value] === 'string' ? table[value] : value;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]));
    return value;
  };
  return swap(json) as Record<string, unknown>;
}
