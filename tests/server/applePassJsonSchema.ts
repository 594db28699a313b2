import Ajv, { type ValidateFunction } from 'ajv';

/**
 * A JSON Schema of pass.json written from Apple's documentation (Wallet Passes: Pass, PassFields, PassFieldContent,
 * SemanticTags, RelevantDates, UpcomingPassInformationEntry, NFC, Barcodes, Beacons, Locations), with the iOS 27
 * additions the issue names (posterGeneric, featuredActions, four linear barcode formats). It is written apart
 * from the product's own schemas on purpose: every object refuses keys Apple does not document, so a signed
 * pass.json that carries anything else (a template-only key, `imageId`, a wrapped value) fails.
 */

const DATE = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
};
const HTTPS = { type: 'string', pattern: '^https://' };
const TEXT = { type: 'string' };
const COLOR = { type: 'string', pattern: '^rgb\\(\\d{1,3}, ?\\d{1,3}, ?\\d{1,3}\\)$' };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const texts = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, TEXT]));
const dates = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, DATE]));
const links = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, HTTPS]));

const LOCATION = closed({ latitude: { type: 'number' }, longitude: { type: 'number' } }, [
  'latitude',
  'longitude',
]);
const CURRENCY_AMOUNT = closed({ amount: TEXT, currencyCode: TEXT });
const PERSON_NAME = closed(
  texts(
    'familyName',
    'givenName',
    'middleName',
    'namePrefix',
    'nameSuffix',
    'nickname',
    'phoneticRepresentation',
  ),
);
const SEAT = closed({
  ...texts(
    'seatDescription',
    'seatIdentifier',
    'seatNumber',
    'seatRow',
    'seatSection',
    'seatType',
    'seatAisle',
    'seatLevel',
  ),
  seatSectionColor: COLOR,
});
const EVENT_DATE_INFO = closed({
  date: DATE,
  ignoreTimeComponents: { type: 'boolean' },
  timeZone: TEXT,
  unannounced: { type: 'boolean' },
  undetermined: { type: 'boolean' },
});
const EVENT_TYPES = [
  'PKEventTypeGeneric',
  'PKEventTypeLivePerformance',
  'PKEventTypeMovie',
  'PKEventTypeSports',
  'PKEventTypeConference',
  'PKEventTypeConvention',
  'PKEventTypeWorkshop',
  'PKEventTypeSocialGathering',
];

/** SemanticTags, iOS 12 to 26. */
const SEMANTICS = closed({
  ...texts(
    'additionalTicketAttributes',
    'admissionLevel',
    'admissionLevelAbbreviation',
    'airlineCode',
    'attendeeName',
    'awayTeamAbbreviation',
    'awayTeamLocation',
    'awayTeamName',
    'boardingGroup',
    'boardingSequenceNumber',
    'boardingZone',
    'carNumber',
    'confirmationNumber',
    'departureAirportCode',
    'departureAirportName',
    'departureCityName',
    'departureGate',
    'departureLocationDescription',
    'departureLocationTimeZone',
    'departurePlatform',
    'departureStationName',
    'departureTerminal',
    'destinationAirportCode',
    'destinationAirportName',
    'destinationCityName',
    'destinationGate',
    'destinationLocationDescription',
    'destinationLocationTimeZone',
    'destinationPlatform',
    'destinationStationName',
    'destinationTerminal',
    'entranceDescription',
    'eventLiveMessage',
    'eventName',
    'flightCode',
    'genre',
    'homeTeamAbbreviation',
    'homeTeamLocation',
    'homeTeamName',
    'leagueAbbreviation',
    'leagueName',
    'membershipProgramName',
    'membershipProgramNumber',
    'membershipProgramStatus',
    'priorityStatus',
    'securityScreening',
    'sportName',
    'ticketFareClass',
    'transitProvider',
    'transitStatus',
    'transitStatusReason',
    'vehicleName',
    'vehicleNumber',
    'vehicleType',
    'venueEntrance',
    'venueEntranceDoor',
    'venueEntranceGate',
    'venueEntrancePortal',
    'venueName',
    'venuePhoneNumber',
    'venuePlaceID',
    'venueRegionName',
    'venueRoom',
  ),
  ...dates(
    'currentArrivalDate',
    'currentBoardingDate',
    'currentDepartureDate',
    'eventEndDate',
    'eventStartDate',
    'originalArrivalDate',
    'originalBoardingDate',
    'originalDepartureDate',
    'venueBoxOfficeOpenDate',
    'venueCloseDate',
    'venueDoorsOpenDate',
    'venueFanZoneOpenDate',
    'venueGatesOpenDate',
    'venueOpenDate',
    'venueParkingLotsOpenDate',
  ),
  artistIDs: { type: 'array', items: TEXT },
  performerNames: { type: 'array', items: TEXT },
  balance: CURRENCY_AMOUNT,
  totalPrice: CURRENCY_AMOUNT,
  departureLocation: LOCATION,
  destinationLocation: LOCATION,
  venueLocation: LOCATION,
  duration: { type: 'number' },
  flightNumber: { type: 'number' },
  eventStartDateInfo: EVENT_DATE_INFO,
  eventType: { enum: EVENT_TYPES },
  passengerName: PERSON_NAME,
  seats: { type: 'array', items: SEAT, maxItems: 100 },
  silenceRequested: { type: 'boolean' },
  tailgatingAllowed: { type: 'boolean' },
  wifiAccess: { type: 'array', items: closed({ ssid: TEXT, password: TEXT }, ['ssid', 'password']) },
});

