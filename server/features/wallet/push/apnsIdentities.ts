import { createPrivateKey } from 'node:crypto';
import type { AppContext } from '../../../kernel/appContext';
import { certificateRepository } from '../../passes';
import type { ApnsAnswer, ApnsIdentity } from './apnsClient';

/** How many opened identities are kept (one per certificate in use). */
const KEPT = 100;

/** APNs answers meaning the push token is no longer valid: its device's registrations end. */
export const isDeadToken = (answer: ApnsAnswer) =>
  answer.status === 410 || (answer.status === 400 && answer.reason === 'BadDeviceToken');

/**
 * APNs answers worth another attempt later: no answer (timeout, lost connection, GOAWAY), too many requests (429)
 * or a failure of APNs itself (5xx).
 */
export const isTransient = (answer: ApnsAnswer) =>
  answer.status === 0 || answer.status === 429 || answer.status >= 500;

export const NO_CERTIFICATE: ApnsAnswer = {
  status: 0,
  reason: "The pass's template has no certificate issued by Apple (with its key) to push with.",
};

/**
 * The TLS identities pushes are sent with, by certificate: each read from the database at every call (a replaced
 * file or a deleted certificate is seen at once) and its private key opened once per version of the row.
 *
 * @example const identities = apnsIdentities(context); const identity = await identities.of(template.certificateId)
 */
export function apnsIdentities(context: AppContext) {
  const opened = new Map<string, ApnsIdentity>();
  return {
    async of(certificateId: string | null): Promise<ApnsIdentity | undefined> {
      if (!certificateId) return undefined;
      const row = await certificateRepository.findLive(context.db, certificateId);
      if (!row?.certificate) return undefined;
      const version = `${row.id}:${row.updatedAt.getTime()}`;
      const known = opened.get(version);
      if (known) return known;
      try {
        const der = context.certificateKeys.open(row.privateKey, row.id);
        const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
        const identity = {
          certificateId: row.id,
          certificatePem: row.certificate,
          privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
        };
        if (opened.size >= KEPT) opened.clear();
        opened.set(version, identity);
        return identity;
      } catch {
        return undefined;
      }
    },
  };
}

export type ApnsIdentities = ReturnType<typeof apnsIdentities>;
