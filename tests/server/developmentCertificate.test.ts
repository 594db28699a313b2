import { webcrypto, X509Certificate } from 'node:crypto';
import {
  isDevelopmentCertificate,
  issuerName,
  selfSignedCertificate,
} from '../../server/features/passes/certificates/developmentCertificate';
import {
  createKeyAndRequest,
  describeCertificate,
} from '../../server/features/passes/certificates/signingCertificate';
import { x509 } from '../../server/features/passes/certificates/x509';
import { createSigningChain } from './walletFixtures';

// RSA key generation on a busy two-core machine
jest.setTimeout(60_000);

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/** A certificate for the request, issued by a CA named as Apple names its WWDR intermediates. */
async function issuedByAppleNamedCa(csrPem: string): Promise<X509Certificate> {
  const keys = await webcrypto.subtle.generateKey(RSA, false, ['sign', 'verify']);
  const name = 'CN=Apple Worldwide Developer Relations Certification Authority, OU=G4, O=Apple Inc., C=US';
  const request = new x509.Pkcs10CertificateRequest(csrPem);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: '05',
    subject: 'CN=Pass Type ID: pass.test.apple, OU=TEAM123456, O=Example, C=CZ',
    issuer: name,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: RSA,
    publicKey: request.publicKey,
    signingKey: keys.privateKey,
  });
  return new X509Certificate(Buffer.from(certificate.rawData));
}

describe('development certificates', () => {
  it('issues a self-signed certificate that carries the pass type and team, and is taken for development', async () => {
    const { privateKey } = await createKeyAndRequest('Development');
    const certificate = await selfSignedCertificate(privateKey, {
      passTypeId: 'pass.dev.example',
      teamId: 'DEVTEAM000',
    });

    expect(describeCertificate(certificate)).toMatchObject({
      passTypeId: 'pass.dev.example',
      teamId: 'DEVTEAM000',
    });
    // self-signed: its own issuer, its signature made by its own key
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(issuerName(certificate)).toBe('Passbase development signing');
    expect(isDevelopmentCertificate(certificate, undefined)).toBe(true);
    const chain = await createSigningChain();
    expect(isDevelopmentCertificate(certificate, new X509Certificate(chain.wwdrPem))).toBe(true);
  });

  it('takes a certificate issued by the configured WWDR for Apple, and the same without that WWDR for development', async () => {
    const chain = await createSigningChain();
    const { csr } = await createKeyAndRequest('Issued');
    const certificate = new X509Certificate(await chain.issue(csr));

    expect(isDevelopmentCertificate(certificate, new X509Certificate(chain.wwdrPem))).toBe(false);
    // the test chain's intermediate is not named as Apple's
    expect(isDevelopmentCertificate(certificate, undefined)).toBe(true);
    const otherChain = await createSigningChain();
    expect(isDevelopmentCertificate(certificate, new X509Certificate(otherChain.wwdrPem))).toBe(true);
  });

  it("takes a certificate whose issuer is Apple's WWDR by name for Apple, so that a missing WWDR_CERT still stops signing", async () => {
    const { csr } = await createKeyAndRequest('Apple');
    const certificate = await issuedByAppleNamedCa(csr);

    expect(isDevelopmentCertificate(certificate, undefined)).toBe(false);
    expect(issuerName(certificate)).toBe('Apple Worldwide Developer Relations Certification Authority');
  });
});