const STYLES_OF_DATE = [
  'PKDateStyleNone',
  'PKDateStyleShort',
  'PKDateStyleMedium',
  'PKDateStyleLong',
  'PKDateStyleFull',
];
/** PassFieldContent. */
const FIELD = closed(
  {
    attributedValue: { type: ['string', 'number'] },
    changeMessage: TEXT,
    currencyCode: TEXT,
    dataDetectorTypes: { type: 'array', items: TEXT },
    dateStyle: { enum: STYLES_OF_DATE },
    ignoresTimeZone: { type: 'boolean' },
    isRelative: { type: 'boolean' },
    key: TEXT,
    label: TEXT,
    numberStyle: {
      enum: [
        'PKNumberStyleDecimal',
        'PKNumberStylePercent',
        'PKNumberStyleScientific',
        'PKNumberStyleSpellOut',
      ],
    },
    textAlignment: {
      enum: [
        'PKTextAlignmentLeft',
        'PKTextAlignmentCenter',
        'PKTextAlignmentRight',
        'PKTextAlignmentNatural',
      ],
    },
    timeStyle: { enum: STYLES_OF_DATE },
    value: { type: ['string', 'number'] },
    row: { enum: [0, 1] },
    semantics: SEMANTICS,
  },
  ['key', 'value'],
);
const FIELDS = { type: 'array', items: FIELD };
/** PassFields: a style's body. */
const STYLE = closed({
  auxiliaryFields: FIELDS,
  backFields: FIELDS,
  headerFields: FIELDS,
  primaryFields: FIELDS,
  secondaryFields: FIELDS,
  additionalInfoFields: FIELDS,
  transitType: {
    enum: [
      'PKTransitTypeAir',
      'PKTransitTypeBoat',
      'PKTransitTypeBus',
      'PKTransitTypeGeneric',
      'PKTransitTypeTrain',
    ],
  },
});
/** iOS 27: the poster generic layout. */
const POSTER_GENERIC = closed({
  headerFields: FIELDS,
  primaryFields: { ...FIELDS, maxItems: 4 },
  footerFields: { ...FIELDS, maxItems: 1 },
  backFields: FIELDS,
  additionalInfoFields: FIELDS,
});

const BARCODE_FORMATS = [
  'PKBarcodeFormatQR',
  'PKBarcodeFormatPDF417',
  'PKBarcodeFormatAztec',
  'PKBarcodeFormatCode128',
  'PKBarcodeFormatCode39',
  'PKBarcodeFormatCodabar',
  'PKBarcodeFormatEAN13',
  'PKBarcodeFormatI2of5',
];
const BARCODE = closed(
  { altText: TEXT, format: { enum: BARCODE_FORMATS }, message: TEXT, messageEncoding: TEXT },
  ['format', 'message', 'messageEncoding'],
);
/** The pre-iOS 9 `barcode` key: only the formats those versions know. */
const LEGACY_BARCODE = {
  ...BARCODE,
  properties: {
    ...BARCODE.properties,
    format: { enum: ['PKBarcodeFormatQR', 'PKBarcodeFormatPDF417', 'PKBarcodeFormatAztec'] },
  },
};

const EVENT_GUIDE_LINKS = links(
  'accessibilityURL',
  'addOnURL',
  'bagPolicyURL',
  'contactVenueWebsite',
  'directionsInformationURL',
  'merchandiseURL',
  'orderFoodURL',
  'parkingInformationURL',
  'purchaseParkingURL',
  'sellURL',
  'transferURL',
  'transitInformationURL',
);
const EVENT_GUIDE_CONTACTS = texts('contactVenueEmail', 'contactVenuePhoneNumber');
const AIRLINE_LINKS = links(
  'changeSeatURL',
  'entertainmentURL',
  'managementURL',
  'purchaseAdditionalBaggageURL',
  'purchaseLoungeAccessURL',
  'purchaseWifiURL',
  'registerServiceAnimalURL',
  'reportLostBagURL',
  'requestWheelchairURL',
  'transitProviderWebsiteURL',
  'upgradeURL',
);

