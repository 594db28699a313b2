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
/** The formats every iOS since 9 shows. */
export const CLASSIC_BARCODE_FORMATS = [
  'PKBarcodeFormatQR',
  'PKBarcodeFormatPDF417',
  'PKBarcodeFormatAztec',
  'PKBarcodeFormatCode128',
] as const;
/** The linear formats iOS 27 added; older iOS shows the next classic format of the list instead, or no barcode. */
export const IOS27_BARCODE_FORMATS = [
  'PKBarcodeFormatCode39',
  'PKBarcodeFormatCodabar',
  'PKBarcodeFormatEAN13',
  'PKBarcodeFormatI2of5',
] as const;
export const BARCODE_FORMATS = [...CLASSIC_BARCODE_FORMATS, ...IOS27_BARCODE_FORMATS] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];
export const isClassicBarcodeFormat = (format: string) =>
  (CLASSIC_BARCODE_FORMATS as readonly string[]).includes(format);
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

export const IMAGE_TYPES = [
  'logo',
  'icon',
  'footer',
  'strip',
  'thumbnail',
  'background',
  // the poster layouts: an event ticket's (iOS 18) and a generic pass's (iOS 27)
  'artwork',
  'secondaryLogo',
  'venueMap',
  'primaryLogo',
] as const;
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
    // the poster images, at 2x like the others: artwork 358 × 448 pt, the logos and the map within their areas
    case 'artwork':
      exactly(SIDES.width, 716, width);
      exactly(SIDES.height, 896, height);
      break;
    case 'primaryLogo':
      atMost(SIDES.width, 252, width);
      atMost(SIDES.height, 80, height);
      break;
    case 'secondaryLogo':
      atMost(SIDES.width, 270, width);
      atMost(SIDES.height, 60, height);
      break;
    case 'venueMap':
      between(SIDES.width, 640, 1500, width);
      between(SIDES.height, 480, 1500, height);
      break;
  }
  return problems;
}

/** Apple Wallet reads at most ten locations and ten beacons of a pass. */
export const MAX_LOCATIONS = 10;
export const MAX_BEACONS = 10;

/**
 * The layouts a pass asks for in `preferredStyleSchemes`, newest first: iOS 18 draws an event ticket as a poster,
 * iOS 26 a boarding pass from its semantics; older iOS (and a pass missing a required tag) draws the classic style.
 */
export const PREFERRED_STYLE_SCHEMES = [
  'posterEventTicket',
  'eventTicket',
  'semanticBoardingPass',
  'boardingPass',
] as const;
export type PreferredStyleScheme = (typeof PREFERRED_STYLE_SCHEMES)[number];

/** What an event is (semantics.eventType). */
export const EVENT_TYPES = [
  'PKEventTypeGeneric',
  'PKEventTypeLivePerformance',
  'PKEventTypeMovie',
  'PKEventTypeSports',
  'PKEventTypeConference',
  'PKEventTypeConvention',
  'PKEventTypeWorkshop',
  'PKEventTypeSocialGathering',
] as const;

/** The event guide's links of a poster event ticket (iOS 18) and of an upcoming event's details (iOS 26). */
export const EVENT_GUIDE_URL_KEYS = [
  'bagPolicyURL',
  'orderFoodURL',
  'parkingInformationURL',
  'purchaseParkingURL',
  'directionsInformationURL',
  'merchandiseURL',
  'transitInformationURL',
  'accessibilityURL',
  'addOnURL',
  'contactVenueWebsite',
  'transferURL',
  'sellURL',
] as const;
/** The event guide's contacts that are not links. */
export const EVENT_GUIDE_CONTACT_KEYS = ['contactVenueEmail', 'contactVenuePhoneNumber'] as const;

/** The airline's links of a semantic boarding pass (iOS 26). */
export const AIRLINE_URL_KEYS = [
  'changeSeatURL',
  'entertainmentURL',
  'managementURL',
  'purchaseAdditionalBaggageURL',
  'purchaseLoungeAccessURL',
  'purchaseWifiURL',
  'registerServiceAnimalURL',
  'reportLostBagURL',
  'requestWheelchairURL',
  'upgradeURL',
  'transitProviderWebsiteURL',
] as const;
/** The airline's contacts that are not links. */
export const AIRLINE_CONTACT_KEYS = ['transitProviderEmail', 'transitProviderPhoneNumber'] as const;

/** The semantic tags a poster event ticket needs, else iOS falls back to the classic event ticket. */
export const POSTER_EVENT_REQUIRED_TAGS = ['eventName', 'venueName', 'venueRegionName', 'venueRoom'] as const;
/** What a sports event's poster needs too. */
export const POSTER_SPORTS_REQUIRED_TAGS = ['homeTeamAbbreviation', 'awayTeamAbbreviation'] as const;
/** What a live performance's poster needs too. */
export const POSTER_PERFORMANCE_REQUIRED_TAGS = ['performerNames'] as const;
/** The semantic tags a semantic boarding pass needs, else iOS shows the classic boarding pass. */
export const SEMANTIC_BOARDING_REQUIRED_TAGS = [
  'airlineCode',
  'flightNumber',
  'departureAirportCode',
  'destinationAirportCode',
  'departureCityName',
  'destinationCityName',
  'departureLocationTimeZone',
  'destinationLocationTimeZone',
  'originalBoardingDate',
  'originalDepartureDate',
  'originalArrivalDate',
  'passengerName',
] as const;

/** Apple's featured action types (iOS 27); a pass shows at most two actions. */
export const FEATURED_ACTION_TYPES = [
  'viewSchedule',
  'watchTrailer',
  'listenToMusic',
  'call',
  'place',
  'addToBalance',
  'order',
  'shop',
  'membershipBenefits',
  'bookAppointment',
  'bookCar',
  'bookFlight',
  'bookStay',
  'viewOffersRewards',
] as const;
export const MAX_FEATURED_ACTIONS = 2;

/** The most seats one pass lists, and upcoming events one pass holds. */
export const MAX_SEATS = 100;
export const MAX_UPCOMING_EVENTS = 20;
/** The longest relevant interval Apple Wallet accepts. */
export const MAX_RELEVANT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Poster generic (iOS 27): at most four primary fields and one footer field. */
export const POSTER_GENERIC_MAX_PRIMARY = 4;
export const POSTER_GENERIC_MAX_FOOTER = 1;
