import crypto, { type KeyObject } from 'node:crypto';
import { checkBody } from '../../../../kernel/http/validation';
import { HttpError, badRequest, requestSummary } from '../../../../kernel/http/errors';
import { CALLBACK_PROTOCOL, SignedKeySchema, type CallbackBody } from './callbackSchemas';

/** One of Google's root signing keys; `expiresAt` (ms since 1970) when the keys URL gives one. */
export interface RootSigningKey {
  key: KeyObject;
  expiresAt: number | undefined;
}

/** Who a callback must be signed by and for. */
export interface CallbackParties {
  /** the sender ids accepted (GooglePayPasses, GoogleWalletPasses) */
  senderIds: readonly string[];
  /** our issuer id: the recipient the message is signed for */
  recipientId: string;
}

/** Why a callback is not trusted: 403, with what failed. */
export class UntrustedCallback extends HttpError {
  constructor(
    /** 'rootKeys': no root key signed the intermediate key (fresher keys may) */
    readonly failed: 'rootKeys' | 'keyExpired' | 'message',
    message: { en: string; cs: string },
  ) {
    super(403, message);
  }
}

/**
 * The byte string Google signs: each text as its UTF-8 length (4 bytes, little-endian) and its bytes, in order.
 *
 * @example lengthValue('GooglePayPasses', 'ECv2SigningOnly') // <0f 00 00 00 47 6f ... 0f 00 00 00 45 43 ...>
 */
export function lengthValue(...texts: string[]): Buffer {
  return Buffer.concat(
    texts.flatMap((text) => {
      const bytes = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

/**
 * An EC P-256 public key from base64 DER SubjectPublicKeyInfo, or undefined when it is not one.
 *
 * @example ecPublicKey('MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…')?.type // 'public'
 */
export function ecPublicKey(base64: string): KeyObject | undefined {
  try {
    const key = crypto.createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : undefined;
  } catch {
    return undefined;
  }
}

/** ECDSA with SHA-256, DER-encoded signature; a malformed signature simply does not verify. */
function verifies(key: KeyObject, data: Buffer, signatureBase64: string): boolean {
  try {
    return crypto.verify('sha256', data, { key, dsaEncoding: 'der' }, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

/** Milliseconds since 1970 from a number or its text. */
export const millisOf = (value: number | string): number => Number(value);

/**
 * The sender id under which one of the root keys signed the intermediate key, if any.
 */
function intermediateSender(
  body: CallbackBody,
  senderIds: readonly string[],
  rootKeys: readonly RootSigningKey[],
  now: number,
): string | undefined {
  const live = rootKeys.filter((root) => root.expiresAt === undefined || root.expiresAt > now);
  const { signedKey, signatures } = body.intermediateSigningKey;
  return senderIds.find((senderId) => {
    const signed = lengthValue(senderId, CALLBACK_PROTOCOL, signedKey);
    return live.some((root) => signatures.some((signature) => verifies(root.key, signed, signature)));
  });
}

/** The intermediate key itself, read from its signed JSON; 400 when it is not a usable key. */
function intermediateKey(signedKey: string): { key: KeyObject; expiresAt: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signedKey);
  } catch {
    parsed = undefined;
  }
  const problems = checkBody(SignedKeySchema, parsed);
  const value = parsed as { keyValue: string; keyExpiration: number | string };
  const key = problems ? undefined : ecPublicKey(value.keyValue);
  if (!key)
    throw badRequest(
      problems
        ? requestSummary('intermediateSigningKey.signedKey', problems)
        : {
            en: 'The callback is invalid: intermediateSigningKey.signedKey.keyValue is not an EC P-256 public key.',
            cs: 'Callback není platný: intermediateSigningKey.signedKey.keyValue není veřejný klíč EC P-256.',
          },
    );
  return { key, expiresAt: millisOf(value.keyExpiration) };
}

/**
 * Verifies a Google Wallet callback as Tink's PaymentMethodTokenRecipient does for ECv2SigningOnly, and answers its
 * signed message (the JSON text): the protocol version; the intermediate key's signature by a root key over the
 * length-prefixed sender id, protocol version and signed key; the key's expiry; the message's signature by the
 * intermediate key over the length-prefixed sender id, recipient id, protocol version and signed message. HttpError
 * 400 for a wrong protocol or an unusable key, UntrustedCallback (403) for a signature that does not verify or an
 * expired key. The message's own expiry is the caller's to check (it is inside the message).
 *
 * @example const message = verifyCallback(body, { senderIds: ['GooglePayPasses'], recipientId: '3388…' }, rootKeys)
 */
export function verifyCallback(
  body: CallbackBody,
  parties: CallbackParties,
  rootKeys: readonly RootSigningKey[],
  now = Date.now(),
): string {
  if (body.protocolVersion !== CALLBACK_PROTOCOL)
    throw badRequest({
      en: `The callback's protocolVersion must be ${CALLBACK_PROTOCOL}, not "${body.protocolVersion}".`,
      cs: `protocolVersion callbacku musí být ${CALLBACK_PROTOCOL}, ne „${body.protocolVersion}“.`,
    });
  const senderId = intermediateSender(body, parties.senderIds, rootKeys, now);
  if (senderId === undefined)
    throw new UntrustedCallback('rootKeys', {
      en: "The callback's intermediate signing key is not signed by any of Google's root signing keys.",
      cs: 'Průběžný podpisový klíč callbacku není podepsán žádným z kořenových podpisových klíčů Googlu.',
    });
  const intermediate = intermediateKey(body.intermediateSigningKey.signedKey);
  if (!(intermediate.expiresAt > now))
    throw new UntrustedCallback('keyExpired', {
      en: "The callback's intermediate signing key has expired.",
      cs: 'Průběžný podpisový klíč callbacku vypršel.',
    });
  const signed = lengthValue(senderId, parties.recipientId, CALLBACK_PROTOCOL, body.signedMessage);
  if (!verifies(intermediate.key, signed, body.signature))
    throw new UntrustedCallback('message', {
      en: `The callback's message is not signed by its intermediate signing key for issuer ${parties.recipientId}.`,
      cs: `Zpráva callbacku není podepsána jeho průběžným podpisovým klíčem pro vydavatele ${parties.recipientId}.`,
    });
  return body.signedMessage;
}
