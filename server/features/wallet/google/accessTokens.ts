import { createSigner } from 'fast-jwt';
import { fetchGoogle, googleFailure, googleMessage, jsonOf } from './googleErrors';
import type { GoogleIssuer } from './serviceAccounts';

export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const ASSERTION_SECONDS = 3600;
/** a token is renewed this long before Google says it expires */
const EARLY_RENEWAL_MS = 60_000;

const SIGN_IN_FAILED = {
  en: 'Google sign-in of the service account failed',
  cs: 'Přihlášení servisního účtu u Googlu se nezdařilo',
};

export interface AccessTokens {
  /** A bearer token for the Google Wallet API, from a cache until shortly before it expires. */
  tokenFor(issuer: GoogleIssuer): Promise<string>;
  /** Forgets the issuer's token (Google refused it). */
  forget(issuer: GoogleIssuer): void;
}

/**
 * OAuth2 access tokens of service accounts: the JWT bearer grant (RFC 7523) signed with the account's key.
 *
 * @example await createAccessTokens('https://oauth2.googleapis.com/token').tokenFor(issuer)
 */
export function createAccessTokens(tokenUrl: string): AccessTokens {
  const cache = new WeakMap<GoogleIssuer, Promise<{ token: string; expiresAt: number }>>();

  async function requestToken(issuer: GoogleIssuer) {
    const sign = createSigner({
      key: issuer.privateKey,
      algorithm: 'RS256',
      expiresIn: ASSERTION_SECONDS * 1000,
    });
    const assertion = sign({ iss: issuer.clientEmail, scope: WALLET_SCOPE, aud: tokenUrl });
    const response = await fetchGoogle(SIGN_IN_FAILED, tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    const body = (await jsonOf(response)) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (!response.ok || typeof body?.access_token !== 'string')
      throw googleFailure(
        SIGN_IN_FAILED,
        googleMessage(body, response.status),
        response.ok ? undefined : response.status,
      );
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_SECONDS;
    return { token: body.access_token, expiresAt: Date.now() + seconds * 1000 - EARLY_RENEWAL_MS };
  }

  return {
    async tokenFor(issuer) {
      const cached = cache.get(issuer);
      if (cached) {
        const entry = await cached.catch(() => undefined);
        if (entry && entry.expiresAt > Date.now()) return entry.token;
      }
      const pending = requestToken(issuer);
      cache.set(issuer, pending);
      pending.catch(() => {
        if (cache.get(issuer) === pending) cache.delete(issuer);
      });
      return (await pending).token;
    },
    forget(issuer) {
      cache.delete(issuer);
    },
  };
}
