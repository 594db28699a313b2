import { X509Certificate } from 'node:crypto';
import { createKeyAndRequest } from '../../server/features/passes/certificates/signingCertificate';
import { selfSignedCertificate } from '../../server/features/passes/certificates/developmentCertificate';
import {
  bundledWwdr,
  readWwdr,
  wwdrMismatch,
} from '../../server/features/passes/certificates/wwdrCertificate';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';
import { issuedByAppleNamed } from './certificateFixtures';
import { createSigningChain } from './walletFixtures';

// RSA key generation on a busy two-core machine
jest.setTimeout(60_000);

describe("Apple's WWDR G4 intermediate", () => {
  it('is bundled: Apple Root CA issued it, valid from 2020-12-16 to 2030-12-10', () => {
    const g4 = bundledWwdr();
    expect(g4.subject.split('\n')).toEqual([
      'CN=Apple Worldwide Developer Relations Certification Authority',
      'OU=G4',
      'O=Apple Inc.',
      'C=US',
    ]);
    expect(g4.issuer.split('\n')).toEqual([
      'C=US',
      'O=Apple Inc.',
      'OU=Apple Certification Authority',
      'CN=Apple Root CA',
    ]);
    expect(new Date(g4.validFrom).toISOString()).toBe('2020-12-16T19:36:04.000Z');
    expect(new Date(g4.validTo).toISOString()).toBe('2030-12-10T00:00:00.000Z');
    expect(g4.ca).toBe(true);
    expect(g4.fingerprint256).toBe(
      'EA:47:57:88:55:38:DD:8C:B5:9F:F4:55:6F:67:60:87:D8:3C:85:E7:09:02:C1:22:E4:2C:08:08:B5:BC:E1:4C',
    );
  });

  it('is the WWDR in use when WWDR_CERT is unset; a file that is no certificate gives none', async () => {
    expect((await readWwdr(undefined))?.fingerprint256).toBe(bundledWwdr().fingerprint256);
    expect(await readWwdr('/nonexistent/wwdr.pem')).toBeUndefined();
  });

  it('accepts what the WWDR in use issued, and development certificates; refuses another generation and a forged Apple name', async () => {
    const chain = await createSigningChain();
    const { csr, privateKey } = await createKeyAndRequest('Checked');
    const issued = new X509Certificate(await chain.issue(csr));
    expect(wwdrMismatch(issued, new X509Certificate(chain.wwdrPem))).toBeUndefined();
    const development = await selfSignedCertificate(privateKey, {
      passTypeId: 'pass.dev.x',
      teamId: 'DEVTEAM000',
    });
    expect(wwdrMismatch(development, bundledWwdr())).toBeUndefined();

    const g3 = await issuedByAppleNamed(csr, 'G3');
    expect(wwdrMismatch(g3, bundledWwdr())?.en).toMatch(
      /^The certificate was issued by Apple Worldwide Developer Relations Certification Authority \(G3\), not by the WWDR intermediate in use \(Apple Worldwide Developer Relations Certification Authority \(G4\)\): set WWDR_CERT/,
    );
    const forged = await issuedByAppleNamed(csr, 'G4');
    expect(wwdrMismatch(forged, bundledWwdr())?.en).toMatch(/does not verify: it was not issued by Apple/);
  });
});

describe.each(databaseKinds)('certificate uploads checked against the WWDR (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  const api = coreApi(() => server);

  beforeAll(async () => {
    // WWDR_CERT unset: the bundled G4
    server = await startTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('WWDR');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('refuses an Apple-named certificate the G4 did not issue, and keeps development certificates', async () => {
    const id = (await api.created(admin, 'certificate', { name: 'Apple G3', projectId })).id;
    const csr = (await server.call(admin, { method: 'GET', url: `/api/core/v1/certificate/${id}/csr` })).body;
    const upload = async (certificate: X509Certificate) =>
      server.call(admin, {
        method: 'POST',
        url: `/api/core/v1/certificate/${id}/upload`,
        ...multipart({}, [{ name: 'pass.cer', type: 'application/pkix-cert', data: certificate.raw }]),
      });
    expectError(
      await upload(await issuedByAppleNamed(csr, 'G3')),
      400,
      /issued by .*\(G3\), not by the WWDR intermediate in use/,
    );
    const chain = await createSigningChain();
    const development = await upload(new X509Certificate(await chain.issue(csr)));
    expect(development.statusCode).toBe(200);
    expect(development.json()).toMatchObject({ hasCertificate: true });
  });
});
