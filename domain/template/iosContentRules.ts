import { problemAt, type Localized } from '../problem';
import type { JsonTemplateT, PosterGenericBodyT, UpcomingEventT } from './jsonTemplateSchema';
import {
  AIRLINE_CONTACT_KEYS,
  AIRLINE_URL_KEYS,
  EVENT_GUIDE_CONTACT_KEYS,
  EVENT_GUIDE_URL_KEYS,
  MAX_FEATURED_ACTIONS,
  POSTER_GENERIC_MAX_FOOTER,
  POSTER_GENERIC_MAX_PRIMARY,
  type PassStyle,
  type PreferredStyleScheme,
} from './limits';
import { messages } from './ruleMessages';
import { semanticValueType } from './semanticTags';
import {
  checkField,
  checkValue,
  isWrapped,
  textRules,
  type RuleContext,
  type ValueRules,
} from './valueRules';
import { hasPlaceholder, hasTimeZone, isIsoDateTime, type WrappedType } from './values';

/**
 * Semantic tags, links and NFC messages are data Wallet reads, not texts it shows: a placeholder may stand without
 * a fallback (a pass whose data lacks it cannot be signed, and the template's pre-flight says so).
 */
const dataRules: ValueRules = { fallbackRequired: false, required: false };

/** The style each requested layout draws from. */
const SCHEME_STYLES: Record<PreferredStyleScheme, PassStyle> = {
  posterEventTicket: 'eventTicket',
  eventTicket: 'eventTicket',
  semanticBoardingPass: 'boardingPass',
  boardingPass: 'boardingPass',
};

export const iosMessages = {
  dateWithoutZone: (text: string): Localized => ({
    en: `The date ${text} has no time zone: add Z or an offset, e.g. ${text}+01:00.`,
    cs: `Datum ${text} nemá časové pásmo: doplňte Z nebo posun, např. ${text}+01:00.`,
  }),
  tooManyFeaturedActions: (count: number): Localized => ({
    en: `A pass shows at most ${MAX_FEATURED_ACTIONS} featured actions; this one has ${count}.`,
    cs: `Pas zobrazí nejvýše ${MAX_FEATURED_ACTIONS} doporučené akce; tento jich má ${count}.`,
  }),
  placeIdentifierRequired: {
    en: 'A place action needs the placeIdentifier of the place in Apple Maps.',
    cs: 'Akce typu place potřebuje placeIdentifier místa v Apple Maps.',
  },
  urlRequired: (type: string): Localized => ({
    en: `A ${type} action needs its url.`,
    cs: `Akce typu ${type} potřebuje svou adresu url.`,
  }),
  identifierUsed: (identifier: string): Localized => ({
    en: `The identifier "${identifier}" is already used.`,
    cs: `Identifikátor "${identifier}" už je použit.`,
  }),
  posterGenericNeedsGeneric: {
    en: 'The poster generic layout needs the classic generic style next to it, which iOS 26 and older show.',
    cs: 'Plakátové obecné rozvržení potřebuje vedle sebe klasický styl generic, který zobrazí iOS 26 a starší.',
  },
  schemeNeedsStyle: (scheme: string, style: string): Localized => ({
    en: `${scheme} is drawn from the ${style} style: the template is not a ${style}.`,
    cs: `${scheme} se kreslí ze stylu ${style}: šablona není ${style}.`,
  }),
  semanticBoardingNeedsAir: {
    en: 'semanticBoardingPass is drawn only for flights: set the boarding pass transitType to PKTransitTypeAir.',
    cs: 'semanticBoardingPass se kreslí jen pro lety: nastavte transitType palubní vstupenky na PKTransitTypeAir.',
  },
} as const;

/**
 * The problem of a list of featured actions longer than Wallet shows, else undefined: one place for the limit,
 * which the template's rules and the pass's pre-flight (for passes resolved from older data) both name.
 *
 * @example featuredActionsProblem([a, b, c]) // { en: 'A pass shows at most 2 featured actions; this one has 3.', … }
 */
