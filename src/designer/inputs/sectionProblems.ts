import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import {
  AIRLINE_CONTACT_KEYS,
  AIRLINE_URL_KEYS,
  EVENT_GUIDE_CONTACT_KEYS,
  EVENT_GUIDE_URL_KEYS,
  type PassStyle,
} from '../../../domain/template/limits';
import type { TemplateProblem } from '../../../domain/template/rules';
import { classicStyleOf, type DesignStyle } from '../designStyles';

/** The accordion sections of the designer's inputs, in the order they are shown. */
export const INPUT_SECTIONS = [
  'pass',
  'semantics',
  'colours',
  'poster',
  'barcode',
  'images',
  'links',
  'actions',
  'upcoming',
  'relevance',
  'nfc',
  'apps',
] as const;
export type InputSection = (typeof INPUT_SECTIONS)[number];

export const LINK_KEYS = [
  ...EVENT_GUIDE_URL_KEYS,
  ...EVENT_GUIDE_CONTACT_KEYS,
  ...AIRLINE_URL_KEYS,
  ...AIRLINE_CONTACT_KEYS,
] as const;
const POSTER_KEYS = [
  'eventLogoText',
  'footerBackgroundColor',
  'suppressHeaderDarkening',
  'useAutomaticColors',
  'posterGeneric',
] as const;

/** The sections only some layouts use, and the layouts (by their classic style, or themselves) that do. */
const SECTION_STYLES: Partial<Record<InputSection, readonly DesignStyle[]>> = {
  semantics: ['eventTicket', 'boardingPass'],
  poster: ['posterEventTicket', 'posterGeneric'],
  links: ['posterEventTicket', 'semanticBoardingPass'],
  upcoming: ['eventTicket'],
};
const SECTION_KEYS: Partial<Record<InputSection, readonly string[]>> = {
  semantics: ['semantics'],
  poster: POSTER_KEYS,
  links: LINK_KEYS,
  upcoming: ['upcomingPassInformation'],
};

/**
 * The sections shown for a layout: every section its style uses, and any other that already holds a value (so
 * that nothing of the template is out of reach).
 *
 * @example sectionsFor('generic', template) // ['pass', 'colours', 'barcode', 'images', 'actions', 'relevance', 'nfc', 'apps']
 */
export function sectionsFor(style: DesignStyle | undefined, template: JsonTemplateT): InputSection[] {
  return INPUT_SECTIONS.filter((section) => {
    const styles = SECTION_STYLES[section];
    if (!styles) return true;
    if (style && (styles.includes(style) || styles.includes(classicStyleOf(style)))) return true;
    return (SECTION_KEYS[section] ?? []).some((key) => template[key as keyof JsonTemplateT] !== undefined);
  });
}

/** The pass.json properties each section edits (the pass style's own body counts for 'pass' too). */
const SECTION_PROPERTIES: Record<Exclude<InputSection, 'images'>, readonly string[]> = {
  pass: [
    'description',
    'organizationName',
    'logoText',
    'groupingIdentifier',
    'sharingProhibited',
    'expirationDate',
    'relevantDate',
  ],
  colours: ['backgroundColor', 'foregroundColor', 'labelColor'],
  barcode: ['barcodes'],
  relevance: ['maxDistance', 'locations', 'beacons', 'relevantDates'],
  apps: ['associatedStoreIdentifiers'],
  semantics: ['semantics'],
  poster: POSTER_KEYS,
  links: LINK_KEYS,
  actions: ['featuredActions'],
  upcoming: ['upcomingPassInformation'],
  nfc: ['nfc'],
};

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The section a problem (path from the template's root) belongs to. Problems of the whole pass.json (a
 * missing property, no or several pass styles) and of the style's transit type go to 'pass'; the fields of
 * the style belong to the fields editor, not to a section.
 *
 * @example sectionOfProblem('/jsonTemplate/barcodes/0/message', 'coupon') // 'barcode'
 */
export function sectionOfProblem(path: string, style: PassStyle | undefined): InputSection | undefined {
  if (under(path, '/images')) return 'images';
  if (path === '' || path === '/jsonTemplate') return 'pass';
  if (style && (path === `/jsonTemplate/${style}` || under(path, `/jsonTemplate/${style}/transitType`)))
    return 'pass';
  if (path === '/jsonTemplate/preferredStyleSchemes' || under(path, '/jsonTemplate/preferredStyleSchemes'))
    return 'pass';
  // the poster event ticket's additional info fields are edited with the poster's options
  if (style && under(path, `/jsonTemplate/${style}/additionalInfoFields`)) return 'poster';
  for (const [section, properties] of Object.entries(SECTION_PROPERTIES))
    if (properties.some((property) => under(path, `/jsonTemplate/${property}`)))
      return section as InputSection;
  return undefined;
}

/** How many errors each section holds. */
export function errorCountBySection(
  errors: readonly TemplateProblem[],
  style: PassStyle | undefined,
): Record<InputSection, number> {
  const counts = Object.fromEntries(INPUT_SECTIONS.map((section) => [section, 0])) as Record<
    InputSection,
    number
  >;
  for (const error of errors) {
    const section = sectionOfProblem(error.path, style);
    if (section) counts[section] += 1;
  }
  return counts;
}
