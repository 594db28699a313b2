import { problemAt, type Problem } from '../problem';
import {
  FIELD_AREAS,
  PASS_STYLES,
  SHARED_ROW_MAX,
  SHARED_ROW_STYLES,
  maxFields,
  type PassStyle,
} from './limits';
import type { JsonTemplateT, StyleBodyT } from './jsonTemplateSchema';
import { checkIosContent } from './iosContentRules';
import { messages } from './ruleMessages';
import { checkField, checkValue, textRules, type RuleContext } from './valueRules';
export { messages } from './ruleMessages';

/** A problem of a template; path is a JSON pointer inside the jsonTemplate, e.g. /storeCard/primaryFields/0/value */
export type TemplateProblem = Problem;

function checkStyle(ctx: RuleContext, style: PassStyle, body: StyleBodyT): void {
  const keys = new Map<string, string>();
  for (const area of FIELD_AREAS) {
    const fields = body[area] ?? [];
    const limit = maxFields(style, area);
    if (fields.length > limit) ctx.errors.push(problemAt(`/${style}/${area}`, messages.tooManyFields(limit)));
    fields.forEach((field, index) =>
      checkField(ctx, `/${style}/${area}/${index}`, field, area === 'backFields', keys),
    );
  }
  // the poster's details below the pass: as many as the designer likes
  body.additionalInfoFields?.forEach((field, index) =>
    checkField(ctx, `/${style}/additionalInfoFields/${index}`, field, false, keys),
  );
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
  const ctx: RuleContext = { languages, errors: [], warnings: [] };
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
  checkIosContent(ctx, template, style);
  return ctx;
}