export function featuredActionsProblem(actions: readonly unknown[] | undefined): Localized | undefined {
  const count = actions?.length ?? 0;
  return count > MAX_FEATURED_ACTIONS ? iosMessages.tooManyFeaturedActions(count) : undefined;
}

/** A literal date-time without its zone, which Wallet would read in the phone's own zone. */
function zonelessDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || hasPlaceholder(value)) return undefined;
  return isIsoDateTime(value) && !hasTimeZone(value) ? value : undefined;
}

/** A date with its time zone, literal or in a wrapped value's value and fallback. */
function checkZonedDate(ctx: RuleContext, path: string, value: unknown, rules: ValueRules): void {
  checkValue(ctx, path, value, 'date', rules);
  const literals: Array<[string, unknown]> = isWrapped(value)
    ? [
        [`${path}/value`, value.value],
        [`${path}/fallback`, value.fallback],
      ]
    : [[path, value]];
  for (const [at, literal] of literals) {
    const zoneless = zonelessDate(literal);
    if (zoneless) ctx.errors.push(problemAt(at, iosMessages.dateWithoutZone(zoneless)));
  }
}

/** Semantic tags, walked by name: dates with their zone, numbers, and texts in lists and objects. */
function checkSemantic(ctx: RuleContext, path: string, name: string, value: unknown): void {
  if (value === undefined || typeof value === 'boolean' || typeof value === 'number') return;
  const expected: WrappedType = semanticValueType(name);
  if (expected === 'date') return checkZonedDate(ctx, path, value, dataRules);
  if (typeof value === 'string' || isWrapped(value)) return checkValue(ctx, path, value, expected, dataRules);
  if (Array.isArray(value))
    return value.forEach((item, index) => checkSemantic(ctx, `${path}/${index}`, name, item));
  if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) checkSemantic(ctx, `${path}/${key}`, key, item);
}

function checkSemantics(ctx: RuleContext, path: string, semantics: object | undefined): void {
  for (const [name, value] of Object.entries(semantics ?? {}))
    checkSemantic(ctx, `${path}/${name}`, name, value);
}

/** Links and contacts (placeholders may fill them); the JSON Schema already asked for https. */
function checkLinks(ctx: RuleContext, path: string, owner: object, keys: readonly string[]): void {
  for (const key of keys)
    checkValue(ctx, `${path}/${key}`, (owner as Record<string, unknown>)[key], 'string', dataRules);
}

/** Fields of the poster generic and of an upcoming event: values, unique keys; back fields' links only warned. */
function checkFields(
  ctx: RuleContext,
  path: string,
  body: PosterGenericBodyT | Pick<UpcomingEventT, 'additionalInfoFields' | 'backFields'>,
): void {
  const keys = new Map<string, string>();
  for (const [area, fields] of Object.entries(body))
    if (Array.isArray(fields))
      fields.forEach((field, index) =>
        checkField(ctx, `${path}/${area}/${index}`, field, area === 'backFields', keys),
      );
}

function checkPosterGeneric(ctx: RuleContext, template: JsonTemplateT): void {
  const poster = template.posterGeneric;
  if (!poster) return;
  if (!template.generic) ctx.errors.push(problemAt('/posterGeneric', iosMessages.posterGenericNeedsGeneric));
  const limits = [
    ['primaryFields', POSTER_GENERIC_MAX_PRIMARY],
    ['footerFields', POSTER_GENERIC_MAX_FOOTER],
  ] as const;
  for (const [area, limit] of limits)
    if ((poster[area]?.length ?? 0) > limit)
      ctx.errors.push(problemAt(`/posterGeneric/${area}`, messages.tooManyFields(limit)));
  checkFields(ctx, '/posterGeneric', poster);
}

