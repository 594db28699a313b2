import crypto from 'node:crypto';
import {
  DEFAULT_ROTATION_DIGITS,
  DEFAULT_ROTATION_PERIOD_SECONDS,
  type GoogleWalletOptionsT,
} from '../../../../domain/template/googleWalletOptions';
import {
  ROTATING_CODE_SEPARATOR,
  checkRotatingCodeWith,
  type RotatingCodeCheck,
} from '../../../../domain/ticket/rotatingCode';
import type { ServerConfig } from '../../../kernel/config';
import { secretFromEnvOrFile } from '../../../kernel/auth/secrets';
import { totp } from './totp';

/** How a template's passes rotate their Google Wallet barcode. */
export interface RotationSettings {
  periodMs: number;
  digits: number;
  /** the gate refuses the ticket's plain code */
  required: boolean;
}

/**
 * The rotation settings of a template's Google Wallet settings (validated when the template was saved), with their
 * defaults; undefined when its barcodes do not rotate.
 *
 * @example rotationOf({ rotatingBarcode: {} }) // { periodMs: 30000, digits: 8, required: false }
 */
export function rotationOf(googleWallet: unknown): RotationSettings | undefined {
  const options = (googleWallet ?? {}) as GoogleWalletOptionsT;
  const rotating = options.rotatingBarcode;
  if (!rotating) return undefined;
  return {
    periodMs: (rotating.periodSeconds ?? DEFAULT_ROTATION_PERIOD_SECONDS) * 1000,
    digits: rotating.digits ?? DEFAULT_ROTATION_DIGITS,
    required: rotating.required === true,
  };
}

/** The TOTP key of a pass's rotating barcode. */
export type RotatingKeys = (passId: string) => Buffer;

const keysOfConfig = new WeakMap<object, RotatingKeys>();

/**
 * The TOTP key of each pass, derived (HMAC-SHA-256, 20 bytes as RFC 4226 recommends for SHA-1) from the server's
 * token secret and the pass's id: nothing is stored, every instance sharing the secret derives the same key. The
 * key leaves the server only inside the object sent to Google and in the offline list of a gate of its e-shop.
 *
 * @example rotatingKeysOf(config)(passId).toString('hex') // 40 hex digits
 */
export function rotatingKeysOf(config: Pick<ServerConfig, 'tokenSecret' | 'dataDir'>): RotatingKeys {
  let keys = keysOfConfig.get(config);
  if (!keys) {
    const secret = secretFromEnvOrFile(config.tokenSecret, config.dataDir, 'token-secret');
    keys = (passId) =>
      crypto
        .createHmac('sha256', secret)
        .update(`google-rotating-barcode:${passId}`)
        .digest()
        .subarray(0, 20);
    keysOfConfig.set(config, keys);
  }
  return keys;
}

/**
 * Google Wallet's `rotatingBarcode` of a ticket code: a QR code of `<code>~{totp_value_0}`, which Google Wallet
 * fills with the TOTP (SHA-1) of the key every period.
 *
 * @example rotatingBarcode('x7Gq…', key, { periodMs: 30000, digits: 8, required: false }).valuePattern // 'x7Gq…~{totp_value_0}'
 */
export function rotatingBarcode(
  ticketCode: string,
  key: Buffer,
  settings: RotationSettings,
): Record<string, unknown> {
  return {
    type: 'QR_CODE',
    valuePattern: `${ticketCode}${ROTATING_CODE_SEPARATOR}{totp_value_0}`,
    totpDetails: {
      periodMillis: String(settings.periodMs),
      algorithm: 'TOTP_SHA1',
      parameters: [{ key: key.toString('hex'), valueLength: settings.digits }],
    },
  };
}

const sameCode = (a: string, b: string) => crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a time-based code of a pass's key at a moment (the rule of domain/ticket/rotatingCode.ts): live within the
 * current period or the one before or after; expired when it was an earlier period's code of the last day; else
 * forged.
 *
 * @example await checkRotatingCode(key, '12345678', new Date(), settings) // 'live' | 'expired' | 'forged'
 */
export function checkRotatingCode(
  key: Buffer,
  value: string,
  at: Date,
  settings: Pick<RotationSettings, 'periodMs' | 'digits'>,
): Promise<RotatingCodeCheck> {
  const { periodMs, digits } = settings;
  return checkRotatingCodeWith(value, at, settings, (step) =>
    sameCode(totp(key, Number(step) * periodMs, { digits, periodMs }), value),
  );
}
