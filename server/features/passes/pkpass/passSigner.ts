import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { KeyVault } from '../../../kernel/auth/keyVault';
import { isDevelopmentCertificate, issuerName } from '../certificates/developmentCertificate';
import { certificateMatchesKey } from '../certificates/signingCertificate';
import { expiredCertificateMessage } from '../certificates/certificateExpiry';
import { readWwdr, wwdrProblem } from '../certificates/wwdrCertificate';
import type { CertificateRow } from '../../../kernel/db/tables';
import { LruCache } from '../../../kernel/lruCache';
import { problemAt, type Localized } from '../../../../domain/problem';
import type { Problem } from './problems';
import type { PassSigner } from './signature';

const problem = (message: Localized): Problem => problemAt('/certificateId', message);

/**
 * The certificate's signer, or the reasons it cannot sign, in a designer's words; warnings say what signs but is
 * not what iPhones accept (a development certificate).
 */
export type SignerResult =
  | { signer: PassSigner; problems: []; warnings: Problem[]; development: boolean }
  | { signer: undefined; problems: Problem[]; warnings: Problem[]; development?: boolean };

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Unset, WWDR_CERT means the bundled Apple WWDR G4 (wwdrCertificate.ts): only a file that is no certificate fails. */
function wwdrProblems(wwdrFile: string | undefined, wwdr: X509Certificate | undefined): Problem[] {
  if (wwdrFile && !wwdr)
    return [
      problemAt('WWDR_CERT', {
        en: 'The WWDR intermediate certificate (WWDR_CERT) cannot be read as a certificate.',
        cs: 'Mezilehlý certifikát WWDR (WWDR_CERT) nelze přečíst jako certifikát.',
      }),
    ];
  return [];
}

/**
 * Opens signers of certificates (their keys from the key vault, in memory only) and reads the WWDR intermediate (WWDR_CERT, else the bundled G4)
 * once; both cached while neither the certificate nor the file changes. A development certificate (not issued by
 * Apple's WWDR, see isDevelopmentCertificate) signs without the WWDR, with a warning that iPhones refuse its passes.
 *
 * @example const { signer, problems, warnings } = await signers.signerOf(certificate)
 */
export function createSignerSource(vault: KeyVault, wwdrFile: string | undefined) {
  let wwdr: Promise<X509Certificate | undefined> | undefined;
  const opened = new LruCache<string, SignerResult>(100);

  function open(row: CertificateRow, wwdrCertificate: X509Certificate | undefined): SignerResult {
    if (!row.certificate)
      return {
        signer: undefined,
        problems: [
          problem({
            en: 'The signing certificate has no certificate from Apple yet: upload the .cer issued for its request.',
            cs: 'Podpisový certifikát zatím nemá certifikát od Applu: nahrajte soubor .cer vydaný k jeho žádosti.',
          }),
          ...wwdrProblems(wwdrFile, wwdrCertificate),
        ],
        warnings: [],
      };
    const certificate = new X509Certificate(row.certificate);
    const development = isDevelopmentCertificate(certificate, wwdrCertificate);
    const problems: Problem[] = development
      ? []
      : [...wwdrProblems(wwdrFile, wwdrCertificate), ...wwdrProblem(certificate, wwdrCertificate)];
    const warnings: Problem[] = development
      ? [
          problem({
            en:
              `The signing certificate "${row.name}" is a development certificate (issued by ${issuerName(certificate)}, not by Apple): ` +
              'passes download and can be inspected, but iPhones do not accept them until a certificate issued by Apple is uploaded.',
            cs:
              `Podpisový certifikát "${row.name}" je vývojový (vydal jej ${issuerName(certificate)}, ne Apple): ` +
              'pasy lze stáhnout a prohlédnout, ale iPhony je nepřijmou, dokud nenahrajete certifikát vydaný Applem.',
          }),
        ]
      : [];
    const expiry = new Date(certificate.validTo);
    if (expiry.getTime() < Date.now())
      problems.push(problem(expiredCertificateMessage({ ...row, expiration: expiry })));
    let privateKey;
    try {
      privateKey = createPrivateKey({
        key: vault.open(row.privateKey, row.id),
        format: 'der',
        type: 'pkcs8',
      });
    } catch {
      problems.push(
        problem({
          en: "The certificate's private key cannot be opened (was CERTIFICATE_KEY_SECRET changed?).",
          cs: 'Soukromý klíč certifikátu nelze otevřít (nezměnil se CERTIFICATE_KEY_SECRET?).',
        }),
      );
    }
    if (privateKey && !certificateMatchesKey(certificate, privateKey))
      problems.push(
        problem({
          en: 'The certificate does not match its private key.',
          cs: 'Certifikát neodpovídá svému soukromému klíči.',
        }),
      );
    if (!row.passTypeId)
      problems.push(
        problem({
          en: 'The signing certificate has no pass type identifier (subject UID).',
          cs: 'Podpisový certifikát nemá identifikátor typu pasu (subject UID).',
        }),
      );
    if (!row.teamId)
      problems.push(
        problem({
          en: 'The signing certificate has no team identifier (subject OU).',
          cs: 'Podpisový certifikát nemá identifikátor týmu (subject OU).',
        }),
      );
    if (problems.length || !privateKey) return { signer: undefined, problems, warnings };
    const chain = development ? undefined : wwdrCertificate?.raw;
    return {
      signer: { certificate: certificate.raw, privateKey, wwdr: chain },
      problems: [],
      warnings,
      development,
    };
  }

  return {
    async signerOf(row: CertificateRow | undefined): Promise<SignerResult> {
      const wwdrCertificate = await (wwdr ??= readWwdr(wwdrFile));
      if (!row)
        return {
          signer: undefined,
          problems: [
            problem({
              en: 'The template has no signing certificate.',
              cs: 'Šablona nemá podpisový certifikát.',
            }),
            ...wwdrProblems(wwdrFile, wwdrCertificate),
          ],
          warnings: [],
        };
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
