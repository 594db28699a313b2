import type { InjectOptions } from 'fastify';
import { ALL_RIGHTS, Right } from '../../domain/rights';
import { describeOnEachDatabase } from './harness';
import { DYNAMIC_DATA_SCHEMA, MISSING_ID, coreApi, expectError, png, templateBody } from './passFixtures';

// Each test makes users (Argon2 hashing) and several calls; a busy two-core machine needs more than 5 s.
jest.setTimeout(30_000);

describeOnEachDatabase('passes', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectA: string;
  let projectB: string;
  let templateA: { id: string };
  let otherTemplateA: { id: string };
  let templateB: { id: string };

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Passes A');
    projectB = await server().createProject('Passes B');
    templateA = await api.created(admin, 'template', templateBody(projectA));
    otherTemplateA = await api.created(admin, 'template', templateBody(projectA, { name: 'Other' }));
    templateB = await api.created(admin, 'template', templateBody(projectB));
  });

  const userWith = async (rightsOnA: number) => {
    const user = await server().createUser();
    await server().setRights(projectA, user.id, rightsOnA);
    return user.token;
  };
  const newPass = (dynamicData: unknown = { name: 'Jane' }, extra: Record<string, unknown> = {}) =>
    api.created(admin, 'pass', { templateId: templateA.id, dynamicData, ...extra });

  /** A write that must fail: the error body, after checking that the passes are as they were. */
  const refused = async (
    method: 'POST' | 'PUT' | 'PATCH',
    path: string,
    body: unknown,
    message: string | RegExp,
    token = admin,
  ) => {
    const before = await api.count('pass');
    const snapshot = method === 'POST' ? undefined : (await api.call(admin, 'GET', path)).json();
    const error = expectError(await api.call(token, method, path, body), 400, message);
    expect(await api.count('pass')).toBe(before);
    if (snapshot) expect((await api.call(admin, 'GET', path)).json()).toEqual(snapshot);
    return error;
  };

  describe('creation', () => {
    it("answers the pass with its url, its template's project and empty wallet counters", async () => {
      const response = await api.call(admin, 'POST', 'pass', {
        templateId: templateA.id,
        dynamicData: { name: 'Jane', points: 3 },
        expirationDate: '2030-01-01T00:00:00.000Z',
      });
      expect(response.statusCode).toBe(201);
      const pass = response.json();
      expect(pass).toEqual({
        id: expect.any(String),
        url: `http://localhost:8080/p/${pass.id}`,
        projectId: projectA,
        templateId: templateA.id,
        templateName: 'Member card',
        dynamicData: { name: 'Jane', points: 3 },
        dynamicImages: {},
        voided: false,
        expirationDate: '2030-01-01T00:00:00.000Z',
        devices: { total: 0, ios: 0, android: 0 },
        downloads: 0,
        firstRegisterAt: null,
        lastRegisterAt: null,
        firstUnregisterAt: null,
        lastUnregisterAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        deletedAt: null,
      });
      expect((await api.call(admin, 'GET', `pass/${pass.id}`)).json()).toEqual(pass);
    });

    it('ignores a projectId and wallet counters sent by the client', async () => {
      const response = await api.call(admin, 'POST', 'pass', {
        templateId: templateA.id,
        dynamicData: { name: 'Jane' },
        projectId: projectB,
        devices: { total: 7 },
        downloads: 9,
        firstRegisterAt: '2026-01-01T00:00:00.000Z',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        projectId: projectA,
        devices: { total: 0 },
        downloads: 0,
        firstRegisterAt: null,
      });
    });

    it('refuses dynamic data that does not match the template, by field, and writes nothing', async () => {
      const cases: Array<[unknown, Array<{ path: string; message: string }>]> = [
        [{}, [{ path: '/dynamicData/name', message: "must have required property 'name'" }]],
        [
          { name: 'x'.repeat(21) },
          [{ path: '/dynamicData/name', message: 'must NOT have more than 20 characters' }],
        ],
        [{ name: 'Jane', points: -1 }, [{ path: '/dynamicData/points', message: 'must be >= 0' }]],
        [{ name: 'Jane', points: 1.5 }, [{ path: '/dynamicData/points', message: 'must be integer' }]],
        [
          { name: 'Jane', extra: 1 },
          [{ path: '/dynamicData/extra', message: 'must NOT have additional properties' }],
        ],
        [null, [{ path: '/dynamicData', message: 'must be object' }]],
      ];
      for (const [dynamicData, errors] of cases) {
        const error = await refused(
          'POST',
          'pass',
          { templateId: templateA.id, dynamicData },
          'Dynamic data does not match the template',
        );
        expect(error.errors).toEqual(errors);
      }
    });

    it('accepts dynamic data at the limits of the schema', async () => {
      const pass = await newPass({ name: 'x'.repeat(20), points: 0 });
      expect(pass.dynamicData).toEqual({ name: 'x'.repeat(20), points: 0 });
    });

    it('validates against the template as it is now, after its schema changed', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Jane' } });
      const loose = {
        ...DYNAMIC_DATA_SCHEMA,
        required: [],
        properties: { ...DYNAMIC_DATA_SCHEMA.properties, city: { type: 'string' } },
      };
      await api.call(admin, 'PATCH', `template/${template.id}`, { dynamicDataJsonSchema: loose });
      const created = await api.call(admin, 'POST', 'pass', {
        templateId: template.id,
        dynamicData: { city: 'Brno' },
      });
      expect(created.statusCode).toBe(201);
      await api.call(admin, 'PATCH', `template/${template.id}`, {
        dynamicDataJsonSchema: DYNAMIC_DATA_SCHEMA,
      });
      const refusedNow = await api.call(admin, 'POST', 'pass', {
        templateId: template.id,
        dynamicData: { city: 'Brno' },
      });
      expectError(refusedNow, 400, 'Dynamic data does not match the template');
    });

    it('takes no dynamic data when the template allows null (the default schema)', async () => {
      const template = await api.created(admin, 'template', {
        ...templateBody(projectA),
        dynamicDataJsonSchema: undefined,
      });
      const pass = await api.created(admin, 'pass', { templateId: template.id });
      expect(pass.dynamicData).toBeNull();
    });

    it('refuses an unknown or deleted template, naming templateId', async () => {
      const deleted = await api.created(admin, 'template', templateBody(projectA));
      await api.call(admin, 'DELETE', `template/${deleted.id}`);
      for (const templateId of [MISSING_ID, deleted.id]) {
        const error = await refused(
          'POST',
          'pass',
          { templateId, dynamicData: { name: 'Jane' } },
          /templateId/,
        );
        expect(error.errors).toEqual([
          { path: '/templateId', message: 'The template (templateId) was not found.' },
        ]);
      }
      const invalidId = expectError(await api.call(admin, 'POST', 'pass', { templateId: 'nope' }), 400);
      expect(invalidId.errors?.[0].path).toBe('templateId');
    });
  });

  describe('dynamic images', () => {
    let logoA: { id: string };
    let iconA: { id: string };
    let logoB: { id: string };

    beforeAll(async () => {
      logoA = await api.uploaded(admin, projectA, 'logo');
      iconA = await api.uploaded(admin, projectA, 'icon');
      logoB = await api.uploaded(admin, projectB, 'logo');
    });

    it('takes live images of the pass project, one per type or one per language', async () => {
      const pass = await newPass(
        { name: 'Jane' },
        { dynamicImages: { logo: { en: logoA.id, cs: logoA.id }, icon: iconA.id } },
      );
      expect(pass.dynamicImages).toEqual({ logo: { en: logoA.id, cs: logoA.id }, icon: iconA.id });
    });

    it('refuses images of another project, deleted images, another type and a translated icon', async () => {
      const deleted = await api.uploaded(admin, projectA, 'logo');
      await api.call(admin, 'DELETE', `image/${deleted.id}`);
      const error = await refused(
        'POST',
        'pass',
        {
          templateId: templateA.id,
          dynamicData: { name: 'Jane' },
          dynamicImages: { logo: logoB.id, strip: { en: deleted.id, cs: logoA.id }, icon: { en: iconA.id } },
        },
        'Some images cannot be used here.',
      );
      expect(error.errors).toEqual([
        { path: '/dynamicImages/icon', message: 'Icon images cannot be translated' },
        { path: '/dynamicImages/logo', message: 'The image was not found in this project.' },
        { path: '/dynamicImages/strip/en', message: 'The image was not found in this project.' },
        {
          path: '/dynamicImages/strip/cs',
          message: 'An image of type strip is needed here; this one is of type logo.',
        },
      ]);
    });

    it('checks them on update too', async () => {
      const pass = await newPass();
      await refused(
        'PATCH',
        `pass/${pass.id}`,
        { dynamicImages: { logo: logoB.id } },
        'Some images cannot be used here.',
      );
      const patched = await api.call(admin, 'PATCH', `pass/${pass.id}`, {
        dynamicImages: { logo: logoA.id },
      });
      expect(patched.json().dynamicImages).toEqual({ logo: logoA.id });
    });
  });

  describe('update', () => {
    it('saves voided, expiration date and dynamic data', async () => {
      const pass = await newPass();
      const response = await api.call(admin, 'PATCH', `pass/${pass.id}`, {
        voided: true,
        expirationDate: '2031-05-01T10:00:00.000Z',
        dynamicData: { name: 'John' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        voided: true,
        expirationDate: '2031-05-01T10:00:00.000Z',
        dynamicData: { name: 'John' },
      });
      const cleared = await api.call(admin, 'PATCH', `pass/${pass.id}`, {
        expirationDate: null,
        voided: false,
      });
      expect(cleared.json()).toMatchObject({ voided: false, expirationDate: null });
    });

    it('takes back what GET answered (read-only fields are ignored)', async () => {
      const pass = await newPass();
      const response = await api.call(admin, 'PUT', `pass/${pass.id}`, {
        ...pass,
        voided: true,
        devices: { total: 3 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ voided: true, devices: { total: 0 }, projectId: projectA });
    });

    it('refuses dynamic data that does not match, leaving the pass as it was', async () => {
      const pass = await newPass();
      const error = await refused(
        'PATCH',
        `pass/${pass.id}`,
        { dynamicData: { name: 7 } },
        'Dynamic data does not match the template',
      );
      expect(error.errors).toEqual([{ path: '/dynamicData/name', message: 'must be string' }]);
    });

    it('moves a pass to another template of its project, checking its data against that template', async () => {
      const pass = await newPass();
      const moved = await api.call(admin, 'PATCH', `pass/${pass.id}`, { templateId: otherTemplateA.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ templateId: otherTemplateA.id, projectId: projectA });
      const strict = await api.created(
        admin,
        'template',
        templateBody(projectA, {
          dynamicDataJsonSchema: { type: 'object', required: ['code'] },
        }),
      );
      const error = await refused(
        'PATCH',
        `pass/${pass.id}`,
        { templateId: strict.id },
        'Dynamic data does not match the template',
      );
      expect(error.errors).toEqual([
        { path: '/dynamicData/code', message: "must have required property 'code'" },
      ]);
    });

    it("refuses to move a pass to another project's template, naming templateId", async () => {
      const pass = await newPass();
      const error = await refused(
        'PATCH',
        `pass/${pass.id}`,
        { templateId: templateB.id },
        "The template (templateId) must be a template of the pass's project: a pass cannot move to another project.",
      );
      expect(error.errors?.[0].path).toBe('/templateId');
      await refused(
        'PUT',
        `pass/${pass.id}`,
        { templateId: templateB.id, dynamicData: { name: 'Jane' } },
        /templateId/,
      );
    });
  });

  describe('deletion', () => {
    it('deletes softly: 200 with the deleted pass, then 404 on GET and on a second DELETE', async () => {
      const pass = await newPass();
      const before = await api.count('pass');
      const deleted = await api.call(admin, 'DELETE', `pass/${pass.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id: pass.id, deletedAt: expect.any(String) });
      expect(await api.count('pass')).toBe(before - 1);
      expectError(await api.call(admin, 'GET', `pass/${pass.id}`), 404, 'Pass was not found.');
      expectError(await api.call(admin, 'DELETE', `pass/${pass.id}`), 404, 'Pass was not found.');
      const row = await server()
        .context.db.selectFrom('pass')
        .select('deletedAt')
        .where('id', '=', pass.id)
        .executeTakeFirst();
      expect(row?.deletedAt).toBeInstanceOf(Date);
    });
  });

  describe('rights on the project', () => {
    it('lets PASS_READ list and read, and nothing more', async () => {
      const pass = await newPass();
      const reader = await userWith(Right.PASS_READ);
      expect((await api.call(reader, 'GET', `pass/${pass.id}`)).statusCode).toBe(200);
      expect((await api.call(reader, 'GET', 'pass')).statusCode).toBe(200);
      const before = await api.count('pass');
      expectError(
        await api.call(reader, 'POST', 'pass', { templateId: templateA.id, dynamicData: { name: 'J' } }),
        403,
        /PASS_CREATE/,
      );
      expectError(await api.call(reader, 'PATCH', `pass/${pass.id}`, { voided: true }), 403, /PASS_UPDATE/);
      expectError(await api.call(reader, 'DELETE', `pass/${pass.id}`), 403, /PASS_DELETE/);
      expect(await api.count('pass')).toBe(before);
    });

    it("gives a PASS_READ holder without TEMPLATE_READ the name of each pass's template, as it is now", async () => {
      const pass = await api.created(admin, 'pass', {
        templateId: otherTemplateA.id,
        dynamicData: { name: 'J' },
      });
      const reader = await userWith(Right.PASS_READ);
      expect((await api.call(reader, 'GET', `pass/${pass.id}`)).json().templateName).toBe('Other');
      await api.call(admin, 'PATCH', `template/${otherTemplateA.id}`, { name: 'Other renamed' });
      const list = await server().call(reader, {
        method: 'GET',
        url: '/api/core/v1/pass',
        query: { where: JSON.stringify({ id: pass.id }) },
      });
      expect(list.json().data.map((row: { templateName: string }) => row.templateName)).toEqual([
        'Other renamed',
      ]);
      await api.call(admin, 'PATCH', `template/${otherTemplateA.id}`, { name: 'Other' });
    });

    it('answers 403 to a list without PASS_READ anywhere, and 404 by id', async () => {
      const pass = await newPass();
      const templateReader = await userWith(Right.TEMPLATE_READ | Right.PASS_CREATE);
      expectError(await api.call(templateReader, 'GET', 'pass'), 403);
      expectError(await api.call(templateReader, 'GET', `pass/${pass.id}`), 404);
    });

    it('lets PASS_CREATE create, PASS_UPDATE edit and PASS_DELETE delete', async () => {
      const creator = await userWith(Right.PASS_CREATE);
      const created = await api.call(creator, 'POST', 'pass', {
        templateId: templateA.id,
        dynamicData: { name: 'J' },
      });
      expect(created.statusCode).toBe(201);
      const updater = await userWith(Right.PASS_READ | Right.PASS_UPDATE);
      expect(
        (await api.call(updater, 'PATCH', `pass/${created.json().id}`, { voided: true })).json().voided,
      ).toBe(true);
      const deleter = await userWith(Right.PASS_READ | Right.PASS_DELETE);
      expect((await api.call(deleter, 'DELETE', `pass/${created.json().id}`)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let project: string;
    let template: { id: string };
    let passes: Array<{ id: string }>;

    beforeAll(async () => {
      project = await server().createProject('Pass list');
      template = await api.created(admin, 'template', templateBody(project));
      passes = [];
      for (const name of ['Ann', 'Bob', 'Cyril', 'Dana'])
        passes.push(await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name } }));
      // what the wallet service will write: devices and downloads
      for (const [index, devices] of [
        [0, 2],
        [1, 1],
      ] as const)
        await server()
          .context.db.updateTable('pass')
          .set({ devicesTotal: devices, downloads: devices * 10 })
          .where('id', '=', passes[index].id)
          .execute();
      await api.call(admin, 'PATCH', `pass/${passes[3].id}`, { voided: true });
    });

    const names = async (where: Record<string, unknown>, query: Record<string, string> = {}) => {
      const response = await server().call(admin, {
        method: 'GET',
        url: '/api/core/v1/pass',
        query: { where: JSON.stringify({ templateId: template.id, ...where }), limit: '100', ...query },
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data as Array<{ dynamicData: { name: string } }>).map(
        (pass) => pass.dynamicData.name,
      );
    };

    it('filters by devices.total (in wallet or not) and by downloads', async () => {
      expect(await names({ 'devices.total': { $gt: 0 } })).toEqual(['Ann', 'Bob']);
      expect(await names({ 'devices.total': 0 })).toEqual(['Cyril', 'Dana']);
      expect(await names({ 'devices.total': { gtOrEq: 2 } })).toEqual(['Ann']);
      expect(await names({ downloads: { $gt: 0 } })).toEqual(['Ann', 'Bob']);
      expect(await names({ downloads: 0 })).toEqual(['Cyril', 'Dana']);
    });

    it('sorts by devices.total both ways (ties by id)', async () => {
      const descending = await names({}, { orderBy: 'devices.total', order: 'desc' });
      expect(descending.slice(0, 2)).toEqual(['Ann', 'Bob']);
      expect(descending.slice(2).sort()).toEqual(['Cyril', 'Dana']);
      const ascending = await names({}, { orderBy: 'devices.total', order: 'asc' });
      expect(ascending.slice(2)).toEqual(['Bob', 'Ann']);
    });

    it('filters by dynamic data, voided, id, project and creation day', async () => {
      expect(await names({ dynamicData: { $like: 'cyr' } })).toEqual(['Cyril']);
      expect(await names({ voided: true })).toEqual(['Dana']);
      expect(await names({ id: { $inUuid: [passes[0].id, passes[2].id] } })).toEqual(['Ann', 'Cyril']);
      expect(await names({ projectId: project })).toEqual(['Ann', 'Bob', 'Cyril', 'Dana']);
      const today = new Date().toISOString().slice(0, 10);
      expect(await names({ createdAt: { $day: today }, expirationDate: null })).toHaveLength(4);
    });

    it('answers 400 for a filter on a field that cannot be filtered', async () => {
      const response = await server().call(admin, {
        method: 'GET',
        url: '/api/core/v1/pass',
        query: { where: JSON.stringify({ devicesTotal: 1 }) },
      });
      expectError(response, 400, /Unknown filter field "devicesTotal"/);
    });
  });

  describe('cross-project isolation of a user with every right on A and none on B', () => {
    let owner: string;
    let passB: { id: string };
    let imageB: { id: string };
    let passA: { id: string };

    beforeAll(async () => {
      const user = await server().createUser();
      await server().setRights(projectA, user.id, ALL_RIGHTS);
      owner = user.token;
      passB = await api.created(admin, 'pass', {
        templateId: templateB.id,
        dynamicData: { name: 'Secret B' },
      });
      imageB = await api.uploaded(admin, projectB, 'icon');
      passA = await api.created(owner, 'pass', { templateId: templateA.id, dynamicData: { name: 'Mine' } });
    });

    it('answers 404 for every project-B template, pass and image by id, exactly as for a missing id', async () => {
      const cases: Array<[string, string, unknown]> = [
        ['template', templateB.id, templateBody(projectA, { name: 'Taken' })],
        ['pass', passB.id, { templateId: templateA.id, dynamicData: { name: 'Taken' } }],
        ['image', imageB.id, { name: 'Taken' }],
      ];
      for (const [resource, id, body] of cases) {
        const missing = expectError(await api.call(owner, 'GET', `${resource}/${MISSING_ID}`), 404);
        for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
          const response = await api.call(
            owner,
            method,
            `${resource}/${id}`,
            method === 'PUT' || method === 'PATCH' ? body : undefined,
          );
          expect({ resource, method, status: response.statusCode, body: response.json() }).toEqual({
            resource,
            method,
            status: 404,
            body: missing,
          });
        }
      }
      expect((await api.call(admin, 'GET', `pass/${passB.id}`)).json().dynamicData).toEqual({
        name: 'Secret B',
      });
      expect((await api.call(admin, 'GET', `template/${templateB.id}`)).json().projectId).toBe(projectB);
      expect((await api.call(admin, 'GET', `image/${imageB.id}`)).json().name).toBe('icon.png');
    });

    it('never lists them, whatever the filter, order or page', async () => {
      const secrets = [templateB.id, passB.id, imageB.id, projectB];
      const wheres: Array<[string, Record<string, unknown>]> = [
        ['template', { id: templateB.id }],
        ['template', { projectId: projectB }],
        ['template', { projectId: { $in: [projectA, projectB] } }],
        ['template', { name: { $like: '' } }],
        ['pass', { id: { $inUuid: [passB.id] } }],
        ['pass', { projectId: projectB }],
        ['pass', { templateId: templateB.id }],
        ['pass', { dynamicData: { $like: 'Secret' } }],
        ['pass', { 'devices.total': 0 }],
        ['pass', {}],
        ['image', { id: imageB.id }],
        ['image', { projectId: projectB }],
        ['image', { type: 'icon' }],
        ['image', { name: { $like: 'icon' } }],
      ];
      const queries: Array<Record<string, string>> = [
        {},
        { orderBy: 'updatedAt', order: 'desc' },
        { orderBy: 'createdAt', order: 'asc', limit: '1', page: '2' },
      ];
      for (const [resource, where] of wheres) {
        for (const query of queries) {
          const options: InjectOptions = {
            method: 'GET',
            url: `/api/core/v1/${resource}`,
            query: { where: JSON.stringify(where), limit: '1000', ...query },
          };
          const response = await server().call(owner, options);
          expect(response.statusCode).toBe(200);
          for (const secret of secrets) expect(response.body).not.toContain(secret);
        }
      }
    });

    it('cannot create a pass in B through the rights on A, nor move a pass of A there', async () => {
      const error = await refused(
        'POST',
        'pass',
        { templateId: templateB.id, dynamicData: { name: 'Sneaky' } },
        'The template (templateId) was not found.',
        owner,
      );
      expect(error.errors).toEqual([
        { path: '/templateId', message: 'The template (templateId) was not found.' },
      ]);
      const missing = await refused(
        'POST',
        'pass',
        { templateId: MISSING_ID, dynamicData: { name: 'S' } },
        /templateId/,
        owner,
      );
      expect(missing).toEqual(error);
      await refused('PATCH', `pass/${passA.id}`, { templateId: templateB.id }, /templateId/, owner);
      const batch = await api.call(owner, 'POST', 'pass/batch', [
        { method: 'POST', data: { templateId: templateB.id, dynamicData: { name: 'Batch' } } },
      ]);
      expect(batch.json()[0].status.code).toBe(400);
    });

    it("cannot create templates or images in B, nor use B's images", async () => {
      const templates = await api.count('template');
      const images = await api.count('image');
      expectError(await api.call(owner, 'POST', 'template', templateBody(projectB)), 403);
      expectError(
        await api.upload(owner, { projectId: projectB, type: 'icon' }, [
          { name: 'icon.png', data: png(58, 58) },
        ]),
        403,
      );
      await refused(
        'PATCH',
        `pass/${passA.id}`,
        { dynamicImages: { icon: imageB.id } },
        'Some images cannot be used here.',
        owner,
      );
      expect(await api.count('template')).toBe(templates);
      expect(await api.count('image')).toBe(images);
    });
  });
});
