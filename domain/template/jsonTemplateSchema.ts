import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { CURRENCY_CODES } from './currencies';
import {
  ColorValue,
  DataText,
  DateValue,
  HttpsUrl,
  NumberValue,
  TextValue,
  WrappedValue,
  literalUnion,
} from './valueSchemas';
export type { WrappedValueT } from './valueSchemas';
import {
  AIRLINE_CONTACT_KEYS,
  AIRLINE_URL_KEYS,
  BARCODE_FORMATS,
  DATA_DETECTOR_TYPES,
  EVENT_GUIDE_CONTACT_KEYS,
  EVENT_GUIDE_URL_KEYS,
  FEATURED_ACTION_TYPES,
  MAX_UPCOMING_EVENTS,
  DATE_STYLES,
  MAX_BEACONS,
  MAX_LOCATIONS,
  NUMBER_STYLES,
  PASS_STYLES,
  PREFERRED_STYLE_SCHEMES,
  TEXT_ALIGNMENTS,
  TRANSIT_TYPES,
} from './limits';
import { SemanticTags } from './semanticTags';

/**
 * A part the template repeats (a field in every list of every style), written once under the template's `$defs`
 * and referred to elsewhere: ajv then compiles it once, not at each of its 25 places (inlined, the schema was
 * 298 kB and took seconds to compile). A choice (anyOf) never holds a reference, so that its errors keep the
 * schema path of the branch they belong to.
 */
const shared = <T extends TSchema>(name: 'field' | 'styleBody' | 'semantics') =>
  Type.Unsafe<Static<T>>({ $ref: `#/$defs/${name}` });

const fieldBase = {
  key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' }),
  label: Type.Optional(TextValue),
  changeMessage: Type.Optional(TextValue),
  textAlignment: Type.Optional(literalUnion(TEXT_ALIGNMENTS)),
};

