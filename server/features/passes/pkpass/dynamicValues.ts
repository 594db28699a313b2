import {
  PLACEHOLDER,
  RGB_COLOR,
  isIsoDateTime,
  parseNumberText,
  type WrappedType,
} from '../../../../domain/template/values';

/** A value of the pass's dynamic data at a dotted path (`customer.firstName`), or undefined. */
export function valueAt(data: unknown, dottedPath: string): unknown {
  let current: unknown = data;
  for (const part of dottedPath.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current === null ? undefined : current;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Fills the `#{name}` placeholders of a text from the data; answers the names that had no value (left as they
 * were in the text).
 *
 * @example fillPlaceholders('Hi #{name}', { name: 'Eva' }) // { text: 'Hi Eva', missing: [] }
 */
export function fillPlaceholders(text: string, data: unknown): { text: string; missing: string[] } {
  const missing: string[] = [];
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = valueAt(data, name);
    if (value === undefined) {
      missing.push(name);
      return whole;
    }
    return asText(value);
  });
  return { text: filled, missing };
}

/** rgb(r, g, b) as Apple writes colours; `#rrggbb` is read too. Undefined when not a colour. */
export function appleColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const rgb = RGB_COLOR.exec(value.trim());
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  const channels = rgb
    ? rgb.slice(1, 4).map(Number)
    : hex
      ? hex.slice(1, 4).map((channel) => parseInt(channel, 16))
      : undefined;
  if (!channels || channels.some((channel) => channel > 255)) return undefined;
  return `rgb(${channels.join(', ')})`;
}

/** An ISO 8601 date-time with its zone, as Apple wants (UTC when the text has none). Undefined when not a date. */
export function appleDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (isIsoDateTime(text)) return /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text))) return `${text}T00:00:00Z`;
  return undefined;
}

/** A number as a JSON number: numbers stay, texts such as '12,5' are read. */
export function appleNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return parseNumberText(value);
  return undefined;
}

/** A resolved text converted to the type a wrapped value declares; undefined when it is not of that type. */
export function typedValue(type: WrappedType, value: unknown): string | number | undefined {
  switch (type) {
    case 'string':
      return asText(value);
    case 'number':
      return appleNumber(value);
    case 'date':
      return appleDate(value);
    case 'color':
      return appleColor(value);
  }
}

/**
 * Field values of date, number and currency fields as Apple reads them (texts typed by people, converted).
 *
 * @example normaliseField(field) // { key: 'points', value: '12,5', numberStyle: … } → value 12.5
 */
export function normaliseField(field: Record<string, unknown>): void {
  if ('dateStyle' in field || 'timeStyle' in field) {
    const date = appleDate(field.value);
    if (date) field.value = date;
  } else if ('numberStyle' in field || 'currencyCode' in field) {
    const number = appleNumber(field.value);
    if (number !== undefined) field.value = number;
  }
}
