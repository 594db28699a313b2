import { Type, type Static } from '@sinclair/typebox';

/** One of the given strings, as a JSON Schema enum (one clear error instead of one per choice). */
export const literalUnion = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values] });

/**
 * A text by two-letter lowercase language code, and nothing else: a value wrapped without its `value`
 * ({"type": "string", "fallback": "…"}) is not taken for texts in languages "type" and "fallback".
 */
export const LocalisedObject = Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String(), {
  minProperties: 1,
  additionalProperties: false,
});
const LocalisedText = Type.Union([Type.String(), LocalisedObject]);

/** A value with a type, holding a `#{placeholder}` filled from the pass's dynamic data, and its fallback. */
export const WrappedValue = Type.Object(
  {
    type: literalUnion(['string', 'number', 'date', 'color']),
    value: Type.Union([Type.String(), Type.Number(), LocalisedObject]),
    fallback: Type.Optional(Type.Union([Type.String(), Type.Number(), LocalisedObject])),
  },
  { additionalProperties: false },
);
export type WrappedValueT = Static<typeof WrappedValue>;

/** A text of the pass: plain, per language, or wrapped around a placeholder. */
export const TextValue = Type.Union([LocalisedText, WrappedValue]);
export const NumberValue = Type.Union([Type.Number(), Type.String(), WrappedValue]);
export const DateValue = Type.Union([Type.String(), WrappedValue]);
export const ColorValue = Type.Union([Type.String({ pattern: '^rgb\\(' }), WrappedValue]);

/** A text Wallet reads as data rather than shows (semantic tags): one text, maybe a placeholder, no languages. */
export const DataText = Type.Union([Type.String({ maxLength: 1000 }), WrappedValue]);

/**
 * An https address; placeholders may fill its path (`https://tickets.example.com/transfer/#{ticketId}`).
 * Wallet opens only https.
 */
export const HttpsUrl = Type.String({ pattern: '^https://[^\\s]+$', maxLength: 2048 });
