import fs from 'node:fs';
import path from 'node:path';
import { ALL_RIGHTS } from '../../domain/rights';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { readEml } from './emlFiles';
import { ADMIN, databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';
import {
  aSignableTemplate,
  setUpSigning,
  setUpSigningWithIcon,
  startSigningTestServer,
} from './walletFixtures';

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('certificate expiry (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let otherProject: string;
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startSigningTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Expiry');
    otherProject = await server.createProject('Expiry elsewhere');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  const mailFolder = () => path.join(server.context.config.dataDir, 'mail');
  /** The warning e-mails written so far about the certificate (by the name in their subject). */
  const warningsAbout = (name: string) => {
    if (!fs.existsSync(mailFolder())) return [];
    return fs
      .readdirSync(mailFolder())
      .sort()
      .map((file) => {
        const full = path.join(mailFolder(), file);
        const to = /^To: (.*)$/m.exec(fs.readFileSync(full, 'utf8'))?.[1] ?? '';
        return { ...readEml(full), to };
      })
      .filter((mail) => mail.subject.includes(`"${name}"`));
  };
  const rename = (certificateId: string, name: string) =>
    api.call(admin, 'PATCH', `certificate/${certificateId}`, { name });
  const expiring = (token: string) =>
    server.call(token, { method: 'GET', url: '/api/core/v1/certificate/expiring' });

  it('e-mails the administrators once at 30, 7 and 1 days before the expiry and once expired, each once even with two instances', async () => {
    const expiry = new Date(Date.now() + 100 * DAY);
    const { certificateId } = await setUpSigning(server, admin, projectId, { notAfter: expiry });
    expect((await rename(certificateId, 'Warned card')).statusCode).toBe(200);
    const member = await server.createUser({ email: 'member@expiry.test' });
    await server.setRights(projectId, member.id, ALL_RIGHTS);
    const maintenance = maintenanceOf(server.context)!;
    const at = (daysBefore: number) => new Date(expiry.getTime() - daysBefore * DAY + 60 * 60 * 1000);

    await maintenance.run(at(40));
    expect(warningsAbout('Warned card')).toHaveLength(0);

    const another = await server.startAnotherInstance();
    try {
      // two instances run the task at the same time: one e-mail
      await Promise.all([maintenance.run(at(30)), maintenanceOf(another.context)!.run(at(30))]);
    } finally {
      await another.close();
    }
    let mails = warningsAbout('Warned card');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('expires on');
    expect(mails[0].to).toContain(ADMIN.email);
    // certificates are for administrators: a member with every right on the project manages none
    expect(mails[0].to).not.toContain('member@expiry.test');
    expect(mails[0].text).toContain('Renew');
    expect(mails[0].text).toContain(`/passes/certificate/${certificateId}`);

    await maintenance.run(at(20));
    expect(warningsAbout('Warned card')).toHaveLength(1);
    await maintenance.run(at(7));
    await maintenance.run(at(6));
    expect(warningsAbout('Warned card')).toHaveLength(2);
    await maintenance.run(at(1));
    await maintenance.run(at(1));
    expect(warningsAbout('Warned card')).toHaveLength(3);
    await maintenance.run(at(0));
    await maintenance.run(new Date(expiry.getTime() + 5 * DAY));
    mails = warningsAbout('Warned card');
    expect(mails).toHaveLength(4);
    expect(mails[1].text).toContain('in 7 days');
    expect(mails[2].text).toContain('in 1 day');
    expect(mails[3].subject).toContain('expired on');
    expect(mails[3].text).toContain(expiry.toISOString().slice(0, 10));
  });

  it('sends only the warning due when a certificate is first seen within 7 days', async () => {
    const expiry = new Date(Date.now() + 200 * DAY);
    const { certificateId } = await setUpSigning(server, admin, projectId, { notAfter: expiry });
    expect((await rename(certificateId, 'Late card')).statusCode).toBe(200);
    await maintenanceOf(server.context)!.run(new Date(expiry.getTime() - 5 * DAY));
    const mails = warningsAbout('Late card');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('in 7 days');
  });

  it('lists the expiring certificates to administrators only, with their state and days left', async () => {
    const soon = new Date(Date.now() + 10 * DAY + 60_000);
    const { certificateId, passTypeId } = await setUpSigning(server, admin, otherProject, { notAfter: soon });
    const listed = await expiring(admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toContainEqual({
      id: certificateId,
      name: 'Wallet signing',
      projectId: otherProject,
      passTypeId,
      expiration: expect.any(String),
      state: 'expiring',
      days: 11,
    });
    // a certificate far from its expiry is not listed
    for (const item of listed.json().items) expect(item.days).toBeLessThanOrEqual(30);

    const owner = await server.createUser({ email: 'owner@expiry.test' });
    await server.setRights(otherProject, owner.id, ALL_RIGHTS);
    const theirs = await expiring(owner.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ items: [] });
    expectError(await expiring(''), 401);
  });

  describe('an expired certificate', () => {
    let templateId: string;
    let passId: string;
    let certificateId: string;

    beforeAll(async () => {
      const signing = await setUpSigningWithIcon(server, admin, projectId);
      certificateId = signing.certificateId;
      await api.call(admin, 'PATCH', `certificate/${certificateId}`, { name: 'Old card' });
      templateId = (
        await api.created(
          admin,
          'template',
          aSignableTemplate(projectId, certificateId, { icon: signing.iconId }),
        )
      ).id;
      passId = (await api.created(admin, 'pass', { templateId, dynamicData: { name: 'Ann' } })).id;
      // the certificate's expiration passes
      await server.context.db
        .updateTable('certificate')
        .set({ expiration: new Date('2025-03-01T12:00:00Z') })
        .where('id', '=', certificateId)
        .execute();
    }, 120_000);

    const message =
      /^The signing certificate "Old card" \(pass\.test\.passbase\.[0-9a-f]{8}\) expired on 2025-03-01: .*Upload its renewed certificate in Certificates/;

    it('refuses new passes and updates with 409 saying what to do, single and in a batch', async () => {
      expectError(
        await api.call(admin, 'POST', 'pass', { templateId, dynamicData: { name: 'Bob' } }),
        409,
        message,
      );
      expectError(
        await api.call(admin, 'PATCH', `pass/${passId}`, { dynamicData: { name: 'Changed' } }),
        409,
        message,
      );
      const batch = await api.call(admin, 'POST', 'pass/batch', [
        { method: 'POST', data: { templateId, dynamicData: { name: 'Batch' } } },
        { method: 'PATCH', id: passId, data: { dynamicData: { name: 'Batch' } } },
      ]);
      expect(batch.statusCode).toBe(200);
      expect(batch.json().map((item: { status: { code: number } }) => item.status.code)).toEqual([409, 409]);
      const czech = await server.call(admin, {
        method: 'POST',
        url: '/api/core/v1/pass',
        headers: { 'accept-language': 'cs' },
        payload: { templateId, dynamicData: { name: 'Bob' } },
      });
      expectError(czech, 409, /Platnost podpisového certifikátu "Old card"/);
    });

    it('refuses an import of passes of its templates', async () => {
      const response = await server.call(admin, {
        method: 'POST',
        url: `/api/core/v1/pass/import?templateId=${templateId}`,
        ...multipart({}, [{ name: 'passes.csv', type: 'text/csv', data: Buffer.from('name\nCarl\n') }]),
      });
      expectError(response, 409, message);
    });

    it('lists it as expired', async () => {
      const item = (await expiring(admin))
        .json()
        .items.find((row: { id: string }) => row.id === certificateId);
      expect(item).toMatchObject({ state: 'expired', days: 0, expiration: '2025-03-01T12:00:00.000Z' });
    });
  });

  it("shows a certificate whose file has expired as an error in the template's preflight", async () => {
    const { certificateId, passTypeId } = await setUpSigning(server, admin, projectId, {
      notAfter: new Date(Date.now() - 60 * 60 * 1000),
    });
    const template = await api.created(admin, 'template', aSignableTemplate(projectId, certificateId));
    const check = await server.call(admin, {
      method: 'GET',
      url: `/api/core/v1/template/${template.id}/preflight`,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().errors).toContainEqual({
      path: '/certificateId',
      message: expect.stringMatching(
        new RegExp(
          `^The signing certificate "Wallet signing" \\(${passTypeId.replaceAll('.', '\\.')}\\) expired on \\d{4}-\\d\\d-\\d\\d: .*Upload its renewed certificate`,
        ),
      ),
    });
  });

  it('answers nothing for a viewer who is no administrator, on a fresh server too', async () => {
    const fresh = await startTestServer(kind);
    try {
      const user = await fresh.createUser({ email: 'plain@expiry.test' });
      const answer = await fresh.call(user.token, {
        method: 'GET',
        url: '/api/core/v1/certificate/expiring',
      });
      expect(answer.json()).toEqual({ items: [] });
    } finally {
      await fresh.close();
    }
  });
});
