import { problemAt, type Localized, type Problem } from '../problem';
import { languageLabel } from './languages';
import { hasInvalidLink } from './links';
import {
  FIELD_AREAS,
  PASS_STYLES,
  SHARED_ROW_MAX,
  SHARED_ROW_STYLES,
  maxFields,
  type PassStyle,
} from './limits';
import type { FieldT, JsonTemplateT, StyleBodyT, WrappedValueT } from './jsonTemplateSchema';
import {
  WHOLE_PLACEHOLDER,
  hasMalformedPlaceholder,
  hasPlaceholder,
  isIsoDateTime,
  isNumberValue,
  isRgbColor,
  type WrappedType,
} from './values';

/** A problem of a template; path is a JSON pointer inside the jsonTemplate, e.g. /storeCard/primaryFields/0/value */
export type TemplateProblem = Problem;

/** A language's name in Czech ("němčina"), from the platform's own names; its code where it has none. */
function czechLanguageName(code: string): string {
  try {
    return new Intl.DisplayNames(['cs'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const messages = {
  fillValue: { en: 'Please fill value', cs: 'Vyplňte prosím hodnotu' },
  missingTranslation: (language: string): Localized => ({
    en: `Missing translation for ${languageLabel(language)}`,
    cs: `Chybí překlad: ${czechLanguageName(language)}`,
  }),
  fallbackEmpty: { en: 'Fallback value cannot be empty', cs: 'Náhradní hodnota nesmí být prázdná' },
  fallbackNotColor: {
    en: 'Fallback is not valid color in rgb format',
    cs: 'Náhradní hodnota není platná barva ve formátu rgb',
  },
  fallbackInvalid: { en: 'Fallback is not valid', cs: 'Náhradní hodnota není platná' },
  incorrectValue: { en: 'Please enter a correct value', cs: 'Zadejte správnou hodnotu' },
  invalidLink: { en: 'Text contains invalid link.', cs: 'Text obsahuje neplatný odkaz.' },
  nonValidLink: { en: 'contains non valid link', cs: 'obsahuje neplatný odkaz' },
  invalidPlaceholder: { en: 'Placeholder is not valid', cs: 'Zástupný symbol není platný' },
  wholePlaceholder: {
    en: 'A placeholder of this type must be the whole value, like #{name}',
    cs: 'Zástupný symbol tohoto typu musí tvořit celou hodnotu, například #{name}',
  },
  unsupportedStyle: { en: 'Unsupported pass style', cs: 'Nepodporovaný styl pasu' },
  wrongType: (expected: string): Localized => ({
    en: `must be equal to one of the allowed values: ${expected}`,
    cs: `musí být jedna z povolených hodnot: ${expected}`,
  }),
  keyUsed: (key: string, previous: string): Localized => ({
    en: `Field key "${key}" is already used at ${previous}`,
    cs: `Klíč pole "${key}" už je použit v ${previous}`,
  }),
  tooManyFields: (limit: number): Localized => ({
    en: `must NOT have more than ${limit} items`,
    cs: `smí mít nejvýše ${limit} položek`,
  }),
  sharedRow: (limit: number): Localized => ({
    en: `secondary and auxiliary fields share one row: at most ${limit} together`,
    cs: `vedlejší a doplňková pole sdílejí jeden řádek: dohromady nejvýše ${limit}`,
  }),
  transitTypeRequired: {
    en: "must have required property 'transitType'",
    cs: 'musí mít povinnou vlastnost transitType',
  },
  notAllowed: { en: 'must NOT have additional properties', cs: 'není známé pole' },
} as const satisfies Record<string, Localized | ((...args: never[]) => Localized)>;

interface Context {
  languages: readonly string[];
  errors: TemplateProblem[];
  warnings: TemplateProblem[];
}

interface ValueRules {
  /** changeMessage may hold placeholders without a fallback */
  fallbackRequired: boolean;
  /** description, organizationName, field values: an empty text is not allowed */
  required: boolean;
  /** back fields: links are checked, but only warned about */
  backField?: boolean;
}

const isWrapped = (value: unknown): value is WrappedValueT =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'type' in value;
const isLocalised = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('type' in value);

function checkPlainText(
  ctx: Context,
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
  ctx: Context,
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
  ctx: Context,
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

function checkValue(
  ctx: Context,
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
    ctx.errors.push(problemAt(path, messages.fallbackEmpty));
  } else if (!literalIsValid(expected, value)) {
    ctx.errors.push(problemAt(path, messages.incorrectValue));
  }
}

const textRules = (required: boolean, backField = false): ValueRules => ({
  fallbackRequired: true,
  required,
  backField,
});

function fieldValueType(field: FieldT): WrappedType {
  if ('dateStyle' in field) return 'date';
  if ('numberStyle' in field || 'currencyCode' in field) return 'number';
  return 'string';
}

function checkField(
  ctx: Context,
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

function checkStyle(ctx: Context, style: PassStyle, body: StyleBodyT): void {
  const keys = new Map<string, string>();
  for (const area of FIELD_AREAS) {
    const fields = body[area] ?? [];
    const limit = maxFields(style, area);
    if (fields.length > limit) ctx.errors.push(problemAt(`/${style}/${area}`, messages.tooManyFields(limit)));
    fields.forEach((field, index) =>
      checkField(ctx, `/${style}/${area}/${index}`, field, area === 'backFields', keys),
    );
  }
  const shared = (body.secondaryFields?.length ?? 0) + (body.auxiliaryFields?.length ?? 0);
  if (SHARED_ROW_STYLES.includes(style) && shared > SHARED_ROW_MAX)
    ctx.errors.push(problemAt(`/${style}/auxiliaryFields`, messages.sharedRow(SHARED_ROW_MAX)));
  if (style === 'boardingPass' && !body.transitType)
    ctx.errors.push(problemAt(`/${style}`, messages.transitTypeRequired));
  if (style !== 'boardingPass' && body.transitType)
    ctx.errors.push(problemAt(`/${style}/transitType`, messages.notAllowed));
}

/** The single pass style of a template, or undefined when it has none or several. */
export function passStyleOf(template: Partial<Record<PassStyle, unknown>>): PassStyle | undefined {
  const styles = PASS_STYLES.filter((style) => template[style] !== undefined);
  return styles.length === 1 ? styles[0] : undefined;
}

/**
 * The rules of spec section 5 that a JSON Schema cannot say. Expects a jsonTemplate that already passed the
 * structural schema; answers errors (the template cannot be saved) and warnings (shown, not blocking).
 */
export function checkTemplateRules(
  template: JsonTemplateT,
  languages: readonly string[],
): { errors: TemplateProblem[]; warnings: TemplateProblem[] } {
  const ctx: Context = { languages, errors: [], warnings: [] };
  const style = passStyleOf(template);
  if (!style) ctx.errors.push(problemAt('', messages.unsupportedStyle));
  else checkStyle(ctx, style, template[style] as StyleBodyT);
  checkValue(ctx, '/description', template.description, 'string', textRules(true));
  checkValue(ctx, '/organizationName', template.organizationName, 'string', textRules(true));
  checkValue(ctx, '/logoText', template.logoText, 'string', textRules(false));
  for (const color of ['labelColor', 'backgroundColor', 'foregroundColor'] as const)
    checkValue(ctx, `/${color}`, template[color], 'color', textRules(true));
  for (const date of ['relevantDate', 'expirationDate'] as const)
    checkValue(ctx, `/${date}`, template[date], 'date', textRules(true));
  template.barcodes?.forEach((barcode, index) => {
    checkValue(ctx, `/barcodes/${index}/message`, barcode.message, 'string', textRules(true));
    checkValue(ctx, `/barcodes/${index}/altText`, barcode.altText, 'string', textRules(false));
  });
  template.locations?.forEach((location, index) =>
    checkValue(ctx, `/locations/${index}/relevantText`, location.relevantText, 'string', textRules(false)),
  );
  template.beacons?.forEach((beacon, index) =>
    checkValue(ctx, `/beacons/${index}/relevantText`, beacon.relevantText, 'string', textRules(false)),
  );
  return ctx;
}
