/**
 * Rotating barcodes at the gate, the same for the server and the offline gate in the browser: how a scanned code
 * is split, how RFC 4226 turns an HMAC into digits, and which periods make a time-based code live or expired. Each
 * side computes the HMAC-SHA-1 itself (node:crypto on the server, WebCrypto in the browser).
 */

/** Between the ticket's code and the time-based code: `<ticket code>~<TOTP>` (never in a ticket's base64url code). */
export const ROTATING_CODE_SEPARATOR = '~';

const ROTATING_CODE = new RegExp(`^([^]+)${ROTATING_CODE_SEPARATOR}(\\d{6,8})$`);

/**
 * A scanned code of the rotating form split into the ticket's code and the time-based code; undefined for any other.
 *
 * @example splitRotatingCode('x7Gq~12345678') // { ticketCode: 'x7Gq', value: '12345678' }
 */
export function splitRotatingCode(code: string): { ticketCode: string; value: string } | undefined {
  const match = ROTATING_CODE.exec(code.trim());
  return match ? { ticketCode: match[1], value: match[2] } : undefined;
}

/** What a time-based code is: the live one (± one period for clocks apart), one that was live earlier, or neither. */
export type RotatingCodeCheck = 'live' | 'expired' | 'forged';

/** How a pass's time-based codes are made: the period each is live and their digits. */
export interface RotatingCodeSettings {
  periodMs: number;
  digits: number;
}

/** The time step (RFC 6238's T, counted from the Unix epoch) a moment falls in. */
export const totpStep = (at: number, periodMs: number): bigint => BigInt(Math.floor(at / periodMs));

/**
 * The message HOTP signs for a counter: 8 bytes, big-endian (RFC 4226 section 5.2).
 *
 * @example counterMessage(1n) // Uint8Array [0, 0, 0, 0, 0, 0, 0, 1]
 */
export function counterMessage(counter: bigint): Uint8Array<ArrayBuffer> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, counter);
  return message;
}

/**
 * The HOTP value of an HMAC (RFC 4226 section 5.3, dynamic truncation): 31 bits at the offset the last byte's low
 * nibble names, their last `digits` decimal digits with leading zeros.
 *
 * @example truncatedValue(hmacSha1(key, counterMessage(1n)), 6) // '287082' for RFC 4226's key
 */
export function truncatedValue(mac: Uint8Array, digits: number): string {
  const offset = mac[mac.length - 1] & 0x0f;
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  const binary = view.getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** How far back a code still counts as expired rather than forged: a day, at most this many steps. */
const EXPIRED_LOOKBACK_MS = 24 * 60 * 60_000;
const MAX_LOOKBACK_STEPS = 3000;

/**
 * Checks a time-based code at a moment, given whether it is the code of a time step: live within the current period
 * or the one before or after; expired when it was the code of an earlier period of the last day; otherwise forged.
 *
 * @example await checkRotatingCodeWith('12345678', new Date(), settings, (step) => codeOf(key, step) === '12345678')
 */
export async function checkRotatingCodeWith(
  value: string,
  at: Date,
  settings: RotatingCodeSettings,
  isCodeOf: (step: bigint) => boolean | Promise<boolean>,
): Promise<RotatingCodeCheck> {
  const { periodMs, digits } = settings;
  if (value.length !== digits) return 'forged';
  const now = totpStep(at.getTime(), periodMs);
  for (const step of [now, now - 1n, now + 1n]) if (await isCodeOf(step)) return 'live';
  const lookback = BigInt(Math.min(MAX_LOOKBACK_STEPS, Math.ceil(EXPIRED_LOOKBACK_MS / periodMs)));
  for (let step = now - 2n; step >= now - lookback && step >= 0n; step -= 1n)
    if (await isCodeOf(step)) return 'expired';
  return 'forged';
}
