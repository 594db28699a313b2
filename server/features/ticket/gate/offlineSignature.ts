import crypto from 'node:crypto';
import { sameSecret } from '../../../kernel/auth/secrets';

/** What an offline list's signature vouches for: the e-shop, when and for whom it was made, and its tickets. */
export interface SignedList {
  eshopId: string;
  userId: string;
  generatedAt: string;
  /** scans after it are not let in from the list (lists signed before it existed: a day after generatedAt) */
  expiresAt?: string;
  /** SHA-256 of the tickets as sent */
  digest: string;
}

/**
 * Signs the offline lists of gates with an HMAC under a server secret, so that a sync names a list the server made
 * (for that user and e-shop) without the server keeping it: `<payload>.<hmac>`, both base64url.
 *
 * @example const signer = offlineListSigner(secret); signer.read(signer.sign(list))?.eshopId === list.eshopId
 */
export function offlineListSigner(secret: string) {
  const hmac = (payload: string) =>
    crypto.createHmac('sha256', secret).update(`gate-list:${payload}`).digest('base64url');
  return {
    sign(list: SignedList): string {
      const payload = Buffer.from(JSON.stringify(list)).toString('base64url');
      return `${payload}.${hmac(payload)}`;
    },
    /** The list a signature vouches for; undefined when it is not one of this server's. */
    read(signature: string): SignedList | undefined {
      const [payload, mac, rest] = signature.split('.');
      if (!payload || !mac || rest !== undefined || !sameSecret(hmac(payload), mac)) return undefined;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedList;
      } catch {
        return undefined;
      }
    },
  };
}
export type OfflineListSigner = ReturnType<typeof offlineListSigner>;

/** The digest a list's signature carries of its tickets. */
export const ticketsDigest = (tickets: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(tickets)).digest('base64url');
