import type { TemplateProblem } from '../../domain/template/rules';

/** The parts of the designer a validation problem can mark (spec section 5). */
export const DESIGNER_AREAS = ['frontFields', 'backFields', 'barcodes', 'relevanceKeys'] as const;
export type DesignerArea = (typeof DESIGNER_AREAS)[number];

const FRONT_FIELDS =
  /^\/jsonTemplate\/[A-Za-z]+\/(headerFields|primaryFields|secondaryFields|auxiliaryFields)(\/|$)/;
const BACK_FIELDS = /^\/jsonTemplate\/[A-Za-z]+\/backFields(\/|$)/;
const BARCODES = /^\/jsonTemplate\/barcodes(\/|$)/;
const RELEVANCE_KEYS = /^\/jsonTemplate\/(locations|beacons|maxDistance|relevantDate)(\/|$)/;

/**
 * The designer area a problem's path points into; undefined for the rest (colours, texts, images…).
 *
 * @example designerAreaOf('/jsonTemplate/storeCard/backFields/0/value') // 'backFields'
 */
export function designerAreaOf(path: string): DesignerArea | undefined {
  if (FRONT_FIELDS.test(path)) return 'frontFields';
  if (BACK_FIELDS.test(path)) return 'backFields';
  if (BARCODES.test(path)) return 'barcodes';
  if (RELEVANCE_KEYS.test(path)) return 'relevanceKeys';
  return undefined;
}

/** How many problems each designer area holds. */
export function problemCountByArea(problems: readonly TemplateProblem[]): Record<DesignerArea, number> {
  const counts: Record<DesignerArea, number> = {
    frontFields: 0,
    backFields: 0,
    barcodes: 0,
    relevanceKeys: 0,
  };
  for (const problem of problems) {
    const area = designerAreaOf(problem.path);
    if (area) counts[area] += 1;
  }
  return counts;
}