const IMAGE_URL_ENTRY = closed(
  {
    SHA256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    URL: HTTPS,
    scale: { type: 'number' },
    size: { type: 'integer', maximum: 2 * 1024 * 1024 },
  },
  ['SHA256', 'URL'],
);
const UPCOMING_IMAGE = closed({
  URLs: { type: 'array', items: IMAGE_URL_ENTRY, minItems: 1 },
  reuseExisting: { type: 'boolean' },
});
/** UpcomingPassInformationEntry (iOS 26). */
const UPCOMING = closed(
  {
    additionalInfoFields: FIELDS,
    auxiliaryFields: FIELDS,
    backFields: FIELDS,
    dateInformation: closed({
      date: DATE,
      ignoreTimeComponents: { type: 'boolean' },
      isAllDay: { type: 'boolean' },
      isUnannounced: { type: 'boolean' },
      isUndetermined: { type: 'boolean' },
      timeZone: TEXT,
    }),
    identifier: TEXT,
    images: closed({ headerImage: UPCOMING_IMAGE, venueMap: UPCOMING_IMAGE }),
    isActive: { type: 'boolean' },
    name: TEXT,
    semantics: SEMANTICS,
    type: { const: 'event' },
    URLs: closed({ ...EVENT_GUIDE_LINKS, ...EVENT_GUIDE_CONTACTS }),
  },
  ['identifier', 'name', 'type'],
);

const FEATURED_ACTION_TYPES = [
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
];
const FEATURED_ACTION = closed(
  { identifier: TEXT, type: { enum: FEATURED_ACTION_TYPES }, url: HTTPS, placeIdentifier: TEXT },
  ['identifier', 'type'],
);

/** RelevantDates entry: an interval, or one date (written as `date` and as `relevantDate`). */
const RELEVANT_DATE = {
  oneOf: [
    closed({ startDate: DATE, endDate: DATE }, ['startDate', 'endDate']),
    closed({ date: DATE, relevantDate: DATE }, ['date']),
  ],
};

const PASS = closed(
  {
    // standard keys
    description: TEXT,
    formatVersion: { const: 1 },
    organizationName: TEXT,
    passTypeIdentifier: TEXT,
    serialNumber: TEXT,
    teamIdentifier: TEXT,
    // associated app, companion app, expiration, relevance
    appLaunchURL: TEXT,
    associatedStoreIdentifiers: { type: 'array', items: { type: 'integer' } },
    auxiliaryStoreIdentifiers: { type: 'array', items: { type: 'integer' } },
    userInfo: { type: 'object' },
    expirationDate: DATE,
    voided: { type: 'boolean' },
    beacons: {
      type: 'array',
      items: closed(
        { major: { type: 'integer' }, minor: { type: 'integer' }, proximityUUID: TEXT, relevantText: TEXT },
        ['proximityUUID'],
      ),
    },
    locations: {
      type: 'array',
      items: closed(
        {
          altitude: { type: 'number' },
          latitude: { type: 'number' },
          longitude: { type: 'number' },
          relevantText: TEXT,
        },
        ['latitude', 'longitude'],
      ),
    },
    maxDistance: { type: 'number' },
    relevantDate: DATE,
    relevantDates: { type: 'array', items: RELEVANT_DATE },
    // styles
    boardingPass: STYLE,
    coupon: STYLE,
    eventTicket: STYLE,
    generic: STYLE,
    storeCard: STYLE,
    posterGeneric: POSTER_GENERIC,
    preferredStyleSchemes: {
      type: 'array',
      items: { enum: ['posterEventTicket', 'eventTicket', 'semanticBoardingPass', 'boardingPass'] },
    },
    // visual appearance
    barcode: LEGACY_BARCODE,
    barcodes: { type: 'array', items: BARCODE },
    backgroundColor: COLOR,
    foregroundColor: COLOR,
    labelColor: COLOR,
    footerBackgroundColor: COLOR,
    groupingIdentifier: TEXT,
    logoText: TEXT,
    eventLogoText: TEXT,
    suppressHeaderDarkening: { type: 'boolean' },
    useAutomaticColors: { type: 'boolean' },
    sharingProhibited: { type: 'boolean' },
    // web service
    authenticationToken: { type: 'string', minLength: 16 },
    webServiceURL: TEXT,
    // NFC
    nfc: closed(
      {
        message: { type: 'string', maxLength: 64 },
        encryptionPublicKey: TEXT,
        requiresAuthentication: { type: 'boolean' },
      },
      ['message'],
    ),
    // semantics, event guide, airline, upcoming events, featured actions
    semantics: SEMANTICS,
    ...EVENT_GUIDE_LINKS,
    ...EVENT_GUIDE_CONTACTS,
    ...AIRLINE_LINKS,
    ...texts('transitProviderEmail', 'transitProviderPhoneNumber'),
    upcomingPassInformation: { type: 'array', items: UPCOMING },
    featuredActions: { type: 'array', items: FEATURED_ACTION, maxItems: 2 },
  },
  [
    'description',
    'formatVersion',
    'organizationName',
    'passTypeIdentifier',
    'serialNumber',
    'teamIdentifier',
  ],
);

const ajv = new Ajv({ allErrors: true, strict: false });

/**
 * Validates a signed pass.json against Apple's documented format.
 *
 * @example expect(applePassJsonProblems(json)).toEqual([])
 */
export const validateApplePassJson: ValidateFunction = ajv.compile(PASS);

/** The problems of a pass.json, as `path message` lines (empty when Apple's format holds). */
export function applePassJsonProblems(json: unknown): string[] {
  if (validateApplePassJson(json)) return [];
  return (validateApplePassJson.errors ?? []).map(
    (error) => `${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}
