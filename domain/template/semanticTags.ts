import { Type, type Static } from '@sinclair/typebox';
import { CURRENCY_CODES } from './currencies';
import { EVENT_TYPES, MAX_SEATS } from './limits';
import { DataText, DateValue, NumberValue, literalUnion } from './valueSchemas';

/**
 * Apple's semantic tags (SemanticTags of the Wallet Passes reference, iOS 12 to 26), the machine-readable facts of
 * a pass: what Wallet needs to draw a poster event ticket or a semantic boarding pass, and what Siri, Maps and the
 * event guide read. A text takes placeholders like a field (`"attendeeName": "#{holderName}"`); a date is ISO 8601
 * with its time zone.
 */
const Text = Type.Optional(DataText);
const DateTag = Type.Optional(DateValue);
const Flag = Type.Optional(Type.Boolean());
const Texts = Type.Optional(Type.Array(DataText, { maxItems: 50 }));

const Location = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);

const CurrencyAmount = Type.Object(
  { amount: DataText, currencyCode: literalUnion(CURRENCY_CODES) },
  { additionalProperties: false },
);

export const PersonName = Type.Object(
  {
    givenName: Text,
    familyName: Text,
    middleName: Text,
    namePrefix: Text,
    nameSuffix: Text,
    nickname: Text,
    phoneticRepresentation: Text,
  },
  { additionalProperties: false, minProperties: 1 },
);

export const Seat = Type.Object(
  {
    seatSection: Text,
    seatRow: Text,
    seatNumber: Text,
    seatIdentifier: Text,
    seatType: Text,
    seatDescription: Text,
    seatLevel: Text,
    seatAisle: Text,
    seatSectionColor: Type.Optional(Type.String({ pattern: '^rgb\\(' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SeatT = Static<typeof Seat>;

/** When an event starts, as the poster shows it: a date, or a date not yet announced or decided. */
export const EventDateInfo = Type.Object(
  {
    date: DateTag,
    ignoreTimeComponents: Flag,
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    unannounced: Flag,
    undetermined: Flag,
  },
  { additionalProperties: false },
);

const WifiNetwork = Type.Object({ ssid: DataText, password: DataText }, { additionalProperties: false });

export const SemanticTags = Type.Object(
  {
    // events
    eventName: Text,
    eventType: Type.Optional(literalUnion(EVENT_TYPES)),
    eventStartDate: DateTag,
    eventStartDateInfo: Type.Optional(EventDateInfo),
    eventEndDate: DateTag,
    eventLiveMessage: Text,
    genre: Text,
    performerNames: Texts,
    artistIDs: Texts,
    attendeeName: Text,
    admissionLevel: Text,
    admissionLevelAbbreviation: Text,
    entranceDescription: Text,
    additionalTicketAttributes: Text,
    silenceRequested: Flag,
    tailgatingAllowed: Flag,
    venueName: Text,
    venueRegionName: Text,
    venueRoom: Text,
    venueEntrance: Text,
    venueEntranceGate: Text,
    venueEntranceDoor: Text,
    venueEntrancePortal: Text,
    venuePhoneNumber: Text,
    venuePlaceID: Text,
    venueLocation: Type.Optional(Location),
    venueDoorsOpenDate: DateTag,
    venueGatesOpenDate: DateTag,
    venueOpenDate: DateTag,
    venueCloseDate: DateTag,
    venueParkingLotsOpenDate: DateTag,
    venueBoxOfficeOpenDate: DateTag,
    venueFanZoneOpenDate: DateTag,
    seats: Type.Optional(Type.Array(Seat, { maxItems: MAX_SEATS })),
    // sports
    sportName: Text,
    leagueName: Text,
    leagueAbbreviation: Text,
    homeTeamName: Text,
    homeTeamLocation: Text,
    homeTeamAbbreviation: Text,
    awayTeamName: Text,
    awayTeamLocation: Text,
    awayTeamAbbreviation: Text,
    // travel
    airlineCode: Text,
    flightCode: Text,
    flightNumber: Type.Optional(NumberValue),
    transitProvider: Text,
    transitStatus: Text,
    transitStatusReason: Text,
    vehicleName: Text,
    vehicleNumber: Text,
    vehicleType: Text,
    carNumber: Text,
    confirmationNumber: Text,
    boardingGroup: Text,
    boardingZone: Text,
    boardingSequenceNumber: Text,
    priorityStatus: Text,
    securityScreening: Text,
    ticketFareClass: Text,
    membershipProgramStatus: Text,
    passengerName: Type.Optional(PersonName),
    departureAirportCode: Text,
    departureAirportName: Text,
    departureCityName: Text,
    departureLocationTimeZone: Text,
    departureGate: Text,
    departureTerminal: Text,
    departurePlatform: Text,
    departureStationName: Text,
    departureLocation: Type.Optional(Location),
    departureLocationDescription: Text,
    destinationAirportCode: Text,
    destinationAirportName: Text,
    destinationCityName: Text,
    destinationLocationTimeZone: Text,
    destinationGate: Text,
    destinationTerminal: Text,
    destinationPlatform: Text,
    destinationStationName: Text,
    destinationLocation: Type.Optional(Location),
    destinationLocationDescription: Text,
    originalBoardingDate: DateTag,
    originalDepartureDate: DateTag,
    originalArrivalDate: DateTag,
    currentBoardingDate: DateTag,
    currentDepartureDate: DateTag,
    currentArrivalDate: DateTag,
    duration: Type.Optional(NumberValue),
    // money and membership
    balance: Type.Optional(CurrencyAmount),
    totalPrice: Type.Optional(CurrencyAmount),
    membershipProgramName: Text,
    membershipProgramNumber: Text,
    wifiAccess: Type.Optional(Type.Array(WifiNetwork, { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type SemanticTagsT = Static<typeof SemanticTags>;

/** The semantic tags that hold a date, which must carry its time zone. */
export const SEMANTIC_DATE_TAGS = Object.entries(SemanticTags.properties)
  .filter(([, schema]) => JSON.stringify(schema) === JSON.stringify(DateTag))
  .map(([name]) => name as keyof SemanticTagsT);

/** The semantic tags that hold a number, which Wallet reads as a JSON number. */
export const SEMANTIC_NUMBER_TAGS = Object.entries(SemanticTags.properties)
  .filter(([, schema]) => JSON.stringify(schema) === JSON.stringify(Type.Optional(NumberValue)))
  .map(([name]) => name as keyof SemanticTagsT);

const DATE_NAMES: ReadonlySet<string> = new Set([...SEMANTIC_DATE_TAGS, 'date']);
const NUMBER_NAMES: ReadonlySet<string> = new Set(SEMANTIC_NUMBER_TAGS);

/**
 * What a semantic value is, by its name: a date (a date tag, or the `date` of an event's start information), a
 * number, or a text.
 *
 * @example semanticValueType('eventStartDate') // 'date'
 */
export function semanticValueType(name: string): 'date' | 'number' | 'string' {
  if (DATE_NAMES.has(name)) return 'date';
  return NUMBER_NAMES.has(name) ? 'number' : 'string';
}
