/**
 * The texts and colours the pass preview shows for the values of a pass.json: localised texts in the preview
 * language, `#{placeholders}` filled from sample data (or their fallback), and field values formatted by kind
 * as Wallet formats them.
 */
import type { FieldT, WrappedValueT } from '../../../domain/template/jsonTemplateSchema';
import { PLACEHOLDER, isRgbColor, parseNumberText } from '../../../domain/template/values';
import { dynamicValueAt } from '../dynamicData';
import { fieldTypeOf } from '../designerRules';

export type SampleData = Record<string, unknown>;

/** English stands in for a language a text lacks (spec section 2). */
export const FALLBACK_LANGUAGE = 'en';

type Localised = Record<string, string>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWrapped = (value: unknown): value is WrappedValueT => isObject(value) && 'type' in value;

/**
 * A text in the preview language: the language's own, else English, else the first one there is.
 *
 * @example localisedText({ en: 'Seat', cs: 'Sedadlo' }, 'cs') // 'Sedadlo'
 * @example localisedText({ cs: 'Sedadlo' }, 'de') // 'Sedadlo'
 */
export function localisedText(value: string | number | Localised, language: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const text: unknown = value[language] ?? value[FALLBACK_LANGUAGE] ?? Object.values(value)[0];
  return typeof text === 'string' ? text : '';
}

/**
 * The text with its `#{name}` placeholders filled from the sample data; undefined when one has no sample.
 *
 * @example fillPlaceholders('Hello #{name}', { name: 'Jane' }) // 'Hello Jane'
 * @example fillPlaceholders('Hello #{name}', {}) // undefined
 */
export function fillPlaceholders(text: string, sampleData: SampleData): string | undefined {
  let complete = true;
  const filled = text.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const sample = dynamicValueAt(sampleData, name);
    if (sample === undefined) complete = false;
    return sample === undefined ? '' : String(sample);
  });
  return complete ? filled : undefined;
}

/**
 * The text shown for a value of the pass.json. A wrapped value shows its placeholders filled from the sample
 * data, else its fallback; a plain text keeps the placeholders that have no sample, so that the designer sees
 * where data goes.
 *
 * @example displayText({ type: 'string', value: '#{name}', fallback: { en: 'Guest', cs: 'Host' } }, 'cs', {}) // 'Host'
 * @example displayText('Dear #{name}', 'en', {}) // 'Dear #{name}'
 */
export function displayText(value: unknown, language: string, sampleData: SampleData): string {
  if (isWrapped(value)) {
    const text = localisedText(value.value, language);
    const filled = fillPlaceholders(text, sampleData);
    if (filled !== undefined) return filled;
    return value.fallback === undefined ? text : localisedText(value.fallback, language);
  }
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' && !isObject(value)) return '';
  const text = localisedText(value as string | Localised, language);
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const sample = dynamicValueAt(sampleData, name);
    return sample === undefined ? placeholder : String(sample);
  });
}

const DATE_STYLE_OPTION = {
  PKDateStyleNone: undefined,
  PKDateStyleShort: 'short',
  PKDateStyleMedium: 'medium',
  PKDateStyleLong: 'long',
  PKDateStyleFull: 'full',
} as const;

// Building an Intl formatter costs far more than using one: the preview formats on every keystroke.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cachedFormatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => T): T {
  const known = formatters.get(key);
  if (known) return known as T;
  const formatter = create();
  formatters.set(key, formatter);
  return formatter;
}

