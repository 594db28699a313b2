import { webcrypto, X509Certificate } from 'node:crypto';
import { x509 } from '../../server/features/passes/certificates/x509';

export const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const UID = '0.9.2342.19200300.100.1.1';
export const NOT_BEFORE = new Date('2026-01-01T00:00:00Z');
export const NOT_AFTER = new Date('2027-02-03T04:05:06Z');

/** A certification authority made in the test: it signs certificate requests the way Apple does. */
export async function testAuthority() {
  const keys = await webcrypto.subtle.generateKey(RSA, false, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test Worldwide Developer Relations CA, O=Test',
    notBefore: NOT_BEFORE,
    notAfter: new Date('2030-01-01T00:00:00Z'),
    signingAlgorithm: RSA,
    keys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  let serial = 1;
  /** A Pass Type ID certificate for the public key, with subject UID and OU like Apple's. */
  const issue = async (publicKey: x509.PublicKey, passTypeId: string, teamId: string) => {
    serial += 1;
    return x509.X509CertificateGenerator.create({
      serialNumber: serial.toString(16).padStart(2, '0'),
      subject: [
        { [UID]: [passTypeId] },
        { CN: [`Pass Type ID: ${passTypeId}`] },
        { OU: [teamId] },
        { O: ['Example s.r.o.'] },
        { C: ['CZ'] },
      ],
      issuer: certificate.subject,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      signingAlgorithm: RSA,
      publicKey,
      signingKey: keys.privateKey,
    });
  };
  return { issue };
}

// Each test makes users (Argon2 hashing) and several calls; a busy two-core machine needs more than 5 s.

/**
 * A certificate for the request, issued by a CA that names itself as Apple names a WWDR generation (`G4`…) but is
 * not Apple's key.
 *
 * @example const g3 = await issuedByAppleNamed(csrPem, 'G3')
 */
export async function issuedByAppleNamed(csrPem: string, generation: string): Promise<X509Certificate> {
  const keys = await webcrypto.subtle.generateKey(RSA, false, ['sign', 'verify']);
  const request = new x509.Pkcs10CertificateRequest(csrPem);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: '07',
    subject: 'CN=Pass Type ID: pass.test.apple, OU=TEAM123456, O=Example, C=CZ',
    issuer: `CN=Apple Worldwide Developer Relations Certification Authority, OU=${generation}, O=Apple Inc., C=US`,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: RSA,
    publicKey: request.publicKey,
    signingKey: keys.privateKey,
  });
  return new X509Certificate(Buffer.from(certificate.rawData));
}
