import crypto from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** session id: revoked sessions stop their tokens */
  sid: string;
}

export interface TokenService {
  issue(claims: TokenClaims): { token: string; expiresIn: number };
  /** The claims of a valid, unexpired token signed by us; undefined otherwise. */
  read(token: string): TokenClaims | undefined;
  ttlSeconds: number;
  /** A new OAuth2 refresh token (random, shown to its client once) and the hash under which it is stored. */
  newRefreshToken(): { token: string; hash: string };
  /** The stored hash of a refresh token a client presents. */
  refreshTokenHash(token: string): string;
}

/** @example createTokenService(secret, 3600).issue({ sub: userId, sid: sessionId }) */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });
  // A key of its own for refresh tokens, so the signing key is used for one purpose only. Refresh tokens are 256
  // random bits: a keyed hash is enough at rest (a stolen table proves nothing without the key) and costs
  // microseconds, where a password hash would cost each refresh tens of milliseconds for no gain.
  const refreshKey = crypto.createHmac('sha256', secret).update('passbase oauth2 refresh token').digest();
  const refreshTokenHash = (token: string) =>
    crypto.createHmac('sha256', refreshKey).update(token).digest('hex');
  return {
    ttlSeconds,
    issue: (claims) => ({ token: sign({ sub: claims.sub, sid: claims.sid }), expiresIn: ttlSeconds }),
    read(token) {
      try {
        const payload = verify(token) as Partial<TokenClaims>;
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return undefined;
      }
    },
    newRefreshToken() {
      const token = crypto.randomBytes(32).toString('base64url');
      return { token, hash: refreshTokenHash(token) };
    },
    refreshTokenHash,
  };
}
