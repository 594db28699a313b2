import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requestForKey } from '../../server/features/passes/certificates/signingCertificate';
import { x509 } from '../../server/features/passes/certificates/x509';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import { issuedByAppleNamed } from './certificateFixtures';
import { databaseKinds, expectError, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';
import { waitFor } from './webhookReceiver';
import {
  aSignableTemplate,
  certificatesOfSignature,
  fetchedByDevice,
  iconPng,
  pemBody,
  registerDevice,
  sharedSigningChain,
  startSigningTestServer,
  uploadImage,
  verifyManifestSignature,
} from './walletFixtures';

jest.setTimeout(60_000);

const TEAM = 'TEAM123456';
const PUSH_TOKEN = 'ab'.repeat(32);

/**
 * A .p12 as Keychain Access or OpenSSL exports it: a new key, its certificate issued by the test chain (or by
 * `issue`), written by `openssl pkcs12 -export` with the password and the further options given.
 */
async function p12Of(
  passTypeId: string,
  options: { password?: string; openssl?: string[]; issue?: (csr: string) => Promise<Buffer> } = {},
) {
  const chain = await sharedSigningChain();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  const csr = await requestForKey('Imported', pkcs8);
  const der = await (options.issue ?? ((request) => chain.issue(request, { passTypeId, teamId: TEAM })))(csr);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'));
  try {
    fs.writeFileSync(path.join(folder, 'key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    fs.writeFileSync(path.join(folder, 'cert.pem'), new X509Certificate(der).toString());
    fs.writeFileSync(path.join(folder, 'wwdr.pem'), chain.wwdrPem);
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      ...['-inkey', path.join(folder, 'key.pem'), '-in', path.join(folder, 'cert.pem')],
      ...['-passout', `pass:${options.password ?? 'secret'}`, '-out', path.join(folder, 'out.p12')],
      ...(options.openssl ?? []),
    ]);
    return { file: fs.readFileSync(path.join(folder, 'out.p12')), certificate: new X509Certificate(der) };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(databaseKinds)('certificates from .p12 files (%s)', (kind) => {
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let iconId: string;
  const api = coreApi(() => server);

  const newCertificate = async (name = 'Imported card') =>
    (await api.created(admin, 'certificate', { name, projectId })).id as string;
  const upload = (id: string, file: Buffer, password?: string, route = 'upload') =>
    server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/certificate/${id}/${route}`,
      ...multipart(password === undefined ? {} : { password }, [
        { name: 'Certificates.p12', type: 'application/x-pkcs12', data: file },
      ]),
    });
  const storedRow = (id: string) =>
    server.context.db.selectFrom('certificate').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A pass of a new template signing with the certificate, its device registered: what Wallet fetches. */
  const installedPass = async (certificateId: string, passTypeId: string) => {
    const template = await api.created(
      admin,
      'template',
      aSignableTemplate(projectId, certificateId, { icon: iconId }),
    );
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Ann' } });
    expect(
      await registerDevice(server, {
        device: 'd'.repeat(32),
        passTypeId,
        passId: pass.id,
        pushToken: PUSH_TOKEN,
      }),
    ).toBe(201);
    return () => fetchedByDevice(server, passTypeId, pass.id);
  };
  beforeAll(async () => {
    apns = await startApnsStandIn();
    server = await startSigningTestServer(kind, { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile });
    admin = await server.adminToken();
    projectId = await server.createProject('Imported certificates');
    iconId = await uploadImage(server, admin, projectId, 'icon', iconPng());
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await apns?.close();
  }, 30_000);

  it("signs passes with the key and certificate of a .p12, whose key replaces the request's, answering neither", async () => {
    const id = await newCertificate();
    const before = await storedRow(id);
    const { file, certificate } = await p12Of('pass.test.imported');
    const uploaded = await upload(id, file, 'secret');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({
      id,
      passTypeId: 'pass.test.imported',
      teamId: TEAM,
      hasCertificate: true,
    });
    expect(uploaded.body).not.toMatch(/PRIVATE KEY|secret/);

    const after = await storedRow(id);
    expect(after.privateKey).not.toBe(before.privateKey);
    expect(after.privateKey).not.toMatch(/PRIVATE KEY|^MII/);
    // the request is made anew for the imported key: Apple renews the certificate with it
    const csr = await server.call(admin, { method: 'GET', url: `/api/core/v1/certificate/${id}/csr` });
    const request = new x509.Pkcs10CertificateRequest(csr.body);
    expect(Buffer.from(request.publicKey.rawData)).toEqual(
      certificate.publicKey.export({ type: 'spki', format: 'der' }),
    );

    const fetchPass = await installedPass(id, 'pass.test.imported');
    const files = await fetchPass();
    verifyManifestSignature(files, (await sharedSigningChain()).caFile);
    expect(certificatesOfSignature(files.signature)).toContain(pemBody(certificate.toString()));
  });

  it('opens the exports of older tools (3DES and RC2), without a password or with one not in ASCII, and with the intermediate inside', async () => {
    const exports: Array<[string, { password?: string; openssl?: string[] }]> = [
      ['3DES', { openssl: ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'] }],
      ['legacy', { openssl: ['-legacy'] }],
      ['no password', { password: '' }],
      ['Czech password', { password: 'žluťoučký kůň' }],
      [
        'Czech password 3DES',
        { password: 'žluťoučký kůň', openssl: ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES'] },
      ],
      ['intermediate inside', { openssl: ['-certfile', (await sharedSigningChain()).wwdrFile] }],
    ];
    for (const [name, options] of exports) {
      const id = await newCertificate(name);
      const { file } = await p12Of(`pass.test.${name.replace(/\W/g, '')}`, options);
      const uploaded = await upload(id, file, options.password ?? 'secret');
      expect({ name, status: uploaded.statusCode, body: uploaded.json() }).toMatchObject({
        name,
        status: 200,
        body: { hasCertificate: true, passTypeId: `pass.test.${name.replace(/\W/g, '')}` },
      });
    }
  });

  it('renews in place with a .p12 of the same pass type: installed passes are signed by it and their devices pushed', async () => {
    const id = await newCertificate('Renewed in place');
    expect((await upload(id, (await p12Of('pass.test.renewed')).file, 'secret')).statusCode).toBe(200);
    const fetchPass = await installedPass(id, 'pass.test.renewed');
    const pushesBefore = apns.pushesTo(PUSH_TOKEN);

    const renewal = await p12Of('pass.test.renewed');
    expect((await upload(id, renewal.file, 'secret')).statusCode).toBe(200);
    await waitFor(
      () => apns.pushesTo(PUSH_TOKEN),
      (pushes) => pushes > pushesBefore,
    );
    expect(apns.pushesTo(PUSH_TOKEN)).toBe(pushesBefore + 1);
    const files = await fetchPass();
    verifyManifestSignature(files, (await sharedSigningChain()).caFile);
    expect(certificatesOfSignature(files.signature)).toContain(pemBody(renewal.certificate.toString()));
  });

  it('refuses a .p12 it cannot use, saying why, and changes nothing', async () => {
    const id = await newCertificate('Refusals');
    expect((await upload(id, (await p12Of('pass.test.kept')).file, 'secret')).statusCode).toBe(200);
    const kept = await storedRow(id);
    const good = await p12Of('pass.test.kept');
    const cases: Array<[string, Buffer, string | undefined, string, RegExp]> = [
      ['wrong password', good.file, 'wrong', '/password', /^The password does not open the \.p12 file\.$/],
      ['no password', good.file, undefined, '/password', /password does not open/],
      [
        'damaged',
        good.file.subarray(0, good.file.length - 200),
        'secret',
        '/file',
        /cannot be read: it is damaged/,
      ],
      [
        'too many rounds',
        (await p12Of('pass.test.kept', { openssl: ['-iter', '200000'] })).file,
        'secret',
        '/file',
        /more than 100000 key derivation rounds/,
      ],
      [
        'no key',
        (await p12Of('pass.test.kept', { openssl: ['-nokeys'] })).file,
        'secret',
        '/file',
        /holds no private key/,
      ],
      [
        'another pass type',
        (await p12Of('pass.test.other')).file,
        'secret',
        '/file',
        /a renewal keeps the pass type identifier and team/,
      ],
      [
        'issued by another WWDR generation',
        (await p12Of('pass.test.kept', { issue: async (csr) => (await issuedByAppleNamed(csr, 'G3')).raw }))
          .file,
        'secret',
        '/file',
        /not by the WWDR intermediate in use/,
      ],
      ['password too long', good.file, 'x'.repeat(1025), '/password', /at most 1024 characters/],
    ];
    for (const [name, file, password, field, message] of cases) {
      const answer = await upload(id, file, password);
      expect({ name, status: answer.statusCode }).toEqual({ name, status: 400 });
      const error = expectError(answer, 400, message);
      expect({ name, errors: error.errors }).toEqual({
        name,
        errors: [{ path: field, message: expect.any(String) }],
      });
      expect(await storedRow(id)).toEqual(kept);
    }
    expectError(
      await upload(id, good.file, 'secret', 'renew'),
      400,
      /A \.p12 file brings its own key: upload it on the certificate's page/,
    );
    expect(await storedRow(id)).toEqual(kept);
  });
});
