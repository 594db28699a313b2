import { X509Certificate } from 'node:crypto';
import {
  isDevelopmentCertificate,
  issuerName,
  selfSignedCertificate,
} from '../../server/features/passes/certificates/developmentCertificate';
import {
  createKeyAndRequest,
  describeCertificate,
} from '../../server/features/passes/certificates/signingCertificate';
import { issuedByAppleNamed } from './certificateFixtures';
import { createSigningChain } from './walletFixtures';

// RSA key generation on a busy two-core machine
jest.setTimeout(60_000);

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
    const certificate = await issuedByAppleNamed(csr, 'G4');

    expect(isDevelopmentCertificate(certificate, undefined)).toBe(false);
    expect(issuerName(certificate)).toBe('Apple Worldwide Developer Relations Certification Authority');
  });
});
