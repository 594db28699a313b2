import { X509Certificate } from 'node:crypto';
import { pushServiceOf } from '../../server/features/wallet/push/pushService';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import { databaseKinds, expectError, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';
import {
  aSignableTemplate,
  certificatesOfSignature,
  fetchedByDevice,
  pemBody,
  registerDevice,
  setUpSigningWithIcon,
  sharedSigningChain,
  startSigningTestServer,
  verifyManifestSignature,
} from './walletFixtures';

jest.setTimeout(60_000);

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'ef'.repeat(32);

describe.each(databaseKinds)('certificate renewal (%s)', (kind) => {
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let oldId: string;
  let passTypeId: string;
  let teamId: string;
  let templateId: string;
  let passId: string;
  const api = coreApi(() => server);

  const newCertificate = async (name: string) =>
    (await api.created(admin, 'certificate', { name, projectId })).id as string;
  const csrOf = async (id: string) =>
    (await server.call(admin, { method: 'GET', url: `/api/core/v1/certificate/${id}/csr` })).body;
  const issueFor = async (id: string, options: { passTypeId?: string; teamId?: string } = {}) =>
    (await sharedSigningChain()).issue(await csrOf(id), { passTypeId, teamId, ...options });
  const send = (url: string, der: Buffer, token = admin) =>
    server.call(token, {
      method: 'POST',
      url: `/api/core/v1/certificate/${url}`,
      ...multipart({}, [{ name: 'renewed.cer', type: 'application/pkix-cert', data: der }]),
    });
  const certificatePem = async (id: string) =>
    (
      await server.context.db
        .selectFrom('certificate')
        .select('certificate')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).certificate as string;
  const servedPass = () => fetchedByDevice(server, passTypeId, passId);
  const pushesTo = (token: string) => apns.received.filter((push) => push.path.endsWith(token)).length;

  beforeAll(async () => {
    apns = await startApnsStandIn();
    server = await startSigningTestServer(kind, { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile });
    admin = await server.adminToken();
    projectId = await server.createProject('Renewal');
    const signing = await setUpSigningWithIcon(server, admin, projectId);
    ({ passTypeId, teamId } = signing);
    oldId = signing.certificateId;
    templateId = (
      await api.created(admin, 'template', aSignableTemplate(projectId, oldId, { icon: signing.iconId }))
    ).id;
    passId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Ann' } })).id;
    expect(await registerDevice(server, { device: DEVICE, passTypeId, passId, pushToken: PUSH_TOKEN })).toBe(
      201,
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await apns?.close();
  }, 30_000);

  it('moves the templates to a new certificate of the same pass type, with audit entries, and pushes their devices', async () => {
    const renewedId = await newCertificate('Renewed card');
    const pushesBefore = pushesTo(PUSH_TOKEN);
    const renewed = await send(`${oldId}/renew`, await issueFor(renewedId));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      certificate: { id: renewedId, passTypeId, teamId, hasCertificate: true },
      previousCertificateId: oldId,
      templatesMoved: 1,
      devicesToPush: 1,
    });
    expect((await api.call(admin, 'GET', `template/${templateId}`)).json().certificateId).toBe(renewedId);
    const entries = await server.context.db
      .selectFrom('audit')
      .selectAll()
      .where('resource', '=', 'template')
      .where('rowId', '=', templateId)
      .where('action', '=', 'update')
      .execute();
    expect(entries.map((entry) => entry.changes)).toContainEqual(
      expect.objectContaining({ certificateId: { before: oldId, after: renewedId } }),
    );

    await pushServiceOf(server.context).settled();
    expect(pushesTo(PUSH_TOKEN)).toBe(pushesBefore + 1);
    const files = await servedPass();
    const chain = await sharedSigningChain();
    expect(verifyManifestSignature(files, chain.caFile)).toBe('');
    const carried = certificatesOfSignature(files.signature);
    expect(carried).toContain(pemBody(await certificatePem(renewedId)));
    expect(carried).not.toContain(pemBody(await certificatePem(oldId)));
  });

  it('replaces the file of the certificate itself when Apple issued the renewal for its own request', async () => {
    const currentId = (await api.call(admin, 'GET', `template/${templateId}`)).json().certificateId as string;
    const before = await certificatePem(currentId);
    const pushesBefore = pushesTo(PUSH_TOKEN);
    const renewed = await send(`${currentId}/renew`, await issueFor(currentId));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      certificate: { id: currentId },
      previousCertificateId: currentId,
      templatesMoved: 0,
      devicesToPush: 1,
    });
    const after = await certificatePem(currentId);
    expect(new X509Certificate(after).serialNumber).not.toBe(new X509Certificate(before).serialNumber);
    await pushServiceOf(server.context).settled();
    expect(pushesTo(PUSH_TOKEN)).toBe(pushesBefore + 1);
    const carried = certificatesOfSignature((await servedPass()).signature);
    expect(carried).toContain(pemBody(after));
  });

  it('refuses a certificate of another pass type as a renewal, naming both, and takes it as a new certificate', async () => {
    const currentId = (await api.call(admin, 'GET', `template/${templateId}`)).json().certificateId as string;
    const otherId = await newCertificate('Other type');
    const other = await issueFor(otherId, { passTypeId: 'pass.test.passbase.other' });
    const refused = await send(`${currentId}/renew`, other);
    const error = expectError(refused, 400, /pass\.test\.passbase\.other/);
    expect(error.message).toContain(passTypeId);
    expect((await api.call(admin, 'GET', `template/${templateId}`)).json().certificateId).toBe(currentId);
    // the same file, uploaded to its own request, is a new certificate
    const uploaded = await send(`${otherId}/upload`, other);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ passTypeId: 'pass.test.passbase.other' });
  });

  it('refuses a file issued for no request of the project, a missing file, and renewing a certificate without a file', async () => {
    const currentId = (await api.call(admin, 'GET', `template/${templateId}`)).json().certificateId as string;
    const elsewhere = await server.createProject('Renewal elsewhere');
    const foreignId = (await api.created(admin, 'certificate', { name: 'Foreign', projectId: elsewhere })).id;
    expectError(
      await send(`${currentId}/renew`, await issueFor(foreignId)),
      400,
      /not issued for a request of this project/,
    );
    expectError(await send(`${currentId}/renew`, Buffer.alloc(0)), 400, /Please select file/);
    const emptyId = await newCertificate('Without file');
    expectError(
      await send(`${emptyId}/renew`, await issueFor(emptyId)),
      400,
      /has no certificate from Apple yet/,
    );
  });

  it('refuses a renewal by a viewer who is no administrator', async () => {
    const user = await server.createUser({ email: 'renewer@renewal.test' });
    await server.setRights(projectId, user.id, 0xffff);
    const response = await send(`${oldId}/renew`, Buffer.from('x'), user.token);
    expect([403, 404]).toContain(response.statusCode);
  });
});
