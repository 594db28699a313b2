import type { Localized } from '../problem';
/** Pass styles, field areas and their limits (spec sections 3, 5 and 9). */
export const PASS_STYLES = ['boardingPass', 'coupon', 'eventTicket', 'generic', 'storeCard'] as const;
export type PassStyle = (typeof PASS_STYLES)[number];

export const FIELD_AREAS = [
  'headerFields',
  'primaryFields',
  'secondaryFields',
  'auxiliaryFields',
  'backFields',
] as const;
export type FieldArea = (typeof FIELD_AREAS)[number];

export const TRANSIT_TYPES = [
  'PKTransitTypeAir',
  'PKTransitTypeBoat',
  'PKTransitTypeBus',
  'PKTransitTypeGeneric',
  'PKTransitTypeTrain',
] as const;
export const BARCODE_FORMATS = [
  'PKBarcodeFormatQR',
  'PKBarcodeFormatPDF417',
  'PKBarcodeFormatAztec',
  'PKBarcodeFormatCode128',
] as const;
export const TEXT_ALIGNMENTS = [
  'PKTextAlignmentLeft',
  'PKTextAlignmentCenter',
  'PKTextAlignmentRight',
  'PKTextAlignmentNatural',
] as const;
export const DATE_STYLES = [
  'PKDateStyleNone',
  'PKDateStyleShort',
  'PKDateStyleMedium',
  'PKDateStyleLong',
  'PKDateStyleFull',
] as const;
export const NUMBER_STYLES = [
  'PKNumberStyleDecimal',
  'PKNumberStylePercent',
  'PKNumberStyleScientific',
  'PKNumberStyleSpellOut',
] as const;
export const DATA_DETECTOR_TYPES = [
  'PKDataDetectorTypePhoneNumber',
  'PKDataDetectorTypeLink',
  'PKDataDetectorTypeAddress',
  'PKDataDetectorTypeCalendarEvent',
] as const;

/** The most fields an area holds; backFields are unlimited. */
export function maxFields(style: PassStyle, area: FieldArea): number {
  switch (area) {
    case 'headerFields':
      return 3;
    case 'primaryFields':
      return style === 'boardingPass' ? 2 : 1;
    case 'secondaryFields':
      return 4;
    case 'auxiliaryFields':
      return style === 'boardingPass' ? 5 : 4;
    case 'backFields':
      return Number.POSITIVE_INFINITY;
  }
}

/** Styles that show secondary and auxiliary fields on one row, four at the most together. */
export const SHARED_ROW_STYLES: readonly PassStyle[] = ['coupon', 'storeCard'];
export const SHARED_ROW_MAX = 4;

export const IMAGE_TYPES = ['logo', 'icon', 'footer', 'strip', 'thumbnail', 'background'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_MAX_BYTES = 2097152;

/** The measured sides of an image, in each language's words. */
const SIDES = {
  width: { en: 'Width', cs: 'Šířka' },
  height: { en: 'Height', cs: 'Výška' },
  longer: { en: 'Longer side', cs: 'Delší strana' },
  shorter: { en: 'Shorter side', cs: 'Kratší strana' },
} as const;
type Side = (typeof SIDES)[keyof typeof SIDES];

/**
 * Allowed sizes per image type (spec section 5); each check answers a message stating expected and current values.
 *
 * @example imageSizeProblems('icon', 58, 57)
 * // [{ en: 'Height must be exactly 58 px, current value is 57 px.', cs: 'Výška musí být přesně 58 px, nyní je 57 px.' }]
 */
export function imageSizeProblems(type: ImageType, width: number, height: number): Localized[] {
  const problems: Localized[] = [];
  const exactly = (side: Side, expected: number, current: number) =>
    current !== expected &&
    problems.push({
      en: `${side.en} must be exactly ${expected} px, current value is ${current} px.`,
      cs: `${side.cs} musí být přesně ${expected} px, nyní je ${current} px.`,
    });
  const atMost = (side: Side, limit: number, current: number) =>
    current > limit &&
    problems.push({
      en: `${side.en} must be at most ${limit} px, current value is ${current} px.`,
      cs: `${side.cs} smí být nejvýše ${limit} px, nyní je ${current} px.`,
    });
  const between = (side: Side, from: number, to: number, current: number) =>
    (current < from || current > to) &&
    problems.push({
      en: `${side.en} must be from ${from} to ${to} px, current value is ${current} px.`,
      cs: `${side.cs} musí být od ${from} do ${to} px, nyní je ${current} px.`,
    });
  switch (type) {
    case 'background':
      atMost(SIDES.width, 360, width);
      atMost(SIDES.height, 440, height);
      break;
    case 'footer':
      exactly(SIDES.width, 572, width);
      exactly(SIDES.height, 30, height);
      break;
    case 'icon':
      exactly(SIDES.width, 58, width);
      exactly(SIDES.height, 58, height);
      break;
    case 'logo':
      atMost(SIDES.width, 320, width);
      exactly(SIDES.height, 100, height);
      break;
    case 'strip':
      exactly(SIDES.width, 640, width);
      between(SIDES.height, 168, 246, height);
      break;
    case 'thumbnail':
      exactly(SIDES.longer, 180, Math.max(width, height));
      between(SIDES.shorter, 120, 180, Math.min(width, height));
      break;
  }
  return problems;
}

/** Apple Wallet reads at most ten locations and ten beacons of a pass. */
export const MAX_LOCATIONS = 10;
export const MAX_BEACONS = 10;
