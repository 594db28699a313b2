/**
 * The value forms of a template (spec section 5): literals, `#{name}` placeholders with typed fallbacks,
 * rgb colours, ISO date-times and numbers.
 */

/** A placeholder: `#{name}`; names are short identifiers, dotted paths allowed (`#{customer.firstName}`). */
export const PLACEHOLDER = /#\{([A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,3})\}/g;
export const ANY_PLACEHOLDER_MARK = /#\{/;
export const WHOLE_PLACEHOLDER = /^#\{([A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,3})\}$/;

export const RGB_COLOR = /^rgb\((\d{1,3}), ?(\d{1,3}), ?(\d{1,3})\)$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const NUMBER_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
export const LANGUAGE_CODE = /^[a-z]{2}$/;

export type WrappedType = 'string' | 'number' | 'date' | 'color';

export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

/** True when the text has `#{` that is not a well-formed placeholder. */
export function hasMalformedPlaceholder(text: string): boolean {
  return ANY_PLACEHOLDER_MARK.test(text.replace(PLACEHOLDER, ''));
}

export function hasPlaceholder(text: string): boolean {
  return ANY_PLACEHOLDER_MARK.test(text);
}

export function isRgbColor(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = RGB_COLOR.exec(value);
  return match !== null && match.slice(1, 4).every((channel) => Number(channel) <= 255);
}

/** Does an ISO date-time end with its zone (Z or an offset such as +01:00)? */
export function hasTimeZone(text: string): boolean {
  return /(Z|[+-]\d{2}:\d{2})$/.test(text);
}

export function isIsoDateTime(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A number as typed by a person: optional sign and decimal point, a comma read as a dot.
 * Undefined while it is not yet a number (empty, or ending in a dot while typing).
 */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed) || /[.,]$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

export function isNumberValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && parseNumberText(value) !== undefined;
}
