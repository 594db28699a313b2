import crypto from 'node:crypto';

/**
 * The token of an `Authorization: ApplePass <token>` header; undefined when the header is missing or of
 * another scheme.
 *
 * @example applePassToken('ApplePass 3f2a9c...') // '3f2a9c...'
 */
export function applePassToken(authorization: string | undefined): string | undefined {
  const match = /^ApplePass\s+(\S{1,512})\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Compares a presented token with the pass's in constant time: both are hashed first, so the buffers compared
 * have the same length whatever was sent, and the time taken tells nothing about either.
 *
 * @example tokensMatch(pass.authenticationToken, applePassToken(header) ?? '')
 */
export function tokensMatch(expected: string, presented: string): boolean {
  const digest = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest();
  return crypto.timingSafeEqual(digest(expected), digest(presented));
}
