import crypto, { type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An EC P-256 key pair, its public key as Google writes it (base64 DER SubjectPublicKeyInfo). */
export interface StandInKey {
  privateKey: KeyObject;
  keyValue: string;
}

/** @example const root = standInKey() */
export function standInKey(): StandInKey {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { privateKey, keyValue: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
}

/** Each text as its 4-byte little-endian UTF-8 length and its bytes: what ECv2 signs (written here from its definition). */
function lengthPrefixed(...texts: string[]): Buffer {
  return Buffer.concat(
    texts.flatMap((text) => {
      const bytes = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length, 0);
      return [length, bytes];
    }),
  );
}

const sign = (key: KeyObject, data: Buffer) =>
  crypto.sign('sha256', data, { key, dsaEncoding: 'der' }).toString('base64');

/** What a callback's message says. */
export interface CallbackMessage {
  classId: string;
  objectId: string;
  expTimeMillis: number;
  eventType: 'save' | 'del';
  nonce: string;
}

export interface SignedCallbackOptions {
  /** signs the intermediate key (Google's root) */
  root: StandInKey;
  /** signs the message */
  intermediate?: StandInKey;
  /** the intermediate key as the signed key says (the signing one unless a test swaps it) */
  announcedIntermediate?: StandInKey;
  senderId?: string;
  recipientId: string;
  protocolVersion?: string;
  keyExpiration?: number;
  message: CallbackMessage;
}

/**
 * A callback body as Google sends it, signed as ECv2SigningOnly by stand-in keys: the intermediate key signed by
 * the root over sender id, protocol and signed key; the message by the intermediate key over sender id, recipient
 * id, protocol and signed message.
 *
 * @example signedCallback({ root, recipientId: ISSUER_ID, message: { classId, objectId, expTimeMillis, eventType: 'save', nonce } })
 */
export function signedCallback(options: SignedCallbackOptions) {
  const intermediate = options.intermediate ?? standInKey();
  const senderId = options.senderId ?? 'GooglePayPasses';
  const protocolVersion = options.protocolVersion ?? 'ECv2SigningOnly';
  const signedKey = JSON.stringify({
    keyValue: (options.announcedIntermediate ?? intermediate).keyValue,
    keyExpiration: String(options.keyExpiration ?? Date.now() + 24 * 3600_000),
  });
  const signedMessage = JSON.stringify(options.message);
  return {
    signature: sign(
      intermediate.privateKey,
      lengthPrefixed(senderId, options.recipientId, protocolVersion, signedMessage),
    ),
    intermediateSigningKey: {
      signedKey,
      signatures: [sign(options.root.privateKey, lengthPrefixed(senderId, protocolVersion, signedKey))],
    },
    protocolVersion,
    signedMessage,
  };
}

export interface KeysStandIn {
  url: string;
  /** requests the keys URL received */
  requests: number;
  /** while true, the keys URL answers 503 */
  down: boolean;
  close(): Promise<void>;
}

/**
 * A stand-in of Google's keys URL serving the root keys as `{keys: [{keyValue, protocolVersion, keyExpiration}]}`.
 *
 * @example const keys = await startKeysStandIn([root])
 */
export async function startKeysStandIn(roots: StandInKey[]): Promise<KeysStandIn> {
  const state = { requests: 0, down: false };
  const server = http.createServer((_request, response) => {
    state.requests += 1;
    if (state.down) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      return response.end('unavailable');
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=3600' });
    response.end(
      JSON.stringify({
        keys: [
          ...roots.map((root) => ({
            keyValue: root.keyValue,
            protocolVersion: 'ECv2SigningOnly',
            keyExpiration: String(Date.now() + 7 * 24 * 3600_000),
          })),
          // a key of another protocol is not a root of callbacks
          { keyValue: standInKey().keyValue, protocolVersion: 'ECv1' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gp/m/issuer/keys`;
  return {
    url,
    get requests() {
      return state.requests;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
