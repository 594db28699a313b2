import { createPrivateKey, createPublicKey, webcrypto, X509Certificate } from 'node:crypto';
import { nameAttributes, SIGNING } from './signingCertificate';
import { x509 } from './x509';

/** Apple puts the pass type id in the subject's UID (0.9.2342.19200300.100.1.1), the team in OU. */
const UID = '0.9.2342.19200300.100.1.1';
const DAY = 24 * 60 * 60 * 1000;
/** Every WWDR intermediate of Apple (G1 to G6) has this organisation and common name; only the OU differs. */
const APPLE_ORGANIZATION = 'Apple Inc.';
const APPLE_WWDR_NAME = 'Apple Worldwide Developer Relations Certification Authority';
export const DEVELOPMENT_ISSUER = 'Passbase development signing';

export interface DevelopmentSubject {
  passTypeId: string;
  teamId: string;
}

/**
 * A self-signed pass type certificate (one year) for a key made by `createKeyAndRequest`: passes sign with it for
 * local inspection, iPhones do not accept them since no Apple certificate issued it.
 *
 * @example const certificate = await selfSignedCertificate(privateKey, { passTypeId: 'pass.dev.demo', teamId: 'DEVTEAM000' })
 */
export async function selfSignedCertificate(
  privateKeyPkcs8: Buffer,
  subject: DevelopmentSubject,
): Promise<X509Certificate> {
  const spki = createPublicKey(
    createPrivateKey({ key: privateKeyPkcs8, format: 'der', type: 'pkcs8' }),
  ).export({
    type: 'spki',
    format: 'der',
  });
  // values are read as RFC 4514 text: these have none of its special characters
  const name: x509.JsonName = [
    { [UID]: [subject.passTypeId] },
    { CN: [DEVELOPMENT_ISSUER] },
    { OU: [subject.teamId] },
    { O: ['Passbase development (not Apple)'] },
  ];
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: now.toString(16),
    subject: name,
    issuer: name,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 365 * DAY),
    signingAlgorithm: SIGNING,
    // Node's CryptoKey and the DOM's, which @peculiar/x509's types name, are the same object typed twice
    publicKey: (await webcrypto.subtle.importKey('spki', spki, SIGNING, true, [
      'verify',
    ])) as unknown as x509.X509CertificateCreateWithKeyParams['publicKey'],
    signingKey: (await webcrypto.subtle.importKey('pkcs8', privateKeyPkcs8, SIGNING, false, [
      'sign',
    ])) as unknown as x509.X509CertificateCreateWithKeyParams['signingKey'],
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    ],
  });
  return new X509Certificate(Buffer.from(certificate.rawData));
}

/**
 * Is the certificate one that Apple Wallet on an iPhone refuses, since no WWDR intermediate of Apple issued it?
 * Issued by the configured WWDR (its signature checked): no. Otherwise its issuer tells: Apple's WWDR by name is
 * Apple's (wwdrMismatch then says why it does not chain), any other issuer, itself included, is development.
 *
 * @example if (isDevelopmentCertificate(certificate, wwdr)) warnings.push(developmentWarning)
 */
export function isDevelopmentCertificate(
  certificate: X509Certificate,
  wwdr: X509Certificate | undefined,
): boolean {
  if (wwdr && certificate.checkIssued(wwdr) && certificate.verify(wwdr.publicKey)) return false;
  const issuer = nameAttributes(certificate.issuer);
  return issuer.get('O') !== APPLE_ORGANIZATION || issuer.get('CN') !== APPLE_WWDR_NAME;
}

/** The issuer as a person reads it: its common name, else its organisation. */
export function issuerName(certificate: X509Certificate): string {
  const issuer = nameAttributes(certificate.issuer);
  return issuer.get('CN') ?? issuer.get('O') ?? certificate.issuer;
}
