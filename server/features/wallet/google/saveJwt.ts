import { createSigner } from 'fast-jwt';
import type { GoogleIssuer } from './serviceAccounts';

/** Google's Save to Google Wallet link of a JWT. */
export const SAVE_URL_BASE = 'https://pay.google.com/gp/v/save/';

/** Longest link Google accepts reliably; above it the JWT refers to an object saved through the API. */
export const MAX_SAVE_URL_LENGTH = 1800;

export type SaveJwtSigner = (issuer: GoogleIssuer, payload: Record<string, unknown[]>) => string;

/**
 * Signs 'Save to Google Wallet' JWTs (RS256 with the issuer's service-account key): iss, aud 'google',
 * typ 'savetowallet', iat, origins and the payload of objects (and classes).
 *
 * @example createSaveJwtSigner(['https://passes.example.com'])(issuer, { loyaltyObjects: [object] })
 */
export function createSaveJwtSigner(origins: string[]): SaveJwtSigner {
  const signers = new WeakMap<GoogleIssuer, (payload: Record<string, unknown>) => string>();
  const signerOf = (issuer: GoogleIssuer) => {
    let sign = signers.get(issuer);
    if (!sign) {
      sign = createSigner({ key: issuer.privateKey, algorithm: 'RS256' });
      signers.set(issuer, sign);
    }
    return sign;
  };
  return (issuer, payload) =>
    signerOf(issuer)({ iss: issuer.clientEmail, aud: 'google', typ: 'savetowallet', origins, payload });
}

/** @example saveUrl(jwt) // 'https://pay.google.com/gp/v/save/eyJ…' */
export const saveUrl = (jwt: string) => `${SAVE_URL_BASE}${jwt}`;
