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

/** Allowed sizes per image type (spec section 5); each check answers a message stating expected and current values. */
export function imageSizeProblems(type: ImageType, width: number, height: number): string[] {
  const problems: string[] = [];
  const exactly = (what: string, expected: number, current: number) =>
    current !== expected &&
    problems.push(`${what} must be exactly ${expected} px, current value is ${current} px.`);
  const atMost = (what: string, limit: number, current: number) =>
    current > limit && problems.push(`${what} must be at most ${limit} px, current value is ${current} px.`);
  switch (type) {
    case 'background':
      atMost('Width', 360, width);
      atMost('Height', 440, height);
      break;
    case 'footer':
      exactly('Width', 572, width);
      exactly('Height', 30, height);
      break;
    case 'icon':
      exactly('Width', 58, width);
      exactly('Height', 58, height);
      break;
    case 'logo':
      atMost('Width', 320, width);
      exactly('Height', 100, height);
      break;
    case 'strip':
      exactly('Width', 640, width);
      if (height < 168 || height > 246)
        problems.push(`Height must be from 168 to 246 px, current value is ${height} px.`);
      break;
    case 'thumbnail': {
      const longer = Math.max(width, height);
      const shorter = Math.min(width, height);
      exactly('Longer side', 180, longer);
      if (shorter < 120 || shorter > 180)
        problems.push(`Shorter side must be from 120 to 180 px, current value is ${shorter} px.`);
      break;
    }
  }
  return problems;
}

/** Apple Wallet reads at most ten locations and ten beacons of a pass. */
export const MAX_LOCATIONS = 10;
export const MAX_BEACONS = 10;
