import crypto from 'node:crypto';
import { counterMessage, totpStep, truncatedValue } from '../../../../domain/ticket/rotatingCode';

/** The hash functions RFC 6238 names; Google Wallet's rotating barcodes use SHA-1. */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpSettings {
  /** decimal digits of a value (RFC 4226 section 5.3: 6 to 8) */
  digits: number;
  /** the time step X of RFC 6238, in milliseconds */
  periodMs: number;
  algorithm?: TotpAlgorithm;
}

/**
 * The HOTP value (RFC 4226) of a counter: HMAC of the counter as 8 bytes big-endian, dynamically truncated to 31
 * bits, its last `digits` decimal digits with leading zeros.
 *
 * @example hotp(Buffer.from('12345678901234567890'), 1n, 6) // '287082'
 */
export function hotp(
  key: Uint8Array,
  counter: bigint,
  digits: number,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const mac = crypto.createHmac(algorithm, key).update(counterMessage(counter)).digest();
  return truncatedValue(mac, digits);
}

/**
 * The TOTP value (RFC 6238) of a key at a moment: the HOTP value of the moment's time step.
 *
 * @example totp(Buffer.from('12345678901234567890'), 59_000, { digits: 8, periodMs: 30_000 }) // '94287082'
 */
export function totp(key: Uint8Array, at: number, settings: TotpSettings): string {
  return hotp(key, totpStep(at, settings.periodMs), settings.digits, settings.algorithm);
}
