/**
 * The properties of a pass field the editor offers (spec section 3), each stored value with the key of its text
 * under app.designer.fields, and the small rules of editing them.
 */
import type { DateFieldT, FieldT, TextFieldT } from '../../../domain/template/jsonTemplateSchema';
import { linksOf } from '../../../domain/template/links';
import {
  DATA_DETECTOR_TYPES,
  DATE_STYLES,
  NUMBER_STYLES,
  TEXT_ALIGNMENTS,
} from '../../../domain/template/limits';
import { attributedAsPlainText, fieldTypeOf, type FieldType } from '../designerRules';
import type { ValueKind } from '../values/typedValue';

/** A stored value and the key of its label. */
export interface PropertyOption<T extends string> {
  value: T;
  labelKey: string;
}

/** The options of a property, labelled from its stored names. */
const optionsOf = <T extends string>(values: readonly T[], labelKeyOf: (value: T) => string) =>
  values.map((value): PropertyOption<T> => ({ value, labelKey: labelKeyOf(value) }));

/** 'PKDateStyleShort' → 'short', 'PKNumberStyleSpellOut' → 'spellOut' */
const nameAfter = (prefix: string) => (value: string) => {
  const name = value.slice(prefix.length);
  return name.charAt(0).toLowerCase() + name.slice(1);
};

const ALIGNMENT_ORDER = [
  'PKTextAlignmentNatural',
  'PKTextAlignmentLeft',
  'PKTextAlignmentCenter',
  'PKTextAlignmentRight',
] as const satisfies ReadonlyArray<(typeof TEXT_ALIGNMENTS)[number]>;

export const ALIGNMENT_OPTIONS = optionsOf(
  ALIGNMENT_ORDER,
  (value) => `app.designer.fields.alignments.${nameAfter('PKTextAlignment')(value)}`,
);
export const DATE_STYLE_OPTIONS = optionsOf(
  DATE_STYLES,
  (value) => `app.designer.fields.dateStyles.${nameAfter('PKDateStyle')(value)}`,
);
export const NUMBER_STYLE_OPTIONS = optionsOf(
  NUMBER_STYLES,
  (value) => `app.designer.fields.numberStyles.${nameAfter('PKNumberStyle')(value)}`,
);
export const DETECTOR_OPTIONS = optionsOf(
  DATA_DETECTOR_TYPES,
  (value) => `app.designer.fields.detectors.${nameAfter('PKDataDetectorType')(value)}`,
);

export type { DateFieldT, TextFieldT };

/**
 * A text field (no date, number or currency properties)?
 *
 * @example isTextField({ key: 'k', value: 'v' }) // true
 */
export const isTextField = (field: FieldT): field is TextFieldT => fieldTypeOf(field) === 'text';

/** The kind of value a field of a type holds. */
export const VALUE_KIND_OF: Record<FieldType, ValueKind> = {
  text: 'string',
  date: 'date',
  number: 'number',
  currency: 'number',
};

/**
 * The field with a property set; undefined removes it.
 *
 * @example withProperty({ key: 'k', value: 'v', textAlignment: 'PKTextAlignmentLeft' }, 'textAlignment', undefined)
 * // { key: 'k', value: 'v' }
 */
export function withProperty(field: FieldT, name: string, value: unknown): FieldT {
  const next: Record<string, unknown> = { ...field };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next as FieldT;
}

function plainTextOfLinks(text: string): string | undefined {
  return linksOf(text).length > 0 ? attributedAsPlainText(text) : undefined;
}

/**
 * What the lock screen shows for an attributed value made of plain links ('label: url'), per language too;
 * undefined when it holds other markup, no link, or a placeholder.
 *
 * @example plainValueOfAttributed('<a href="https://acme.example">Web</a>') // 'Web: https://acme.example'
 */
export function plainValueOfAttributed(attributed: unknown): string | Record<string, string> | undefined {
  if (typeof attributed === 'string') return plainTextOfLinks(attributed);
  if (typeof attributed !== 'object' || attributed === null || 'type' in attributed) return undefined;
  const entries = Object.entries(attributed).map(
    ([language, text]) => [language, typeof text === 'string' ? plainTextOfLinks(text) : undefined] as const,
  );
  if (entries.length === 0 || entries.some(([, text]) => text === undefined)) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * The field with a new attributed value; one made of plain links also sets the value to its plain text, so that
 * Wallet's lock-screen message stays readable (spec section 4).
 *
 * @example withAttributedValue({ key: 'web', value: '' }, '<a href="https://acme.example">Web</a>')
 * // { key: 'web', value: 'Web: https://acme.example', attributedValue: '<a href="https://acme.example">Web</a>' }
 */
export function withAttributedValue(field: FieldT, attributed: unknown): FieldT {
  const next = withProperty(field, 'attributedValue', attributed);
  const plain = plainValueOfAttributed(attributed);
  return plain === undefined ? next : withProperty(next, 'value', plain);
}
