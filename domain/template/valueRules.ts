import { problemAt, type Problem } from '../problem';
import { hasInvalidLink } from './links';
import type { FieldT, WrappedValueT } from './jsonTemplateSchema';
import { messages } from './ruleMessages';
import {
  WHOLE_PLACEHOLDER,
  hasMalformedPlaceholder,
  hasPlaceholder,
  isIsoDateTime,
  isNumberValue,
  isRgbColor,
  type WrappedType,
} from './values';

/**
 * The value rules of spec section 5 (placeholders, fallbacks, translations, links, typed literals) and the field
 * rules built on them, shared by the template's parts: style bodies, the poster generic, upcoming events.
 */
/** What the rules read (the template's languages) and what they find. */
export interface RuleContext {
  languages: readonly string[];
  errors: Problem[];
  warnings: Problem[];
}

export interface ValueRules {
  /** changeMessage may hold placeholders without a fallback */
  fallbackRequired: boolean;
  /** description, organizationName, field values: an empty text is not allowed */
  required: boolean;
  /** back fields: links are checked, but only warned about */
  backField?: boolean;
}

export const isWrapped = (value: unknown): value is WrappedValueT =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'type' in value;
const isLocalised = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('type' in value);

function checkPlainText(
  ctx: RuleContext,
  path: string,
  text: string,
  rules: ValueRules,
  inWrapped: boolean,
): void {
  if (rules.required && text.trim() === '') ctx.errors.push(problemAt(path, messages.fillValue));
  if (hasMalformedPlaceholder(text)) ctx.errors.push(problemAt(path, messages.invalidPlaceholder));
  else if (!inWrapped && rules.fallbackRequired && hasPlaceholder(text))
    ctx.errors.push(problemAt(path, messages.fallbackEmpty));
  if (hasInvalidLink(text)) {
    if (rules.backField) ctx.warnings.push(problemAt(path, messages.nonValidLink));
    else ctx.errors.push(problemAt(path, messages.invalidLink));
  }
}

/** A text, or a text per language that must cover every language of the template. */
function checkText(
  ctx: RuleContext,
  path: string,
  value: string | Record<string, string>,
  rules: ValueRules,
  inWrapped: boolean,
) {
  if (typeof value === 'string') return checkPlainText(ctx, path, value, rules, inWrapped);
  for (const language of ctx.languages) {
    const text = value[language];
    if (text === undefined || (rules.required && text.trim() === ''))
      ctx.errors.push(problemAt(`${path}/${language}`, messages.missingTranslation(language)));
    else checkPlainText(ctx, `${path}/${language}`, text, { ...rules, required: false }, inWrapped);
  }
}

function literalIsValid(type: WrappedType, value: unknown): boolean {
  switch (type) {
    case 'color':
      return isRgbColor(value);
    case 'date':
      return isIsoDateTime(value);
    case 'number':
      return isNumberValue(value);
    case 'string':
      return typeof value === 'string' || isLocalised(value);
  }
}

