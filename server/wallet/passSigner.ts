import fs from 'node:fs/promises';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { KeyVault } from '../certificates/keyVault';
import { certificateMatchesKey } from '../certificates/signingCertificate';
import type { CertificateRow } from '../db/tables';
import { LruCache } from './lruCache';
import type { Problem } from './problems';
import type { PassSigner } from './signature';

const problem = (message: string): Problem => ({ path: '/certificateId', message });

/** The certificate's signer, or the reasons it cannot sign, in a designer's words. */
export type SignerResult = { signer: PassSigner; problems: [] } | { signer: undefined; problems: Problem[] };

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Opens signers of certificates (their keys from the key vault, in memory only) and reads the WWDR intermediate
 * once; both cached while neither the certificate nor the file changes.
 *
 * @example const { signer, problems } = await signers.signerOf(certificate)
 */
export function createSignerSource(vault: KeyVault, wwdrFile: string | undefined) {
  let wwdr: Promise<X509Certificate | undefined> | undefined;
  const readWwdr = () =>
    (wwdr ??= fs.readFile(wwdrFile as string).then(
      (file) => {
        try {
          return new X509Certificate(file);
        } catch {
          return undefined;
        }
      },
      () => undefined,
    ));
  const opened = new LruCache<string, SignerResult>(100);

  function open(row: CertificateRow, wwdrCertificate: X509Certificate): SignerResult {
    if (!row.certificate)
      return {
        signer: undefined,
        problems: [
          problem(
            'The signing certificate has no certificate from Apple yet: upload the .cer issued for its request.',
          ),
        ],
      };
    const certificate = new X509Certificate(row.certificate);
    const problems: Problem[] = [];
    const expiry = new Date(certificate.validTo);
    if (expiry.getTime() < Date.now())
      problems.push(problem(`The signing certificate expired on ${formatDay(expiry)}.`));
    let privateKey;
    try {
      privateKey = createPrivateKey({
        key: vault.open(row.privateKey, row.id),
        format: 'der',
        type: 'pkcs8',
      });
    } catch {
      problems.push(
        problem("The certificate's private key cannot be opened (was CERTIFICATE_KEY_SECRET changed?)."),
      );
    }
    if (privateKey && !certificateMatchesKey(certificate, privateKey))
      problems.push(problem('The certificate does not match its private key.'));
    if (!row.passTypeId)
      problems.push(problem('The signing certificate has no pass type identifier (subject UID).'));
    if (!row.teamId) problems.push(problem('The signing certificate has no team identifier (subject OU).'));
    if (problems.length || !privateKey) return { signer: undefined, problems };
    return { signer: { certificate: certificate.raw, privateKey, wwdr: wwdrCertificate.raw }, problems: [] };
  }

  return {
    async signerOf(row: CertificateRow | undefined): Promise<SignerResult> {
      const problems: Problem[] = [];
      if (!row) problems.push(problem('The template has no signing certificate.'));
      const wwdrCertificate = wwdrFile ? await readWwdr() : undefined;
      if (!wwdrFile)
        problems.push({
          path: 'WWDR_CERT',
          message: 'The WWDR intermediate certificate is not configured (WWDR_CERT).',
        });
      else if (!wwdrCertificate)
        problems.push({
          path: 'WWDR_CERT',
          message: `The WWDR intermediate certificate (WWDR_CERT) cannot be read as a certificate.`,
        });
      if (!row || !wwdrCertificate) return { signer: undefined, problems };
      // the day is part of the key so that a certificate expiring is noticed without a change of its row
      const key = `${row.id}:${new Date(row.updatedAt).getTime()}:${formatDay(new Date())}`;
      let result = opened.get(key);
      if (!result) {
        result = open(row, wwdrCertificate);
        opened.set(key, result);
      }
      return result;
    },
  };
}

export type SignerSource = ReturnType<typeof createSignerSource>;
