/**
 * Numbers, dates and colours of the pass.json (spec section 5): a literal, or a whole `#{name}` placeholder
 * wrapped with a fallback literal of the same kind.
 */
import {
  hasPlaceholder,
  isIsoDateTime,
  isRgbColor,
  parseNumberText,
  RGB_COLOR,
} from '../../../domain/template/values';
import { isWrappedValue } from './textValue';

export type TypedKind = 'number' | 'date' | 'color';
/** What a value holds: a text, or a literal (or placeholder) of a kind. */
export type ValueKind = 'string' | TypedKind;

/**
 * A stored literal as text; '' for no value.
 *
 * @example literalText(1.5) // '1.5'
 */
export function literalText(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : '';
}

/**
 * A typed text as the literal to keep: a complete number becomes a number, any other text stays as typed;
 * an empty text is '' when a value is required, else no value.
 *
 * @example literalOf('number', '1,5', true) // 1.5
 * @example literalOf('number', '1,', true) // '1,'
 */
export function literalOf(kind: TypedKind, text: string, required: boolean): unknown {
  if (text === '') return required ? '' : undefined;
  return kind === 'number' ? (parseNumberText(text) ?? text) : text;
}

/**
 * Is this a literal of the kind, good for a fallback?
 *
 * @example isLiteralOf('color', 'rgb(0,0,0)') // true
 */
export function isLiteralOf(kind: TypedKind, value: unknown): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return isIsoDateTime(value);
    case 'color':
      return isRgbColor(value);
  }
}

/**
 * The value for a typed text: a text with a placeholder is wrapped, keeping the fallback (or, at the switch from a
 * literal, the literal as the fallback); other texts are literals.
 *
 * @example storedTyped('color', '#{brand}', 'rgb(0,0,0)', true) // { type: 'color', value: '#{brand}', fallback: 'rgb(0,0,0)' }
 */
export function storedTyped(kind: TypedKind, text: string, current: unknown, required: boolean): unknown {
  if (!hasPlaceholder(text)) return literalOf(kind, text, required);
  const fallback = isWrappedValue(current)
    ? current.fallback
    : isLiteralOf(kind, current)
      ? current
      : undefined;
  return { type: kind, value: text, ...(fallback === undefined ? {} : { fallback }) };
}

/**
 * A wrapped value with a new fallback typed; an empty one removes the fallback.
 *
 * @example withFallback('number', { type: 'number', value: '#{points}' }, '0,5') // { type: 'number', value: '#{points}', fallback: 0.5 }
 */
export function withFallback(kind: TypedKind, wrapped: object, text: string): Record<string, unknown> {
  const { fallback: _previous, ...rest } = wrapped as Record<string, unknown>;
  const fallback = literalOf(kind, text, false);
  return fallback === undefined ? rest : { ...rest, fallback };
}

const hexByte = (value: string) => Number(value).toString(16).padStart(2, '0');

/**
 * An rgb colour as the `#rrggbb` of a colour picker; undefined for text that is not a colour.
 *
 * @example hexOfRgb('rgb(255, 0, 16)') // '#ff0010'
 */
export function hexOfRgb(text: string): string | undefined {
  if (!isRgbColor(text)) return undefined;
  const match = RGB_COLOR.exec(text);
  return match ? `#${match.slice(1, 4).map(hexByte).join('')}` : undefined;
}

/**
 * A colour picker's `#rrggbb` as the pass.json's rgb colour.
 *
 * @example rgbOfHex('#ff0010') // 'rgb(255,0,16)'
 */
export function rgbOfHex(hex: string): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) || 0);
  return `rgb(${channels.join(',')})`;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ZONE = /(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO date-time as the `YYYY-MM-DDThh:mm` of a date-time picker; '' for other text.
 *
 * @example pickerValueOf('2026-05-01T18:30:00Z') // '2026-05-01T18:30'
 */
export function pickerValueOf(text: string): string {
  return isIsoDateTime(text) ? (LOCAL_DATE_TIME.exec(text)?.[0] ?? '') : '';
}

/**
 * A date-time picker's value as an ISO date-time, keeping the zone of the previous value.
 *
 * @example isoOfPicker('2026-05-01T18:30', '2026-01-01T10:00:00+02:00') // '2026-05-01T18:30:00+02:00'
 */
export function isoOfPicker(local: string, previous: string): string {
  const zone = isIsoDateTime(previous) ? (ZONE.exec(previous)?.[0] ?? '') : '';
  return `${local.slice(0, 16)}:00${zone}`;
}