function checkWrapped(
  ctx: RuleContext,
  path: string,
  wrapped: WrappedValueT,
  expected: WrappedType,
  rules: ValueRules,
) {
  if (wrapped.type !== expected) {
    ctx.errors.push(problemAt(`${path}/type`, messages.wrongType(expected)));
    return;
  }
  const { value, fallback } = wrapped;
  const usesPlaceholder =
    typeof value === 'string'
      ? hasPlaceholder(value)
      : isLocalised(value) && Object.values(value).some(hasPlaceholder);
  if (expected === 'string') {
    if (typeof value === 'number') ctx.errors.push(problemAt(`${path}/value`, messages.incorrectValue));
    else checkText(ctx, `${path}/value`, value, rules, true);
  } else if (usesPlaceholder) {
    if (typeof value !== 'string' || !WHOLE_PLACEHOLDER.test(value))
      ctx.errors.push(problemAt(`${path}/value`, messages.wholePlaceholder));
  } else if (!literalIsValid(expected, value)) {
    ctx.errors.push(problemAt(`${path}/value`, messages.incorrectValue));
  }
  if (fallback === undefined || fallback === '') {
    if (usesPlaceholder && rules.fallbackRequired)
      ctx.errors.push(problemAt(`${path}/fallback`, messages.fallbackEmpty));
    return;
  }
  const fallbackPath = `${path}/fallback`;
  if (expected === 'string') {
    const texts =
      typeof fallback === 'string' ? [fallback] : isLocalised(fallback) ? Object.values(fallback) : [];
    if (typeof fallback === 'number' || texts.some(hasPlaceholder))
      ctx.errors.push(problemAt(fallbackPath, messages.fallbackInvalid));
    else
      checkText(
        ctx,
        fallbackPath,
        fallback as string | Record<string, string>,
        { ...rules, required: false },
        true,
      );
  } else if (!literalIsValid(expected, fallback)) {
    ctx.errors.push(
      problemAt(fallbackPath, expected === 'color' ? messages.fallbackNotColor : messages.fallbackInvalid),
    );
  }
}

/**
 * Checks a value of the template against its expected type: a literal, a text per language, or a wrapped value
 * with its placeholder and fallback. Problems go to the context at the value's path.
 *
 * @example checkValue(ctx, '/logoText', template.logoText, 'string', textRules(false))
 */
export function checkValue(
  ctx: RuleContext,
  path: string,
  value: unknown,
  expected: WrappedType,
  rules: ValueRules,
): void {
  if (value === undefined) return;
  if (isWrapped(value)) return checkWrapped(ctx, path, value, expected, rules);
  if (expected === 'string') {
    if (typeof value === 'string' || isLocalised(value)) return checkText(ctx, path, value, rules, false);
    return;
  }
  if (typeof value === 'string' && hasPlaceholder(value)) {
    // a typed value without fallback is filled whole from the data (a date, a number), never inside a text
    if (rules.fallbackRequired) ctx.errors.push(problemAt(path, messages.fallbackEmpty));
    else if (!WHOLE_PLACEHOLDER.test(value)) ctx.errors.push(problemAt(path, messages.wholePlaceholder));
  } else if (!literalIsValid(expected, value)) {
    ctx.errors.push(problemAt(path, messages.incorrectValue));
  }
}

/**
 * The rules of a shown text or value: a placeholder needs its fallback; `required` refuses an empty text.
 *
 * @example checkValue(ctx, '/description', template.description, 'string', textRules(true))
 */
export const textRules = (required: boolean, backField = false): ValueRules => ({
  fallbackRequired: true,
  required,
  backField,
});

function fieldValueType(field: FieldT): WrappedType {
  if ('dateStyle' in field) return 'date';
  if ('numberStyle' in field || 'currencyCode' in field) return 'number';
  return 'string';
}

/**
 * Checks a field: its key unique among `keys` (key → path of the field that has it), label, value of the field's
 * type, change message and attributed value.
 *
 * @example checkField(ctx, '/generic/primaryFields/0', field, false, new Map())
 */
export function checkField(
  ctx: RuleContext,
  path: string,
  field: FieldT,
  backField: boolean,
  keys: Map<string, string>,
) {
  const previous = keys.get(field.key);
  if (previous) ctx.errors.push(problemAt(`${path}/key`, messages.keyUsed(field.key, previous)));
  else keys.set(field.key, path);
  checkValue(ctx, `${path}/label`, field.label, 'string', textRules(false, backField));
  checkValue(ctx, `${path}/value`, field.value, fieldValueType(field), textRules(true, backField));
  checkValue(ctx, `${path}/changeMessage`, field.changeMessage, 'string', {
    fallbackRequired: false,
    required: false,
  });
  if ('attributedValue' in field)
    checkValue(ctx, `${path}/attributedValue`, field.attributedValue, 'string', textRules(false, true));
}
