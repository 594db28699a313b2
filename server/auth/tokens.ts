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
}

/** @example createTokenService(secret, 3600).issue({ sub: userId, sid: sessionId }) */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });
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
  };
}
