import type { PassStyle } from '../../../domain/template/limits';
import type { TemplateProblem } from '../../../domain/template/rules';

/** The accordion sections of the designer's inputs, in the order they are shown. */
export const INPUT_SECTIONS = ['pass', 'colours', 'barcode', 'images', 'relevance', 'apps'] as const;
export type InputSection = (typeof INPUT_SECTIONS)[number];

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
  relevance: ['maxDistance', 'locations', 'beacons'],
  apps: ['associatedStoreIdentifiers'],
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
