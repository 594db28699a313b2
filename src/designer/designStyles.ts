/**
 * The layouts the designer offers: the five classic pass styles and the layouts of today's Wallet, each written
 * over a classic style that older iOS shows instead (a poster event ticket over an event ticket, a semantic
 * boarding pass over a flight's boarding pass, a poster generic pass next to a generic one).
 */
import type {
  FieldT,
  JsonTemplateT,
  PosterGenericBodyT,
  StyleBodyT,
} from '../../domain/template/jsonTemplateSchema';
import {
  PASS_STYLES,
  POSTER_GENERIC_MAX_FOOTER,
  POSTER_GENERIC_MAX_PRIMARY,
  maxFields,
  type PassStyle,
  type PreferredStyleScheme,
} from '../../domain/template/limits';
import { passStyleOf } from '../../domain/template/rules';
import { bodyOf, changePassStyle } from './designerRules';

export const NEW_DESIGN_STYLES = ['posterEventTicket', 'semanticBoardingPass', 'posterGeneric'] as const;
export type NewDesignStyle = (typeof NEW_DESIGN_STYLES)[number];
export const DESIGN_STYLES = [...PASS_STYLES, ...NEW_DESIGN_STYLES] as const;
export type DesignStyle = (typeof DESIGN_STYLES)[number];

/** The classic style each new layout is written over, which iOS 17 (or a pass missing a required tag) shows. */
export const CLASSIC_STYLE_OF: Record<NewDesignStyle, PassStyle> = {
  posterEventTicket: 'eventTicket',
  semanticBoardingPass: 'boardingPass',
  posterGeneric: 'generic',
};

const SCHEMES: Partial<Record<DesignStyle, PreferredStyleScheme[]>> = {
  posterEventTicket: ['posterEventTicket', 'eventTicket'],
  semanticBoardingPass: ['semanticBoardingPass', 'boardingPass'],
};

export const isNewDesignStyle = (style: DesignStyle | undefined): style is NewDesignStyle =>
  (NEW_DESIGN_STYLES as readonly string[]).includes(style ?? '');

/**
 * The classic pass style under a layout.
 *
 * @example classicStyleOf('posterGeneric') // 'generic'
 */
export const classicStyleOf = (style: DesignStyle): PassStyle =>
  isNewDesignStyle(style) ? CLASSIC_STYLE_OF[style] : style;

/**
 * The layout a template asks for: the first of its preferred style schemes when its style has it, poster generic
 * when a generic pass has a posterGeneric body, else its classic style; undefined without a single style.
 *
 * @example designStyleOf({ ...t, eventTicket: {}, preferredStyleSchemes: ['posterEventTicket', 'eventTicket'] })
 * // 'posterEventTicket'
 */
export function designStyleOf(template: JsonTemplateT): DesignStyle | undefined {
  const style = passStyleOf(template);
  const preferred = template.preferredStyleSchemes?.[0];
  if (style === 'eventTicket' && preferred === 'posterEventTicket') return 'posterEventTicket';
  if (style === 'boardingPass' && preferred === 'semanticBoardingPass') return 'semanticBoardingPass';
  if (style === 'generic' && template.posterGeneric) return 'posterGeneric';
  return style;
}

const take = (fields: readonly FieldT[] | undefined, count: number) =>
  fields?.length ? fields.slice(0, count) : undefined;

/** A poster generic body from the classic generic one: the fields that fit its areas. */
function posterBodyOf(body: StyleBodyT): PosterGenericBodyT {
  const primary = [...(body.primaryFields ?? []), ...(body.secondaryFields ?? [])];
  const poster: PosterGenericBodyT = {
    headerFields: take(body.headerFields, maxFields('generic', 'headerFields')),
    primaryFields: take(primary, POSTER_GENERIC_MAX_PRIMARY),
    footerFields: take(body.auxiliaryFields, POSTER_GENERIC_MAX_FOOTER),
    backFields: take(body.backFields, Number.POSITIVE_INFINITY),
    additionalInfoFields: take(body.additionalInfoFields, Number.POSITIVE_INFINITY),
  };
  return Object.fromEntries(Object.entries(poster).filter(([, fields]) => fields !== undefined));
}

/** A classic body keeps its additional info fields only where Wallet shows them: else they join the back. */
function withoutAdditionalInfo(body: StyleBodyT): StyleBodyT {
  const { additionalInfoFields, ...rest } = body;
  if (!additionalInfoFields?.length) return rest;
  const keys = new Set((rest.backFields ?? []).map((field) => field.key));
  const moved = additionalInfoFields.filter((field) => !keys.has(field.key));
  return { ...rest, backFields: [...(rest.backFields ?? []), ...moved] };
}

/**
 * The template in another layout, keeping the fields that still fit: the classic body moves as changePassStyle
 * moves it; a poster event ticket and a semantic boarding pass name themselves in preferredStyleSchemes (the
 * latter flies: PKTransitTypeAir); poster generic gets a posterGeneric body from the generic fields that fit it.
 * Leaving a layout removes what only it used (its schemes, the posterGeneric body); semantics, links and the rest stay.
 *
 * @example changeDesignStyle({ ...t, eventTicket: body }, 'posterEventTicket')
 * // { ...t, eventTicket: body, preferredStyleSchemes: ['posterEventTicket', 'eventTicket'] }
 */
export function changeDesignStyle(template: JsonTemplateT, style: DesignStyle): JsonTemplateT {
  if (designStyleOf(template) === style) return template;
  const classic = classicStyleOf(style);
  const { preferredStyleSchemes: _schemes, posterGeneric: _poster, ...rest } = template;
  let result = changePassStyle(rest, classic);
  const schemes = SCHEMES[style];
  if (schemes) result = { ...result, preferredStyleSchemes: schemes };
  if (style === 'semanticBoardingPass')
    result = { ...result, boardingPass: { ...bodyOf(result), transitType: 'PKTransitTypeAir' } };
  if (style === 'posterGeneric') result = { ...result, posterGeneric: posterBodyOf(bodyOf(result)) };
  if (style !== 'posterEventTicket' && bodyOf(result).additionalInfoFields)
    result = { ...result, [classic]: withoutAdditionalInfo(bodyOf(result)) };
  return result;
}
