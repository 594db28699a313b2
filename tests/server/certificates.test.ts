import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ALL_RIGHTS } from '../../domain/rights';
import { createKeyVault } from '../../server/kernel/auth/keyVault';
import { x509 } from '../../server/features/passes/certificates/x509';
import { NOT_AFTER, RSA, testAuthority } from './certificateFixtures';
import { describeOnEachDatabase, startTestServer } from './harness';
import { MISSING_ID, coreApi, expectError, multipart, templateBody, type FilePart } from './passFixtures';

jest.setTimeout(30_000);

describeOnEachDatabase('certificates', (server) => {
  const api = coreApi(server);
  /** Every answer of the suite, to check that none shows a private key. */
  const answers: string[] = [];
  const keep = (response: LightMyRequestResponse) => {
    answers.push(response.body);
    return response;
  };
  const call = async (...args: Parameters<typeof api.call>) => keep(await api.call(...args));
  let admin: string;
  let projectA: string;
  let projectB: string;
  let authority: Awaited<ReturnType<typeof testAuthority>>;

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Certificates A');
    projectB = await server().createProject('Certificates B');
    authority = await testAuthority();
  });

  const create = async (name = 'Member card', projectId = projectA) => {
    const response = await call(admin, 'POST', 'certificate', { name, projectId });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json();
  };
  const csrOf = async (id: string) => {
    const response = keep(
      await server().call(admin, { method: 'GET', url: `/api/core/v1/certificate/${id}/csr` }),
    );
    expect(response.statusCode).toBe(200);
    return new x509.Pkcs10CertificateRequest(response.body);
  };
  const upload = async (id: string, files: FilePart[], token = admin) =>
    keep(
      await server().call(token, {
        method: 'POST',
        url: `/api/core/v1/certificate/${id}/upload`,
        ...multipart({}, files),
      }),
    );
  const der = (certificate: x509.X509Certificate) => Buffer.from(certificate.rawData);

  it('creates a key and a certificate request, answering neither', async () => {
    const response = await call(admin, 'POST', 'certificate', { name: 'Member card', projectId: projectA });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Member card',
      projectId: projectA,
      passTypeId: null,
      teamId: null,
      expiration: null,
      hasCertificate: false,
      nfcEnabled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
    });
    const row = await server()
      .context.db.selectFrom('certificate')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(row.privateKey).toMatch(/^v1\./);
    expect(row.privateKey).not.toMatch(/PRIVATE KEY/);
    // no part of what is stored reads as a key (base64 ciphertext may hold any letters, so decode and try)
    for (const part of row.privateKey.split('.'))
      expect(() =>
        createPrivateKey({ key: Buffer.from(part, 'base64'), format: 'der', type: 'pkcs8' }),
      ).toThrow();
  });

  it('keeps the generated key secret in DATA_DIR/certificate-key, readable by the owner only', () => {
    const file = path.join(server().context.config.dataDir, 'certificate-key');
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('answers the CSR as a .pem download named after the certificate, signed by its RSA-2048 key with CN = name', async () => {
    const certificate = await create('Člen "VIP"');
    const response = keep(
      await server().call(admin, { method: 'GET', url: `/api/core/v1/certificate/${certificate.id}/csr` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_len _VIP_.pem"; filename*=UTF-8''%C4%8Clen%20_VIP_.pem`,
    );
    expect(response.body).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    const csr = new x509.Pkcs10CertificateRequest(response.body);
    expect(await csr.verify()).toBe(true);
    expect(csr.subjectName.getField('CN')).toEqual(['Člen "VIP"']);
    const publicKey = await csr.publicKey.export(RSA, ['verify']);
    expect((publicKey.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
  });

  it('takes the certificate issued for the request (DER .cer) and reads passTypeId, teamId and expiration', async () => {
    const certificate = await create();
    const issued = await authority.issue(
      (await csrOf(certificate.id)).publicKey,
      'pass.cz.example.member',
      'ABCDE12345',
    );
    const response = await upload(certificate.id, [
      { name: 'pass.cer', type: 'application/pkix-cert', data: der(issued) },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...certificate,
      passTypeId: 'pass.cz.example.member',
      teamId: 'ABCDE12345',
      expiration: NOT_AFTER.toISOString(),
      hasCertificate: true,
      updatedAt: expect.any(String),
    });
    expect((await call(admin, 'GET', `certificate/${certificate.id}`)).json()).toEqual(response.json());
    const row = await server()
      .context.db.selectFrom('certificate')
      .select('certificate')
      .where('id', '=', certificate.id)
      .executeTakeFirstOrThrow();
    expect(new X509Certificate(String(row.certificate)).serialNumber).toBe(
      new X509Certificate(der(issued)).serialNumber,
    );
  });

  it('takes a PEM as well', async () => {
    const certificate = await create();
    const issued = await authority.issue(
      (await csrOf(certificate.id)).publicKey,
      'pass.cz.example.coupon',
      'TEAM000001',
    );
    const response = await upload(certificate.id, [
      { name: 'pass.pem', type: 'application/x-pem-file', data: Buffer.from(issued.toString('pem')) },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      passTypeId: 'pass.cz.example.coupon',
      teamId: 'TEAM000001',
      hasCertificate: true,
    });
  });

  it('refuses a certificate of another key, a file that is no certificate and no file, leaving the record as it was', async () => {
    const certificate = await create();
    const other = await create('Other');
    const forOther = await authority.issue(
      (await csrOf(other.id)).publicKey,
      'pass.cz.example.other',
      'ABCDE12345',
    );
    const cases: Array<[FilePart[], string]> = [
      [
        [{ name: 'other.cer', data: der(forOther) }],
        'The certificate does not match the key of this certificate request.',
      ],
      [
        [{ name: 'notes.txt', data: Buffer.from('hello') }],
        'The file is not a certificate: upload the .cer file issued for the request, or its PEM.',
      ],
      [[], 'Please select file'],
      [[{ name: '', data: Buffer.alloc(0) }], 'Please select file'],
    ];
    for (const [files, message] of cases) {
      const error = expectError(await upload(certificate.id, files), 400, message);
      expect(error.errors).toEqual([{ path: '/file', message }]);
      expect((await call(admin, 'GET', `certificate/${certificate.id}`)).json()).toEqual(certificate);
    }
  });

  it('refuses a project that does not exist', async () => {
    const before = await api.count('certificate');
    expectError(
      await call(admin, 'POST', 'certificate', { name: 'Lost', projectId: MISSING_ID }),
      400,
      'The project was not found.',
    );
    expect(await api.count('certificate')).toBe(before);
  });

  it('filters by project, name and passTypeId', async () => {
    const certificate = await create('Filtered', projectB);
    const issued = await authority.issue(
      (await csrOf(certificate.id)).publicKey,
      'pass.cz.example.filtered',
      'ABCDE12345',
    );
    await upload(certificate.id, [{ name: 'f.cer', data: der(issued) }]);
    const list = await server().call(admin, {
      method: 'GET',
      url: '/api/core/v1/certificate',
      query: {
        where: JSON.stringify({
          projectId: projectB,
          name: { $like: 'filt' },
          passTypeId: 'pass.cz.example.filtered',
        }),
      },
    });
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([certificate.id]);
  });

  it('moves to another project only when no template of its project signs with it', async () => {
    const certificate = await create();
    const template = await api.created(
      admin,
      'template',
      templateBody(projectA, { certificateId: certificate.id }),
    );
    expectError(
      await call(admin, 'PATCH', `certificate/${certificate.id}`, { projectId: projectB }),
      400,
      /cannot move/,
    );
    await call(admin, 'PATCH', `template/${template.id}`, { certificateId: null });
    const moved = await call(admin, 'PATCH', `certificate/${certificate.id}`, { projectId: projectB });
    expect(moved.json().projectId).toBe(projectB);
  });

  it('is for administrators only: others get 403 on list and create, 404 by id, and change nothing', async () => {
    const certificate = await create();
    const user = await server().createUser();
    await server().setRights(projectA, user.id, ALL_RIGHTS);
    const before = await api.count('certificate');
    expectError(await call(user.token, 'GET', 'certificate'), 403);
    expectError(await call(user.token, 'POST', 'certificate', { name: 'Mine', projectId: projectA }), 403);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const)
      expectError(
        await call(
          user.token,
          method,
          `certificate/${certificate.id}`,
          method === 'PATCH' ? { name: 'x' } : undefined,
        ),
        404,
      );
    const csr = keep(
      await server().call(user.token, {
        method: 'GET',
        url: `/api/core/v1/certificate/${certificate.id}/csr`,
      }),
    );
    expectError(csr, 404);
    expectError(await upload(certificate.id, [{ name: 'x.cer', data: Buffer.from('x') }], user.token), 404);
    expect(await api.count('certificate')).toBe(before);
    expect((await call(admin, 'GET', `certificate/${certificate.id}`)).json()).toEqual(certificate);
  });

  it('never shows a private key in any answer', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      expect(body).not.toMatch(/PRIVATE KEY|privateKey|"v1\./);
    }
  });
});

describe('certificate key secret', () => {
  it('seals a key for one record only, and refuses a secret that is not 32 bytes', () => {
    const vault = createKeyVault(Buffer.alloc(32, 7).toString('base64'), 'CERTIFICATE_KEY_SECRET');
    const sealed = vault.seal(Buffer.from('secret key'), 'record-1');
    expect(vault.open(sealed, 'record-1').toString()).toBe('secret key');
    expect(() => vault.open(sealed, 'record-2')).toThrow();
    const otherKey = createKeyVault(Buffer.alloc(32, 8).toString('base64'), 'CERTIFICATE_KEY_SECRET');
    expect(() => otherKey.open(sealed, 'record-1')).toThrow();
    expect(() => createKeyVault(Buffer.alloc(16).toString('base64'), 'CERTIFICATE_KEY_SECRET')).toThrow(
      /CERTIFICATE_KEY_SECRET/,
    );
    expect(() => createKeyVault('not base64 at all!', 'CERTIFICATE_KEY_SECRET')).toThrow(/32/);
  });

  it('uses CERTIFICATE_KEY_SECRET when it is set, and writes no key file', async () => {
    const secret = Buffer.alloc(32, 9).toString('base64');
    const server = await startTestServer('pglite', { CERTIFICATE_KEY_SECRET: secret });
    try {
      expect(fs.existsSync(path.join(server.context.config.dataDir, 'certificate-key'))).toBe(false);
      const admin = await server.adminToken();
      const projectId = await server.createProject('Secret');
      const created = await server.call(admin, {
        method: 'POST',
        url: '/api/core/v1/certificate',
        payload: { name: 'With env', projectId },
      });
      expect(created.statusCode).toBe(201);
      const row = await server.context.db
        .selectFrom('certificate')
        .select('privateKey')
        .where('id', '=', created.json().id)
        .executeTakeFirstOrThrow();
      const vault = createKeyVault(secret, 'CERTIFICATE_KEY_SECRET');
      expect(vault.open(row.privateKey, created.json().id).length).toBeGreaterThan(1000);
    } finally {
      await server.close();
    }
  }, 60_000);
});