const TextField = Type.Object(
  {
    ...fieldBase,
    value: TextValue,
    attributedValue: Type.Optional(TextValue),
    dataDetectorTypes: Type.Optional(Type.Array(literalUnion(DATA_DETECTOR_TYPES), { uniqueItems: true })),
  },
  { additionalProperties: false },
);
const DateField = Type.Object(
  {
    ...fieldBase,
    value: DateValue,
    dateStyle: literalUnion(DATE_STYLES),
    timeStyle: literalUnion(DATE_STYLES),
    ignoresTimeZone: Type.Optional(Type.Boolean()),
    isRelative: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const NumberField = Type.Object(
  { ...fieldBase, value: NumberValue, numberStyle: literalUnion(NUMBER_STYLES) },
  { additionalProperties: false },
);
const CurrencyField = Type.Object(
  { ...fieldBase, value: NumberValue, currencyCode: literalUnion(CURRENCY_CODES) },
  { additionalProperties: false },
);
export type TextFieldT = Static<typeof TextField>;
export type DateFieldT = Static<typeof DateField>;
const Field = Type.Union([DateField, NumberField, CurrencyField, TextField]);
export type FieldT = Static<typeof Field>;

const Fields = Type.Array(shared<typeof Field>('field'));

const StyleBody = Type.Object(
  {
    headerFields: Type.Optional(Fields),
    primaryFields: Type.Optional(Fields),
    secondaryFields: Type.Optional(Fields),
    auxiliaryFields: Type.Optional(Fields),
    backFields: Type.Optional(Fields),
    /** fields below the pass in Wallet's details (iOS 18 poster event ticket, iOS 27 poster generic) */
    additionalInfoFields: Type.Optional(Fields),
    transitType: Type.Optional(literalUnion(TRANSIT_TYPES)),
  },
  { additionalProperties: false },
);
export type StyleBodyT = Static<typeof StyleBody>;

/**
 * The poster generic layout (iOS 27), written next to the classic `generic` that older iOS shows: header fields,
 * up to four primary fields, one footer field, back and additional info fields.
 */
const PosterGenericBody = Type.Object(
  {
    headerFields: Type.Optional(Fields),
    primaryFields: Type.Optional(Fields),
    footerFields: Type.Optional(Fields),
    backFields: Type.Optional(Fields),
    additionalInfoFields: Type.Optional(Fields),
  },
  { additionalProperties: false },
);
export type PosterGenericBodyT = Static<typeof PosterGenericBody>;

const Barcode = Type.Object(
  {
    format: literalUnion(BARCODE_FORMATS),
    message: TextValue,
    messageEncoding: Type.String({ minLength: 1 }),
    altText: Type.Optional(TextValue),
    key: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type BarcodeT = Static<typeof Barcode>;

const Location = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    altitude: Type.Optional(Type.Number()),
    relevantText: Type.Optional(TextValue),
    maxDistance: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);

const Beacon = Type.Object(
  {
    proximityUUID: Type.String({
      pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
    }),
    major: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    minor: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    relevantText: Type.Optional(TextValue),
  },
  { additionalProperties: false },
);

/** A relevant moment of a pass (iOS 18): an interval of at most 24 hours, or one date. */
const RelevantDate = Type.Union([
  Type.Object({ startDate: DateValue, endDate: DateValue }, { additionalProperties: false }),
  Type.Object({ date: DateValue }, { additionalProperties: false }),
]);
export type RelevantDateT = Static<typeof RelevantDate>;

const urlsOf = <K extends string, C extends string>(keys: readonly K[], contacts: readonly C[]) =>
  Object.fromEntries([
    ...keys.map((key) => [key, Type.Optional(HttpsUrl)]),
    ...contacts.map((key) => [key, Type.Optional(DataText)]),
  ]) as Record<K, TOptional<typeof HttpsUrl>> & Record<C, TOptional<typeof DataText>>;
const eventGuideUrls = urlsOf(EVENT_GUIDE_URL_KEYS, EVENT_GUIDE_CONTACT_KEYS);
const airlineUrls = urlsOf(AIRLINE_URL_KEYS, AIRLINE_CONTACT_KEYS);

/** An action Wallet shows on the pass (iOS 27): a link, or for `place` a Maps place. */
const FeaturedAction = Type.Object(
  {
    identifier: Type.String({ minLength: 1, maxLength: 100 }),
    type: literalUnion(FEATURED_ACTION_TYPES),
    url: Type.Optional(HttpsUrl),
    placeIdentifier: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FeaturedActionT = Static<typeof FeaturedAction>;

/** An image of an upcoming event: one of the project's images (served from our address), or the pass's own. */
const UpcomingImage = Type.Union([
  Type.Object({ imageId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  Type.Object({ reuseExisting: Type.Literal(true) }, { additionalProperties: false }),
]);

/** One more event the pass admits to (iOS 26), with its own date, facts, links and images. */
const UpcomingEvent = Type.Object(
  {
    identifier: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Literal('event'),
    name: TextValue,
    isActive: Type.Optional(Type.Boolean()),
    dateInformation: Type.Optional(
      Type.Object(
        {
          date: Type.Optional(DateValue),
          ignoreTimeComponents: Type.Optional(Type.Boolean()),
          isAllDay: Type.Optional(Type.Boolean()),
          isUnannounced: Type.Optional(Type.Boolean()),
          isUndetermined: Type.Optional(Type.Boolean()),
          timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        },
        { additionalProperties: false },
      ),
    ),
    semantics: Type.Optional(shared<typeof SemanticTags>('semantics')),
    URLs: Type.Optional(Type.Object(eventGuideUrls, { additionalProperties: false })),
    images: Type.Optional(
      Type.Object(
        { headerImage: Type.Optional(UpcomingImage), venueMap: Type.Optional(UpcomingImage) },
        { additionalProperties: false },
      ),
    ),
    additionalInfoFields: Type.Optional(Fields),
    backFields: Type.Optional(Fields),
  },
  { additionalProperties: false },
);
export type UpcomingEventT = Static<typeof UpcomingEvent>;

/** Near-field communication (Value Added Services): needs a certificate Apple enabled for NFC. */
const Nfc = Type.Object(
  {
    message: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), WrappedValue]),
    encryptionPublicKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9+/=]+$', maxLength: 200 })),
    requiresAuthentication: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const OptionalStyle = Type.Optional(shared<typeof StyleBody>('styleBody'));
const styleProperties = Object.fromEntries(PASS_STYLES.map((style) => [style, OptionalStyle])) as Record<
  (typeof PASS_STYLES)[number],
  typeof OptionalStyle
>;

/** The pass.json of a template, with placeholders where the pass's dynamic data goes. */
export const JsonTemplate = Type.Object(
  {
    ...styleProperties,
    description: TextValue,
    organizationName: TextValue,
    logoText: Type.Optional(TextValue),
    labelColor: Type.Optional(ColorValue),
    backgroundColor: Type.Optional(ColorValue),
    foregroundColor: Type.Optional(ColorValue),
    maxDistance: Type.Optional(Type.Number({ minimum: 0 })),
    relevantDate: Type.Optional(DateValue),
    relevantDates: Type.Optional(Type.Array(RelevantDate, { maxItems: 50 })),
    expirationDate: Type.Optional(DateValue),
    preferredStyleSchemes: Type.Optional(
      Type.Array(literalUnion(PREFERRED_STYLE_SCHEMES), { uniqueItems: true, minItems: 1, maxItems: 2 }),
    ),
    posterGeneric: Type.Optional(PosterGenericBody),
    semantics: Type.Optional(shared<typeof SemanticTags>('semantics')),
    ...eventGuideUrls,
    ...airlineUrls,
    suppressHeaderDarkening: Type.Optional(Type.Boolean()),
    footerBackgroundColor: Type.Optional(ColorValue),
    useAutomaticColors: Type.Optional(Type.Boolean()),
    eventLogoText: Type.Optional(TextValue),
    featuredActions: Type.Optional(Type.Array(FeaturedAction)),
    upcomingPassInformation: Type.Optional(Type.Array(UpcomingEvent, { maxItems: MAX_UPCOMING_EVENTS })),
    nfc: Type.Optional(Nfc),
    sharingProhibited: Type.Optional(Type.Boolean()),
    groupingIdentifier: Type.Optional(Type.String()),
    associatedStoreIdentifiers: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true }),
    ),
    barcodes: Type.Optional(Type.Array(Barcode, { maxItems: 2 })),
    locations: Type.Optional(Type.Array(Location, { maxItems: MAX_LOCATIONS })),
    beacons: Type.Optional(Type.Array(Beacon, { maxItems: MAX_BEACONS })),
  },
  { additionalProperties: false, $defs: { field: Field, styleBody: StyleBody, semantics: SemanticTags } },
);
export type JsonTemplateT = Static<typeof JsonTemplate>;
