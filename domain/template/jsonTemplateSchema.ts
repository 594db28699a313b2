import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CURRENCY_CODES } from './currencies';
import {
  BARCODE_FORMATS,
  DATA_DETECTOR_TYPES,
  DATE_STYLES,
  MAX_BEACONS,
  MAX_LOCATIONS,
  NUMBER_STYLES,
  PASS_STYLES,
  TEXT_ALIGNMENTS,
  TRANSIT_TYPES,
} from './limits';

/** One of the given strings, as a JSON Schema enum (one clear error instead of one per choice). */
const literalUnion = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values] });

/**
 * A text by two-letter lowercase language code, and nothing else: a value wrapped without its `value`
 * ({"type": "string", "fallback": "…"}) is not taken for texts in languages "type" and "fallback".
 */
const LocalisedObject = Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String(), {
  minProperties: 1,
  additionalProperties: false,
});
const LocalisedText = Type.Union([Type.String(), LocalisedObject]);

/** A value with a type, holding a `#{placeholder}` filled from the pass's dynamic data, and its fallback. */
const WrappedValue = Type.Object(
  {
    type: literalUnion(['string', 'number', 'date', 'color']),
    value: Type.Union([Type.String(), Type.Number(), LocalisedObject]),
    fallback: Type.Optional(Type.Union([Type.String(), Type.Number(), LocalisedObject])),
  },
  { additionalProperties: false },
);
export type WrappedValueT = Static<typeof WrappedValue>;

/**
 * A part the template repeats (a field in every list of every style), written once under the template's `$defs`
 * and referred to elsewhere: ajv then compiles it once, not at each of its 25 places (inlined, the schema was
 * 298 kB and took seconds to compile). A choice (anyOf) never holds a reference, so that its errors keep the
 * schema path of the branch they belong to.
 */
const shared = <T extends TSchema>(name: 'field' | 'styleBody') =>
  Type.Unsafe<Static<T>>({ $ref: `#/$defs/${name}` });

const TextValue = Type.Union([LocalisedText, WrappedValue]);
const NumberValue = Type.Union([Type.Number(), Type.String(), WrappedValue]);
const DateValue = Type.Union([Type.String(), WrappedValue]);
const ColorValue = Type.Union([Type.String({ pattern: '^rgb\\(' }), WrappedValue]);

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
    transitType: Type.Optional(literalUnion(TRANSIT_TYPES)),
  },
  { additionalProperties: false },
);
export type StyleBodyT = Static<typeof StyleBody>;

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
    expirationDate: Type.Optional(DateValue),
    sharingProhibited: Type.Optional(Type.Boolean()),
    groupingIdentifier: Type.Optional(Type.String()),
    associatedStoreIdentifiers: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true }),
    ),
    barcodes: Type.Optional(Type.Array(Barcode, { maxItems: 2 })),
    locations: Type.Optional(Type.Array(Location, { maxItems: MAX_LOCATIONS })),
    beacons: Type.Optional(Type.Array(Beacon, { maxItems: MAX_BEACONS })),
  },
  { additionalProperties: false, $defs: { field: Field, styleBody: StyleBody } },
);
export type JsonTemplateT = Static<typeof JsonTemplate>;
