import type { InjectOptions } from 'fastify';
import { Right } from '../../domain/rights';
import type { AuditEntry } from '../../domain/schemas/audit';
import { x509 } from '../../server/features/passes/certificates/x509';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { testAuthority } from './certificateFixtures';
import { createShop, type Shop } from './checkoutFixtures';
import { describeOnEachDatabase, expectError } from './harness';
import { MISSING_ID, jsonTemplate, multipart, png } from './passFixtures';

jest.setTimeout(30_000);

const CORE = '/api/core/v1';
const TICKET = '/api/ticket/v1';
const DAY = 24 * 3600 * 1000;

describeOnEachDatabase('audit trail', (server) => {
  let admin: string;
  let adminId: string;
  let projectId: string;
  const call = (options: InjectOptions, token = admin) => server().call(token, options);
  const history = async (path: string, token = admin, query: Record<string, string> = {}) => {
    const response = await call({ method: 'GET', url: `${path}/history`, query }, token);
    expect(response.statusCode).toBe(200);
    return response.json() as { data: AuditEntry[]; totalCount: number; page: number; limit: number };
  };
  const createTemplate = async (name: string) => {
    const response = await call({
      method: 'POST',
      url: `${CORE}/template`,
      payload: { name, projectId, jsonTemplate: jsonTemplate(), languages: ['en'] },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; name: string };
  };

  beforeAll(async () => {
    admin = await server().adminToken();
    const me = await call({ method: 'GET', url: `${CORE}/user`, query: { limit: '1000' } });
    adminId = (me.json().data as Array<{ id: string; isAdmin: boolean }>).find((user) => user.isAdmin)!.id;
    projectId = await server().createProject('Audited');
  });

  it('records a create with who, which action, which row and the fields set', async () => {
    const template = await createTemplate('Audited template');
    const { data, totalCount } = await history(`${CORE}/template/${template.id}`);
    expect(totalCount).toBe(1);
    const [entry] = data;
    expect(entry).toEqual(
      expect.objectContaining({
        action: 'create',
        resource: 'template',
        rowId: template.id,
        userId: adminId,
        userName: expect.any(String),
      }),
    );
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    expect(entry.changes.name).toEqual({ after: 'Audited template' });
    expect(entry.changes.projectId).toEqual({ after: projectId });
    expect(entry.changes).not.toHaveProperty('id');
    expect(entry.changes).not.toHaveProperty('updatedAt');
    expect(entry.changes).not.toHaveProperty('createdAt');
  });

  it('records an update (PUT and PATCH) with only the changed fields, before and after, newest first', async () => {
    const template = await createTemplate('Before');
    const put = await call({
      method: 'PUT',
      url: `${CORE}/template/${template.id}`,
      payload: { name: 'After put', projectId, jsonTemplate: jsonTemplate(), languages: ['en'] },
    });
    expect(put.statusCode).toBe(200);
    const patch = await call({
      method: 'PATCH',
      url: `${CORE}/template/${template.id}`,
      payload: { name: 'After patch' },
    });
    expect(patch.statusCode).toBe(200);
    const { data } = await history(`${CORE}/template/${template.id}`);
    expect(data.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(data[0].changes).toEqual({ name: { before: 'After put', after: 'After patch' } });
    expect(data[1].changes).toEqual({ name: { before: 'Before', after: 'After put' } });
  });

  it('records a delete, and the history of the deleted row stays readable', async () => {
    const template = await createTemplate('Doomed');
    expect((await call({ method: 'DELETE', url: `${CORE}/template/${template.id}` })).statusCode).toBe(200);
    const { data } = await history(`${CORE}/template/${template.id}`);
    expect(data[0].action).toBe('delete');
    expect(data[0].changes.deletedAt).toEqual({ before: null, after: expect.any(String) });
  });

  it('records nothing for a refused write', async () => {
    const template = await createTemplate('Unchanged');
    const refused = await call({
      method: 'PATCH',
      url: `${CORE}/template/${template.id}`,
      payload: { name: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await history(`${CORE}/template/${template.id}`)).totalCount).toBe(1);
  });

  it('records nothing for a write the database refuses: two creates racing for one e-mail leave one entry', async () => {
    const email = `raced-${Date.now()}@test.local`;
    const create = () =>
      call({
        method: 'POST',
        url: `${CORE}/user`,
        payload: { email, password: 'Raced-Passw0rd!', displayName: 'Raced', isAdmin: false },
      });
    const answers = await Promise.all([create(), create()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const created = answers.find((answer) => answer.statusCode === 201)!.json().id as string;
    const users = await call({
      method: 'GET',
      url: `${CORE}/audit`,
      query: { resource: 'user', limit: '100' },
    });
    const entries = (users.json().data as AuditEntry[]).filter(
      (entry) => entry.changes.email?.after === email,
    );
    expect(entries.map((entry) => [entry.action, entry.rowId])).toEqual([['create', created]]);
  });

  it('writes one audit row per batch item that succeeded', async () => {
    const [first, second] = [await createTemplate('Batch A'), await createTemplate('Batch B')];
    const batch = await call({
      method: 'POST',
      url: `${CORE}/template/batch`,
      payload: [
        { method: 'PATCH', id: first.id, data: { name: 'Batch A2' } },
        { method: 'PATCH', id: second.id, data: { name: 'Batch B2' } },
        { method: 'PATCH', id: MISSING_ID, data: { name: 'Nobody' } },
        { method: 'GET', id: first.id },
      ],
    });
    expect(batch.statusCode).toBe(200);
    expect((batch.json() as Array<{ status: { code: number } }>).map((item) => item.status.code)).toEqual([
      200, 200, 404, 200,
    ]);
    for (const [row, name] of [
      [first, 'Batch A2'],
      [second, 'Batch B2'],
    ] as const) {
      const { data } = await history(`${CORE}/template/${row.id}`);
      expect(data.map((entry) => entry.action)).toEqual(['update', 'create']);
      expect(data[0].changes.name.after).toBe(name);
    }
    const missing = await call({ method: 'GET', url: `${CORE}/audit`, query: { rowId: MISSING_ID } });
    expect(missing.json().totalCount).toBe(0);
  });

  it('records the ticket API writes too, with a history route of its own', async () => {
    const created = await call({
      method: 'POST',
      url: `${TICKET}/eshop`,
      payload: { projectId, name: 'Audited shop', locales: ['en'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await call({ method: 'PATCH', url: `${TICKET}/eshop/${id}`, payload: { name: 'Renamed shop' } });
    const { data } = await history(`${TICKET}/eshop/${id}`);
    expect(data.map((entry) => [entry.resource, entry.action])).toEqual([
      ['eshop', 'update'],
      ['eshop', 'create'],
    ]);
    expect(data[0].changes.name).toEqual({ before: 'Audited shop', after: 'Renamed shop' });
  });

  it('pages the history', async () => {
    const template = await createTemplate('Paged 0');
    for (const n of [1, 2, 3])
      await call({
        method: 'PATCH',
        url: `${CORE}/template/${template.id}`,
        payload: { name: `Paged ${n}` },
      });
    const second = await history(`${CORE}/template/${template.id}`, admin, { page: '2', limit: '2' });
    expect(second).toEqual(expect.objectContaining({ totalCount: 4, page: 2, limit: 2 }));
    expect(second.data.map((entry) => entry.changes.name.after)).toEqual(['Paged 1', 'Paged 0']);
  });

  describe('secrets', () => {
    it('never records a password or its hash', async () => {
      const user = await server().createUser({ password: 'First-Passw0rd!' });
      await call({
        method: 'PATCH',
        url: `${CORE}/user/${user.id}`,
        payload: { password: 'Second-Passw0rd!' },
      });
      const { data } = await history(`${CORE}/user/${user.id}`);
      const text = JSON.stringify(data);
      expect(text).not.toMatch(/Passw0rd|argon2|passwordHash/i);
      expect(data.map((entry) => entry.action)).toEqual(['update', 'create']);
    });

    it('never records an API client secret or its hash', async () => {
      const created = await call({
        method: 'POST',
        url: `${CORE}/apiClient`,
        payload: { name: 'Audited client' },
      });
      expect(created.statusCode).toBe(201);
      const { id, clientSecret } = created.json() as { id: string; clientSecret: string };
      expect(clientSecret).toBeTruthy();
      const { data } = await history(`${CORE}/apiClient/${id}`);
      expect(data).toHaveLength(1);
      expect(JSON.stringify(data)).not.toContain(clientSecret);
      expect(JSON.stringify(data)).not.toMatch(/secret|hash|argon2/i);
    });
  });

  describe('rights', () => {
    it('lets a reader of the row read its history, and answers 404 to anyone else, as the row', async () => {
      const template = await createTemplate('Guarded');
      const reader = await server().createUser();
      const stranger = await server().createUser();
      await server().setRights(projectId, reader.id, Right.TEMPLATE_READ);
      const otherProject = await server().createProject('Elsewhere');
      await server().setRights(otherProject, stranger.id, Right.TEMPLATE_READ);
      const url = `${CORE}/template/${template.id}/history`;
      expect((await call({ method: 'GET', url }, reader.token)).statusCode).toBe(200);
      expectError(await call({ method: 'GET', url }, stranger.token), 404);
      expectError(await call({ method: 'GET', url: `${CORE}/template/${MISSING_ID}/history` }), 404);
      expectError(await call({ method: 'GET', url: `${CORE}/template/not-a-uuid/history` }), 404);
      expectError(await server().call(undefined, { method: 'GET', url }), 401);
    });

    it('answers the audit list across resources to administrators only (403 otherwise)', async () => {
      const user = await server().createUser();
      expectError(await call({ method: 'GET', url: `${CORE}/audit` }, user.token), 403);
      const list = await call({ method: 'GET', url: `${CORE}/audit`, query: { limit: '100' } });
      expect(list.statusCode).toBe(200);
      const resources = new Set((list.json().data as AuditEntry[]).map((entry) => entry.resource));
      expect(resources).toEqual(new Set(['project', 'template', 'user', 'apiClient', 'eshop']));
    });
  });

  describe('audit list filters', () => {
    it('filters by resource, user and time range', async () => {
      const editor = await server().createUser({ isAdmin: true });
      const before = new Date().toISOString();
      const created = await call(
        { method: 'POST', url: `${CORE}/project`, payload: { name: 'By the editor' } },
        editor.token,
      );
      expect(created.statusCode).toBe(201);
      const byEditor = await call({ method: 'GET', url: `${CORE}/audit`, query: { userId: editor.id } });
      expect((byEditor.json().data as AuditEntry[]).map((entry) => [entry.resource, entry.action])).toEqual([
        ['project', 'create'],
      ]);
      const projects = await call({
        method: 'GET',
        url: `${CORE}/audit`,
        query: { resource: 'project', from: before, limit: '100' },
      });
      expect((projects.json().data as AuditEntry[]).map((entry) => entry.rowId)).toEqual([created.json().id]);
      const future = new Date(Date.now() + DAY).toISOString();
      const none = await call({ method: 'GET', url: `${CORE}/audit`, query: { from: future } });
      expect(none.json()).toEqual({ data: [], totalCount: 0, page: 1, limit: 25 });
      const old = await call({
        method: 'GET',
        url: `${CORE}/audit`,
        query: { to: before, resource: 'project' },
      });
      expect((old.json().data as AuditEntry[]).every((entry) => entry.at < before)).toBe(true);
    });

    it('answers 400 to a bad filter and changes nothing', async () => {
      const queries: Array<Record<string, string>> = [
        { from: 'yesterday' },
        { userId: 'me' },
        { limit: '1000' },
        { page: '0' },
        { sort: 'at' },
      ];
      for (const query of queries)
        expectError(await call({ method: 'GET', url: `${CORE}/audit`, query }), 400);
    });
  });

  describe('writes outside the engine', () => {
    const actions = (entries: AuditEntry[]) => entries.map((entry) => [entry.userName, entry.action]);
    const auditCount = async (query: Record<string, string>) =>
      (await call({ method: 'GET', url: `${CORE}/audit`, query })).json().totalCount as number;

    it('records an image upload under its uploader, and nothing for a refused one', async () => {
      const refusedBefore = await auditCount({ resource: 'image' });
      const refused = await call({
        method: 'POST',
        url: `${CORE}/image`,
        ...multipart({ projectId, type: 'icon' }, [{ name: 'icon.png', data: png(10, 10) }]),
      });
      expect(refused.statusCode).toBe(400);
      expect(await auditCount({ resource: 'image' })).toBe(refusedBefore);
      const uploaded = await call({
        method: 'POST',
        url: `${CORE}/image`,
        ...multipart({ projectId, type: 'icon', name: 'Audited icon' }, [
          { name: 'icon.png', data: png(58, 58) },
        ]),
      });
      expect(uploaded.statusCode).toBe(201);
      const { data } = await history(`${CORE}/image/${uploaded.json().id}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toEqual(
        expect.objectContaining({ action: 'create', resource: 'image', userId: adminId }),
      );
      expect(data[0].changes).toEqual(
        expect.objectContaining({
          name: { after: 'Audited icon' },
          type: { after: 'icon' },
          width: { after: 58 },
          height: { after: 58 },
        }),
      );
    });

    it('records the certificate Apple issued, never a key, request or certificate text', async () => {
      const created = await call({
        method: 'POST',
        url: `${CORE}/certificate`,
        payload: { name: 'Audited certificate', projectId },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      const csr = await call({ method: 'GET', url: `${CORE}/certificate/${id}/csr` });
      const request = new x509.Pkcs10CertificateRequest(csr.body);
      const issued = await (await testAuthority()).issue(request.publicKey, 'pass.cz.audit', 'AUDIT12345');
      const uploaded = await call({
        method: 'POST',
        url: `${CORE}/certificate/${id}/upload`,
        ...multipart({}, [{ name: 'pass.cer', data: Buffer.from(issued.rawData) }]),
      });
      expect(uploaded.statusCode).toBe(200);
      const { data } = await history(`${CORE}/certificate/${id}`);
      expect(actions(data)).toEqual([
        [data[0].userName, 'update'],
        [data[0].userName, 'create'],
      ]);
      expect(data[0].userId).toBe(adminId);
      expect(data[0].changes).toEqual({
        passTypeId: { before: null, after: 'pass.cz.audit' },
        teamId: { before: null, after: 'AUDIT12345' },
        expiration: { before: null, after: expect.any(String) },
        hasCertificate: { before: false, after: true },
      });
      const text = JSON.stringify(data);
      expect(text).not.toMatch(/BEGIN|PRIVATE|csr|privateKey/i);
      expect(text).not.toContain(Buffer.from(issued.rawData).toString('base64').slice(0, 40));
    });

    it('records a password change as a change of the password, with no value of it', async () => {
      const user = await server().createUser({ password: 'Old-Audited-Passw0rd!' });
      const changed = await call(
        {
          method: 'POST',
          url: `${CORE}/user/me/changePassword`,
          payload: { currentPassword: 'Old-Audited-Passw0rd!', newPassword: 'New-Audited-Passw0rd!' },
        },
        user.token,
      );
      expect(changed.statusCode).toBe(204);
      const { data } = await history(`${CORE}/user/${user.id}`);
      expect(data[0]).toEqual(expect.objectContaining({ action: 'update', userId: user.id }));
      expect(data[0].changes).toEqual({ passwordHash: {} });
      expect(JSON.stringify(data)).not.toMatch(/Passw0rd|argon2/i);
    });

    it("records a member's rights on the project as the project's users field, before and after", async () => {
      const member = await server().createUser();
      const project = await server().createProject('Audited members');
      await server().setRights(project, member.id, Right.PASS_READ);
      await server().setRights(project, member.id, Right.PASS_READ | Right.TEMPLATE_READ);
      await server().setRights(project, member.id, null);
      const { data } = await history(`${CORE}/project/${project}`);
      const field = `users.${member.id}`;
      expect(data.slice(0, 3).map((entry) => [entry.action, entry.userId, entry.changes])).toEqual([
        ['update', adminId, { [field]: { before: Right.PASS_READ | Right.TEMPLATE_READ, after: null } }],
        [
          'update',
          adminId,
          { [field]: { before: Right.PASS_READ, after: Right.PASS_READ | Right.TEMPLATE_READ } },
        ],
        ['update', adminId, { [field]: { before: null, after: Right.PASS_READ } }],
      ]);
    });

    it("records a pass that a template's public link hands out under the template link", async () => {
      const template = await call({
        method: 'POST',
        url: `${CORE}/template`,
        payload: {
          name: 'Handed out',
          projectId,
          jsonTemplate: jsonTemplate(),
          languages: ['en'],
          distributable: true,
        },
      });
      expect(template.statusCode).toBe(201);
      const handedOut = await server().call(undefined, { method: 'POST', url: `/p/t/${template.json().id}` });
      expect(handedOut.statusCode).toBe(303);
      const passId = String(handedOut.headers.location).slice(3);
      const { data } = await history(`${CORE}/pass/${passId}`);
      expect(data.map((entry) => [entry.userId, entry.userName, entry.action])).toEqual([
        [null, 'template link', 'create'],
      ]);
      expect(data[0].changes.templateId).toEqual({ after: template.json().id });
    });

    describe('ticket checkout', () => {
      let shop: Shop;
      const placeOrder = async (count: number) => {
        const placed = await server().call(undefined, {
          method: 'POST',
          url: `/api/ticket/public/v1/eshop/${shop.eshopId}/order`,
          payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId: shop.product, count }] },
        });
        expect(placed.statusCode).toBe(201);
        return placed.json() as { orderId: string; paymentUrl: string };
      };
      const items = async (orderId: string) =>
        (
          await call({
            method: 'GET',
            url: `${TICKET}/orderItem`,
            query: { where: JSON.stringify({ orderId: { $eq: orderId } }) },
          })
        ).json().data as Array<{ id: string; passId: string }>;

      beforeAll(async () => {
        shop = await createShop(server());
      });

      it('records the order and its items as the checkout places them, then each step of its fulfilment', async () => {
        const { orderId, paymentUrl } = await placeOrder(2);
        const paid = await server().call(undefined, {
          method: 'POST',
          url: new URL(paymentUrl).pathname,
          payload: { outcome: 'paid' },
        });
        expect(paid.statusCode).toBe(200);
        await server().jobsIdle(); // the email goes out from the job queue, after the answer

        const order = (await history(`${TICKET}/order/${orderId}`)).data.reverse();
        expect(order.every((entry) => entry.userId === null)).toBe(true);
        expect(actions(order)).toEqual([
          ['checkout', 'create'],
          ['checkout', 'update'],
          ['payment gateway', 'update'],
          ['checkout', 'update'],
          ['checkout', 'update'],
          ['checkout', 'update'],
        ]);
        expect(order[0].changes).toEqual(
          expect.objectContaining({ state: { after: 'itemsCreated' }, paymentState: { after: 'pending' } }),
        );
        expect(order[1].changes.state).toEqual({ before: 'itemsCreated', after: 'paymentRequested' });
        expect(order[2].changes.paymentState).toEqual({ before: 'pending', after: 'paid' });
        expect(order.slice(3).map((entry) => entry.changes.state.after)).toEqual([
          'numbersGenerated',
          'passesIssued',
          'emailSent',
        ]);

        const [item] = await items(orderId);
        const itemHistory = (await history(`${TICKET}/orderItem/${item.id}`)).data.reverse();
        expect(actions(itemHistory)).toEqual([
          ['checkout', 'create'],
          ['checkout', 'update'],
          ['checkout', 'update'],
        ]);
        expect(itemHistory[1].changes.itemNumber).toEqual({ before: null, after: expect.any(String) });
        expect(itemHistory[2].changes.passId).toEqual({ before: null, after: item.passId });
        const pass = (await history(`${CORE}/pass/${item.passId}`)).data;
        expect(actions(pass)).toEqual([['checkout', 'create']]);
        expect(pass[0].changes.templateId).toEqual({ after: shop.templateId });
      });

      it("writes each row's entries as the row is: replayed, they give the order, its items and passes", async () => {
        const { orderId, paymentUrl } = await placeOrder(3);
        const paid = await server().call(undefined, {
          method: 'POST',
          url: new URL(paymentUrl).pathname,
          payload: { outcome: 'paid' },
        });
        expect(paid.statusCode).toBe(200);
        await server().jobsIdle();
        /** The entity the row's entries, oldest first, say it has now (the fields they name). */
        const replayed = async (path: string) => {
          const entries = (await history(path)).data.reverse();
          const entity: Record<string, unknown> = {};
          for (const entry of entries)
            for (const [field, change] of Object.entries(
              entry.changes as Record<string, { after?: unknown }>,
            ))
              entity[field] = change.after ?? null;
          return entity;
        };
        const rows = [
          `${TICKET}/order/${orderId}`,
          ...(await items(orderId)).flatMap((item) => [
            `${TICKET}/orderItem/${item.id}`,
            `${CORE}/pass/${item.passId}`,
          ]),
        ];
        expect(rows).toHaveLength(7);
        for (const path of rows) {
          const entity = (await call({ method: 'GET', url: path })).json() as Record<string, unknown>;
          const trail = await replayed(path);
          expect(Object.keys(trail).length).toBeGreaterThan(3);
          // an item's copy of its order's payment state is the order's to record (a trigger keeps it)
          if (path.includes('/orderItem/')) delete trail.paymentState;
          // a ticket's secret never enters the trail: it is named as changed, its value kept out
          delete trail.ticketSecret;
          expect({ path, ...trail }).toEqual({
            path,
            ...Object.fromEntries(Object.keys(trail).map((field) => [field, entity[field] ?? null])),
          });
        }
      });

      it('records a payment refreshed in the back office under its user', async () => {
        const { orderId, paymentUrl } = await placeOrder(1);
        const paymentId = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() as string);
        checkoutPartsOf(server().context)!.bank.decide(paymentId, 'declined3D');
        const refreshed = await call({
          method: 'POST',
          url: `${TICKET}/order/${orderId}/updatePaymentState`,
        });
        expect(refreshed.statusCode).toBe(200);
        const [latest] = (await history(`${TICKET}/order/${orderId}`)).data;
        expect(latest).toEqual(expect.objectContaining({ action: 'update', userId: adminId }));
        expect(latest.changes.paymentState).toEqual({ before: 'pending', after: 'declined3D' });
      });

      it('records a payment timed out under the payment timeout', async () => {
        const { orderId } = await placeOrder(1);
        await maintenanceOf(server().context)!.run(new Date(Date.now() + DAY));
        const [latest] = (await history(`${TICKET}/order/${orderId}`)).data;
        expect(latest).toEqual(
          expect.objectContaining({ action: 'update', userId: null, userName: 'payment timeout' }),
        );
        expect(latest.changes.paymentState).toEqual({ before: 'pending', after: 'timeout' });
      });
    });
  });

  it('retention deletes entries older than AUDIT_RETENTION_DAYS (365 by default)', async () => {
    const template = await createTemplate('Retained');
    const soon = await maintenanceOf(server().context)!.run(new Date(Date.now() + 364 * DAY));
    expect(soon['audit retention']).toBe(0);
    expect((await history(`${CORE}/template/${template.id}`)).totalCount).toBe(1);
    const later = await maintenanceOf(server().context)!.run(new Date(Date.now() + 366 * DAY));
    expect(later['audit retention']).toBeGreaterThan(0);
    expect((await history(`${CORE}/template/${template.id}`)).totalCount).toBe(0);
  });
});