const ZONE = /(Z|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The date-time as written, read as UTC: its zone dropped. */
function asWrittenInUtc(text: string): string {
  return DATE_ONLY.test(text) ? `${text}T00:00:00Z` : `${text.replace(ZONE, '')}Z`;
}

/**
 * A date-time in the preview language. Ignoring the time zone shows the time as written (read as UTC).
 *
 * @example formatDate('2026-05-01T18:30:00+02:00', 'en', { dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort', ignoresTimeZone: true })
 * // 'May 1, 2026, 6:30 PM'
 */
export function formatDate(
  text: string,
  language: string,
  field: {
    dateStyle: keyof typeof DATE_STYLE_OPTION;
    timeStyle: keyof typeof DATE_STYLE_OPTION;
    ignoresTimeZone?: boolean;
  },
): string {
  const written = field.ignoresTimeZone ? asWrittenInUtc(text) : text;
  const date = new Date(written);
  if (Number.isNaN(date.getTime())) return text;
  const dateStyle = DATE_STYLE_OPTION[field.dateStyle];
  const timeStyle = DATE_STYLE_OPTION[field.timeStyle];
  const options: Intl.DateTimeFormatOptions = {
    ...(dateStyle ? { dateStyle } : {}),
    ...(timeStyle ? { timeStyle } : {}),
    ...(field.ignoresTimeZone ? { timeZone: 'UTC' } : {}),
  };
  const key = `date|${language}|${dateStyle}|${timeStyle}|${field.ignoresTimeZone === true}`;
  try {
    return cachedFormatter(key, () => new Intl.DateTimeFormat(language, options)).format(date);
  } catch {
    return text;
  }
}

const NUMBER_STYLE_OPTION: Record<string, Intl.NumberFormatOptions> = {
  PKNumberStyleDecimal: { style: 'decimal', maximumFractionDigits: 10 },
  PKNumberStylePercent: { style: 'percent', maximumFractionDigits: 10 },
  PKNumberStyleScientific: { notation: 'scientific', maximumFractionDigits: 10 },
  // Intl cannot spell numbers out: digits say the same
  PKNumberStyleSpellOut: { style: 'decimal', maximumFractionDigits: 10 },
};

/**
 * A number in the preview language by the field's number style (spell-out shows digits).
 *
 * @example formatNumber('0.25', 'en', 'PKNumberStylePercent') // '25%'
 */
export function formatNumber(text: string, language: string, numberStyle: string): string {
  const number = parseNumberText(text);
  if (number === undefined) return text;
  const options = NUMBER_STYLE_OPTION[numberStyle] ?? NUMBER_STYLE_OPTION.PKNumberStyleDecimal;
  try {
    return cachedFormatter(
      `number|${language}|${numberStyle}`,
      () => new Intl.NumberFormat(language, options),
    ).format(number);
  } catch {
    return text;
  }
}

/**
 * An amount in the preview language with its currency.
 *
 * @example formatCurrency('150', 'en', 'CZK') // 'CZK 150.00'
 */
export function formatCurrency(text: string, language: string, currencyCode: string): string {
  const number = parseNumberText(text);
  if (number === undefined) return text;
  try {
    return cachedFormatter(
      `currency|${language}|${currencyCode}`,
      () => new Intl.NumberFormat(language, { style: 'currency', currency: currencyCode }),
    ).format(number);
  } catch {
    return `${text} ${currencyCode}`;
  }
}

/**
 * The value of a field as the pass shows it: its text (see displayText), formatted by the field's kind.
 *
 * @example displayFieldValue({ key: 'total', value: 150, currencyCode: 'CZK' }, 'cs', {}) // '150,00 Kč'
 */
export function displayFieldValue(field: FieldT, language: string, sampleData: SampleData): string {
  const text = displayText(field.value, language, sampleData);
  if (text === '') return text;
  switch (fieldTypeOf(field)) {
    case 'date':
      return 'dateStyle' in field ? formatDate(text, language, field) : text;
    case 'number':
      return 'numberStyle' in field ? formatNumber(text, language, field.numberStyle) : text;
    case 'currency':
      return 'currencyCode' in field ? formatCurrency(text, language, field.currencyCode) : text;
    case 'text':
      return text;
  }
}

/**
 * A colour of the pass.json as CSS: a literal rgb(…), a wrapped colour's sample or fallback; the default when
 * there is none or it is not a valid rgb colour.
 *
 * @example displayColor({ type: 'color', value: '#{brand}', fallback: 'rgb(0, 80, 160)' }, {}, 'rgb(0,0,0)')
 * // 'rgb(0, 80, 160)'
 */
export function displayColor(value: unknown, sampleData: SampleData, defaultColor: string): string {
  if (isRgbColor(value)) return value;
  if (!isWrapped(value)) return defaultColor;
  const text = typeof value.value === 'string' ? value.value : '';
  const sample = fillPlaceholders(text, sampleData);
  if (isRgbColor(sample)) return sample;
  return isRgbColor(value.fallback) ? value.fallback : defaultColor;
}
