import fs from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import { problemAt, type Localized } from '../../../../domain/problem';
import { APPLE_WWDR_G4_PEM } from './appleWwdrG4';
import { isDevelopmentCertificate } from './developmentCertificate';
import { nameAttributes } from './signingCertificate';
import type { Problem } from '../pkpass/problems';

/** The bundled Apple WWDR G4 intermediate. @example bundledWwdr().validTo */
export const bundledWwdr = (): X509Certificate => new X509Certificate(APPLE_WWDR_G4_PEM);

/**
 * The WWDR intermediate that signs with Pass Type ID certificates: the file of WWDR_CERT when set (undefined when
 * it holds no certificate or cannot be read), else Apple's WWDR G4 bundled with the server.
 *
 * @example const wwdr = await readWwdr(config.wwdrCertFile)
 */
export async function readWwdr(wwdrFile: string | undefined): Promise<X509Certificate | undefined> {
  if (!wwdrFile) return bundledWwdr();
  try {
    return new X509Certificate(await fs.readFile(wwdrFile));
  } catch {
    return undefined;
  }
}

/** How a CA is named in a message: its common name and generation (OU), e.g. "Apple Worldwide … Authority (G3)". */
function caName(name: string): string {
  const attributes = nameAttributes(name);
  const common = attributes.get('CN') ?? attributes.get('O') ?? name;
  const unit = attributes.get('OU');
  return unit ? `${common} (${unit})` : common;
}

/**
 * Why an Apple certificate does not chain to the WWDR intermediate in use: its issuer is not the WWDR's subject (another
 * WWDR generation), or the WWDR's key did not make its signature. Undefined when it chains, and for development
 * certificates (not issued by Apple; they keep their own warning).
 *
 * @example const message = wwdrMismatch(certificate, wwdr); if (message) throw badField('/file', message)
 */
export function wwdrMismatch(
  certificate: X509Certificate,
  wwdr: X509Certificate | undefined,
): Localized | undefined {
  if (!wwdr || isDevelopmentCertificate(certificate, wwdr)) return undefined;
  if (certificate.checkIssued(wwdr) && certificate.verify(wwdr.publicKey)) return undefined;
  const issuer = caName(certificate.issuer);
  const ours = caName(wwdr.subject);
  if (!certificate.checkIssued(wwdr))
    return {
      en:
        `The certificate was issued by ${issuer}, not by the WWDR intermediate in use (${ours}): ` +
        "set WWDR_CERT to that intermediate's certificate (from apple.com/certificateauthority), or have Apple issue the certificate again.",
      cs:
        `Certifikát vydal ${issuer}, ne používaný mezilehlý certifikát WWDR (${ours}): ` +
        'nastavte WWDR_CERT na certifikát tohoto mezilehlého CA (z apple.com/certificateauthority), nebo si nechte certifikát od Applu vydat znovu.',
    };
  return {
    en: `The certificate names ${issuer} as its issuer, but the signature of that intermediate (${ours}) does not verify: it was not issued by Apple.`,
    cs: `Certifikát uvádí jako vydavatele ${issuer}, ale podpis tohoto mezilehlého CA (${ours}) nesedí: certifikát nevydal Apple.`,
  };
}

/**
 * wwdrMismatch as a problem of the template's certificate, for the designer's preflight and the signer.
 *
 * @example problems.push(...wwdrProblem(certificate, wwdr))
 */
export function wwdrProblem(certificate: X509Certificate, wwdr: X509Certificate | undefined): Problem[] {
  const message = wwdrMismatch(certificate, wwdr);
  return message ? [problemAt('/certificateId', message)] : [];
}