function checkStyleSchemes(ctx: RuleContext, template: JsonTemplateT, style: PassStyle | undefined): void {
  template.preferredStyleSchemes?.forEach((scheme, index) => {
    const path = `/preferredStyleSchemes/${index}`;
    const needed = SCHEME_STYLES[scheme];
    if (style !== needed) ctx.errors.push(problemAt(path, iosMessages.schemeNeedsStyle(scheme, needed)));
    else if (scheme === 'semanticBoardingPass' && template.boardingPass?.transitType !== 'PKTransitTypeAir')
      ctx.errors.push(problemAt(path, iosMessages.semanticBoardingNeedsAir));
  });
}

function checkFeaturedActions(ctx: RuleContext, template: JsonTemplateT): void {
  const tooMany = featuredActionsProblem(template.featuredActions);
  if (tooMany) ctx.errors.push(problemAt('/featuredActions', tooMany));
  const identifiers = new Set<string>();
  template.featuredActions?.forEach((action, index) => {
    const path = `/featuredActions/${index}`;
    if (identifiers.has(action.identifier))
      ctx.errors.push(problemAt(`${path}/identifier`, iosMessages.identifierUsed(action.identifier)));
    identifiers.add(action.identifier);
    if (action.type === 'place' && !action.placeIdentifier)
      ctx.errors.push(problemAt(`${path}/placeIdentifier`, iosMessages.placeIdentifierRequired));
    if (action.type !== 'place' && !action.url)
      ctx.errors.push(problemAt(`${path}/url`, iosMessages.urlRequired(action.type)));
    checkValue(ctx, `${path}/url`, action.url, 'string', dataRules);
  });
}

function checkUpcomingEvents(ctx: RuleContext, template: JsonTemplateT): void {
  const identifiers = new Set<string>();
  template.upcomingPassInformation?.forEach((event, index) => {
    const path = `/upcomingPassInformation/${index}`;
    if (identifiers.has(event.identifier))
      ctx.errors.push(problemAt(`${path}/identifier`, iosMessages.identifierUsed(event.identifier)));
    identifiers.add(event.identifier);
    checkValue(ctx, `${path}/name`, event.name, 'string', textRules(true));
    checkZonedDate(ctx, `${path}/dateInformation/date`, event.dateInformation?.date, dataRules);
    checkSemantics(ctx, `${path}/semantics`, event.semantics);
    if (event.URLs)
      checkLinks(ctx, `${path}/URLs`, event.URLs, [...EVENT_GUIDE_URL_KEYS, ...EVENT_GUIDE_CONTACT_KEYS]);
    checkFields(ctx, path, {
      additionalInfoFields: event.additionalInfoFields,
      backFields: event.backFields,
    });
  });
}

/**
 * The rules of the pass content iOS 18 to 27 added that a JSON Schema cannot say: semantic tags and dates with
 * their time zone, relevant dates, links, featured actions, the poster generic beside its classic style, upcoming
 * events with unique identifiers, the requested layouts fitting the style, NFC and the poster's colours and texts.
 *
 * @example checkIosContent(ctx, template, 'eventTicket')
 */
export function checkIosContent(
  ctx: RuleContext,
  template: JsonTemplateT,
  style: PassStyle | undefined,
): void {
  checkSemantics(ctx, '/semantics', template.semantics);
  template.relevantDates?.forEach((entry, index) => {
    for (const [key, date] of Object.entries(entry))
      checkZonedDate(ctx, `/relevantDates/${index}/${key}`, date, textRules(true));
  });
  checkLinks(ctx, '', template, [
    ...EVENT_GUIDE_URL_KEYS,
    ...EVENT_GUIDE_CONTACT_KEYS,
    ...AIRLINE_URL_KEYS,
    ...AIRLINE_CONTACT_KEYS,
  ]);
  checkStyleSchemes(ctx, template, style);
  checkPosterGeneric(ctx, template);
  checkFeaturedActions(ctx, template);
  checkUpcomingEvents(ctx, template);
  checkValue(ctx, '/footerBackgroundColor', template.footerBackgroundColor, 'color', textRules(true));
  checkValue(ctx, '/eventLogoText', template.eventLogoText, 'string', textRules(false));
  checkValue(ctx, '/nfc/message', template.nfc?.message, 'string', { ...dataRules, required: true });
}
