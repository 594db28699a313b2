import {
  checkRotatingCodeWith,
  counterMessage,
  truncatedValue,
  type RotatingCodeCheck,
} from '../../domain/ticket/rotatingCode';
import type { OfflineRotation } from '../../domain/schemas/ticketEntry';

/** WebCrypto exists only in secure contexts (HTTPS or localhost): without it no time-based code can be checked. */
export const canCheckRotatingCodes = () => typeof globalThis.crypto?.subtle?.importKey === 'function';

const bytesOfHex = (hex: string) =>
  new Uint8Array((hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));

/**
 * Checks a ticket's time-based code offline as the server does, at the scan's moment: the TOTP (RFC 6238, HMAC-SHA-1
 * by WebCrypto) of the key the offline list holds for the ticket.
 *
 * @example await checkOfflineRotatingCode(ticket.rotation, '94287082', new Date(59_000)) // 'live'
 */
export async function checkOfflineRotatingCode(
  rotation: OfflineRotation,
  value: string,
  at: Date,
): Promise<RotatingCodeCheck> {
  const key = await crypto.subtle.importKey(
    'raw',
    bytesOfHex(rotation.key),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const codeOf = async (step: bigint) =>
    truncatedValue(
      new Uint8Array(await crypto.subtle.sign('HMAC', key, counterMessage(step))),
      rotation.digits,
    );
  return checkRotatingCodeWith(value, at, rotation, async (step) => (await codeOf(step)) === value);
}
