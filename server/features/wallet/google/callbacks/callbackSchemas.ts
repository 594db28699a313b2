import { Type, type Static } from '@sinclair/typebox';

/** The only protocol Google signs Wallet callbacks with (Tink's PaymentMethodTokenRecipient knows it). */
export const CALLBACK_PROTOCOL = 'ECv2SigningOnly';

/** A callback's body is a few hundred bytes; anything much larger is not Google's. */
export const CALLBACK_BODY_BYTES = 16 * 1024;

/** An ECDSA P-256 signature, DER, in base64: about 96 characters. */
const Signature = Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9+/]+={0,2}$' });

/** What Google POSTs: the signed message, its signature, and the intermediate key that made the signature. */
export const CallbackBodySchema = Type.Object({
  signature: Signature,
  intermediateSigningKey: Type.Object(
    {
      /** JSON text {keyValue, keyExpiration}: signed by a root key as it is sent */
      signedKey: Type.String({ minLength: 1, maxLength: 2048 }),
      signatures: Type.Array(Signature, { minItems: 1, maxItems: 8 }),
    },
    { additionalProperties: false },
  ),
  protocolVersion: Type.String({ maxLength: 64 }),
  /** JSON text of CallbackMessageSchema: signed as it is sent */
  signedMessage: Type.String({ minLength: 1, maxLength: 4096 }),
});
export type CallbackBody = Static<typeof CallbackBodySchema>;

/** Milliseconds since 1970: a number, or its text (Tink reads either). */
const Millis = Type.Union([
  Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 }),
  Type.String({ pattern: '^[0-9]{1,16}$' }),
]);

/** Google's ids: `{issuerId}.{suffix}` */
const GoogleId = Type.String({ maxLength: 255, pattern: '^[0-9]{1,30}\\.[A-Za-z0-9._-]{1,200}$' });

/** The intermediate key, as signed by a root key. */
export const SignedKeySchema = Type.Object({
  /** base64 of an X.509 SubjectPublicKeyInfo (DER) of an EC P-256 key */
  keyValue: Type.String({ minLength: 1, maxLength: 1024, pattern: '^[A-Za-z0-9+/]+={0,2}$' }),
  keyExpiration: Millis,
});

/** The message of a save or a delete: which object of which class, until when it is valid, and its nonce. */
export const CallbackMessageSchema = Type.Object({
  classId: GoogleId,
  objectId: GoogleId,
  expTimeMillis: Millis,
  eventType: Type.Union([Type.Literal('save'), Type.Literal('del')]),
  /** printable ASCII: it is stored to refuse a replay */
  nonce: Type.String({ minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7E]+$' }),
});
export type CallbackMessage = Static<typeof CallbackMessageSchema>;
