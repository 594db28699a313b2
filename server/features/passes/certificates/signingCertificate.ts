import crypto, { X509Certificate, webcrypto, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { x509 } from './x509';

const generateKeyPair = promisify(crypto.generateKeyPair);

/** RSA with SHA-256 (PKCS #1 v1.5): what Apple's Pass Type ID certificates use. */
export const SIGNING = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** X.520 allows a common name of at most 64 characters. */
const COMMON_NAME_MAX = 64;

/**
 * @peculiar/x509 reads the values of a JSON name as RFC 4514 text (quotes, backslashes, a leading #), so a value
 * is escaped to come out exactly as given.
 */
function distinguishedNameValue(value: string): string {
  return Array.from(value)
    .slice(0, COMMON_NAME_MAX)
    .join('')
    .replace(/[\\"+,;<>=#]/g, (char) => `\\${char}`)
    .replace(/^ | $/g, '\\ ');
}

export interface KeyAndRequest {
  /** PKCS #8 DER: to be sealed at once, never answered nor logged */
  privateKey: Buffer;
  /** the certificate request (PKCS #10) as PEM, subject CN = the common name */
  csr: string;
}

/**
 * A new RSA-2048 key pair and a certificate request for it, to be signed by Apple; the subject's CN is the
 * common name (its first 64 characters).
 *
 * @example const { privateKey, csr } = await createKeyAndRequest('Member card')
 */
export async function createKeyAndRequest(commonName: string): Promise<KeyAndRequest> {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  return { privateKey: pkcs8, csr: await requestForKey(commonName, pkcs8) };
}

/**
 * The certificate request (PEM) of an RSA private key (PKCS #8 DER), subject CN = the common name (its first 64
 * characters): what Apple signs when the certificate is renewed.
 *
 * @example const csr = await requestForKey('Member card', pkcs8)
 */
export async function requestForKey(commonName: string, pkcs8: Buffer): Promise<string> {
  const spki = crypto
    .createPublicKey(crypto.createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }))
    .export({ type: 'spki', format: 'der' });
  const keys = {
    privateKey: await webcrypto.subtle.importKey('pkcs8', pkcs8, SIGNING, false, ['sign']),
    publicKey: await webcrypto.subtle.importKey('spki', spki, SIGNING, true, ['verify']),
  };
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [distinguishedNameValue(commonName)] }],
    // Node's CryptoKey and the DOM's, which @peculiar/x509's types name, are the same object typed twice
    keys: keys as unknown as x509.Pkcs10CertificateRequestCreateParams['keys'],
    signingAlgorithm: SIGNING,
  });
  return request.toString('pem');
}

export interface IssuedCertificate {
  /** PEM of the certificate */
  pem: string;
  /** subject UID, e.g. pass.com.example.member */
  passTypeId: string | null;
  /** subject OU: the Apple developer team */
  teamId: string | null;
  expiration: Date;
}

/** The attributes of a subject or issuer as Node prints it, one `KEY=value` a line; the first of each key. */
export function nameAttributes(name: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const line of name.split('\n')) {
    const equals = line.indexOf('=');
    if (equals > 0 && !attributes.has(line.slice(0, equals)))
      attributes.set(line.slice(0, equals), line.slice(equals + 1));
  }
  return attributes;
}

/** The certificate in a file (DER, as Apple's .cer, or PEM), or undefined when the file holds none. */
export function readCertificateFile(file: Buffer): X509Certificate | undefined {
  try {
    return new X509Certificate(file);
  } catch {
    return undefined;
  }
}

/** Is the certificate the one issued for this private key? */
export function certificateMatchesKey(certificate: X509Certificate, privateKey: KeyObject): boolean {
  const ours = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const theirs = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return ours.equals(theirs);
}

/** What the console shows of an uploaded certificate. */
export function describeCertificate(certificate: X509Certificate): IssuedCertificate {
  const subject = nameAttributes(certificate.subject);
  return {
    pem: certificate.toString(),
    passTypeId: subject.get('UID') ?? null,
    teamId: subject.get('OU') ?? null,
    expiration: new Date(certificate.validTo),
  };
}
