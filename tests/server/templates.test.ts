import { Right } from '../../domain/rights';
import { describeOnEachDatabase } from './harness';
import { MISSING_ID, coreApi, expectError, jsonTemplate, templateBody } from './passFixtures';

// Each test makes users (Argon2 hashing) and several calls; a busy two-core machine needs more than 5 s.
jest.setTimeout(30_000);

describeOnEachDatabase('templates', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Templates A');
    projectB = await server().createProject('Templates B');
  });

  /** A user with exactly these rights on project A (and, if given, on project B). */
  const userWith = async (rightsOnA: number, rightsOnB?: number) => {
    const user = await server().createUser();
    await server().setRights(projectA, user.id, rightsOnA);
    if (rightsOnB !== undefined) await server().setRights(projectB, user.id, rightsOnB);
    return user.token;
  };

  /** Creation that must fail: the answer's body, after checking that no template was written. */
  const refusedCreation = async (
    body: unknown,
    status = 400,
    message: RegExp | string = 'Template is invalid',
  ) => {
    const before = await api.count('template');
    const error = expectError(await api.call(admin, 'POST', 'template', body), status, message);
    expect(await api.count('template')).toBe(before);
    return error;
  };

  describe('creation', () => {
    it('answers 201 with the defaults of a new template and valid true', async () => {
      const response = await api.call(admin, 'POST', 'template', {
        name: '  Coupon  ',
        projectId: projectA,
        jsonTemplate: jsonTemplate(),
        languages: ['en', 'cs'],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Coupon',
        projectId: projectA,
        certificateId: null,
        jsonTemplate: jsonTemplate(),
        dynamicDataJsonSchema: { type: ['object', 'null'], title: 'DynamicData', properties: {} },
        jsonSchema: { type: ['object', 'null'], title: 'DynamicData', properties: {} },
        languages: ['en', 'cs'],
        images: {},
        translations: {},
        distributable: false,
        valid: true,
        saveToGooglePayObjectTemplate: null,
        googleWallet: null,
        trackLinks: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        deletedAt: null,
      });
      const read = await api.call(admin, 'GET', `template/${response.json().id}`);
      expect(read.json()).toEqual(response.json());
    });

    it('keeps what was given for the optional fields', async () => {
      const body = templateBody(projectA, {
        translations: { en: { hello: 'Hello' } },
        distributable: true,
        saveToGooglePayObjectTemplate: { cardTitle: 'Card' },
      });
      const created = await api.created(admin, 'template', body);
      expect(created).toMatchObject({
        dynamicDataJsonSchema: body.dynamicDataJsonSchema,
        translations: { en: { hello: 'Hello' } },
        distributable: true,
        saveToGooglePayObjectTemplate: { cardTitle: 'Card' },
      });
    });

    it('refuses a placeholder without fallback, by path, and writes nothing', async () => {
      const body = templateBody(projectA, {
        jsonTemplate: jsonTemplate({
          storeCard: {
            primaryFields: [{ key: 'name', label: 'Name', value: { type: 'string', value: '#{name}' } }],
          },
        }),
      });
      const error = await refusedCreation(body);
      expect(error.errors).toEqual([
        {
          path: '/jsonTemplate/storeCard/primaryFields/0/value/fallback',
          message: 'Fallback value cannot be empty',
        },
      ]);
    });

    it("refuses the colour 'rgb(256,0,0)' and accepts 'rgb(255,0,0)'", async () => {
      const error = await refusedCreation(
        templateBody(projectA, { jsonTemplate: jsonTemplate({ backgroundColor: 'rgb(256,0,0)' }) }),
      );
      expect(error.errors).toEqual([
        { path: '/jsonTemplate/backgroundColor', message: 'Please enter a correct value' },
      ]);
      const created = await api.created(
        admin,
        'template',
        templateBody(projectA, { jsonTemplate: jsonTemplate({ backgroundColor: 'rgb(255,0,0)' }) }),
      );
      expect(created.valid).toBe(true);
    });

    it('refuses a pass.json of the wrong structure with the schema errors', async () => {
      const { organizationName: _dropped, ...withoutOrganization } = jsonTemplate();
      const missing = await refusedCreation(templateBody(projectA, { jsonTemplate: withoutOrganization }));
      expect(missing.errors).toEqual([
        { path: '/jsonTemplate', message: "must have required property 'organizationName'" },
      ]);
      const unknown = await refusedCreation(
        templateBody(projectA, { jsonTemplate: jsonTemplate({ colour: 'red' }) }),
      );
      expect(unknown.errors).toEqual([
        { path: '/jsonTemplate/colour', message: 'must NOT have additional properties' },
      ]);
    });

    it('refuses an unknown language, an invalid dynamic data schema and a translated icon', async () => {
      const language = await refusedCreation(templateBody(projectA, { languages: ['en', 'xx'] }));
      expect(language.errors).toEqual([
        { path: '/languages/1', message: 'must be equal to one of the allowed values' },
      ]);
      const schema = await refusedCreation(
        templateBody(projectA, { dynamicDataJsonSchema: { type: 'nonsense' } }),
      );
      expect(schema.errors).toEqual([
        { path: '/dynamicDataJsonSchema', message: expect.stringMatching(/^is not a valid JSON Schema/) },
      ]);
      const icon = await refusedCreation(templateBody(projectA, { images: { icon: { en: MISSING_ID } } }));
      expect(icon.errors).toEqual([{ path: '/images/icon', message: 'Icon images cannot be translated' }]);
    });

    it('refuses a body that is not JSON, and one without languages, before any rule', async () => {
      const before = await api.count('template');
      const notJson = await server().call(admin, {
        method: 'POST',
        url: '/api/core/v1/template',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Broken", "jsonTemplate": {',
      });
      expectError(notJson, 400, 'The request body is not valid JSON.');
      const noLanguage = expectError(
        await api.call(admin, 'POST', 'template', templateBody(projectA, { languages: [] })),
        400,
      );
      expect(noLanguage.errors).toEqual([
        { path: 'languages', message: expect.stringMatching(/fewer than 1/) },
      ]);
      const twice = expectError(
        await api.call(admin, 'POST', 'template', templateBody(projectA, { languages: ['en', 'en'] })),
        400,
      );
      expect(twice.errors?.[0].path).toBe('languages');
      expect(await api.count('template')).toBe(before);
    });

    it('refuses a project that does not exist', async () => {
      const error = await refusedCreation(templateBody(MISSING_ID), 400, 'The project was not found.');
      expect(error.errors).toEqual([{ path: '/projectId', message: 'The project was not found.' }]);
    });
  });

  describe('certificate and images', () => {
    let certificateA: string;
    let certificateB: string;

    beforeAll(async () => {
      certificateA = (await api.created(admin, 'certificate', { name: 'Cert A', projectId: projectA })).id;
      certificateB = (await api.created(admin, 'certificate', { name: 'Cert B', projectId: projectB })).id;
    });

    it('takes a certificate of the same project', async () => {
      const created = await api.created(
        admin,
        'template',
        templateBody(projectA, { certificateId: certificateA }),
      );
      expect(created.certificateId).toBe(certificateA);
    });

    it('refuses a certificate of another project, a deleted one and an unknown one', async () => {
      const deleted = (await api.created(admin, 'certificate', { name: 'Gone', projectId: projectA })).id;
      expect((await api.call(admin, 'DELETE', `certificate/${deleted}`)).statusCode).toBe(200);
      for (const certificateId of [certificateB, deleted, MISSING_ID]) {
        const error = await refusedCreation(
          templateBody(projectA, { certificateId }),
          400,
          "The certificate was not found in the template's project.",
        );
        expect(error.errors).toEqual([{ path: '/certificateId', message: expect.any(String) }]);
      }
    });

    it('refuses a certificate of another project on update too', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      const error = expectError(
        await api.call(admin, 'PATCH', `template/${template.id}`, { certificateId: certificateB }),
        400,
      );
      expect(error.errors?.[0].path).toBe('/certificateId');
      expect((await api.call(admin, 'GET', `template/${template.id}`)).json()).toEqual(template);
    });

    it('takes images of its project and of the right type only', async () => {
      const logoA = await api.uploaded(admin, projectA, 'logo');
      const iconA = await api.uploaded(admin, projectA, 'icon');
      const logoB = await api.uploaded(admin, projectB, 'logo');
      const created = await api.created(
        admin,
        'template',
        templateBody(projectA, { images: { logo: { en: logoA.id }, icon: iconA.id } }),
      );
      expect(created.images).toEqual({ logo: { en: logoA.id }, icon: iconA.id });
      const error = await refusedCreation(
        templateBody(projectA, { images: { logo: logoB.id, strip: iconA.id } }),
        400,
        'Some images cannot be used here.',
      );
      expect(error.errors).toEqual([
        { path: '/images/logo', message: 'The image was not found in this project.' },
        {
          path: '/images/strip',
          message: 'An image of type strip is needed here; this one is of type icon.',
        },
      ]);
    });
  });

  describe('update', () => {
    it('saves a valid change and refuses an invalid one, leaving the row as it was', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      const patched = await api.call(admin, 'PATCH', `template/${template.id}`, {
        name: 'Renamed',
        jsonTemplate: jsonTemplate({ labelColor: 'rgb(1, 2, 3)' }),
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ name: 'Renamed', valid: true });
      const error = expectError(
        await api.call(admin, 'PUT', `template/${template.id}`, {
          ...templateBody(projectA),
          jsonTemplate: jsonTemplate({ foregroundColor: 'rgb(256,0,0)' }),
        }),
        400,
        'Template is invalid',
      );
      expect(error.errors).toEqual([
        { path: '/jsonTemplate/foregroundColor', message: 'Please enter a correct value' },
      ]);
      expect((await api.call(admin, 'GET', `template/${template.id}`)).json()).toEqual(patched.json());
    });

    it('takes back what GET answered (read-only fields are ignored)', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      const response = await api.call(admin, 'PUT', `template/${template.id}`, {
        ...template,
        name: 'Round trip',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: template.id, name: 'Round trip', valid: true });
    });

    it('answers valid false for a stored template that no longer validates', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      await server()
        .context.db.updateTable('template')
        .set({ jsonTemplate: JSON.stringify(jsonTemplate({ labelColor: 'rgb(300,0,0)' })) })
        .where('id', '=', template.id)
        .execute();
      expect((await api.call(admin, 'GET', `template/${template.id}`)).json().valid).toBe(false);
    });

    it('refuses to move a template that has live passes to another project, and moves it once they are deleted', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      const pass = await api.created(admin, 'pass', {
        templateId: template.id,
        dynamicData: { name: 'Jane' },
      });
      const error = expectError(
        await api.call(admin, 'PATCH', `template/${template.id}`, { projectId: projectB }),
        400,
        /cannot move to another project/,
      );
      expect(error.errors?.[0].path).toBe('/projectId');
      expect((await api.call(admin, 'GET', `template/${template.id}`)).json().projectId).toBe(projectA);
      expect((await api.call(admin, 'DELETE', `pass/${pass.id}`)).statusCode).toBe(200);
      const moved = await api.call(admin, 'PATCH', `template/${template.id}`, { projectId: projectB });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().projectId).toBe(projectB);
    });

    it('moves a template only for a holder of TEMPLATE_CREATE on the new project', async () => {
      const template = await api.created(admin, 'template', templateBody(projectA));
      const updaterOnly = await userWith(Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE, Right.TEMPLATE_READ);
      expectError(
        await api.call(updaterOnly, 'PATCH', `template/${template.id}`, { projectId: projectB }),
        403,
      );
      const creatorOnB = await userWith(Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE, Right.TEMPLATE_CREATE);
      const moved = await api.call(creatorOnB, 'PATCH', `template/${template.id}`, { projectId: projectB });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().projectId).toBe(projectB);
    });
  });

  describe('rights', () => {
    let template: { id: string };
    beforeAll(async () => {
      template = await api.created(admin, 'template', templateBody(projectA));
    });

    it('lets TEMPLATE_READ list and read, and nothing more', async () => {
      const reader = await userWith(Right.TEMPLATE_READ);
      expect((await api.call(reader, 'GET', 'template')).statusCode).toBe(200);
      expect((await api.call(reader, 'GET', `template/${template.id}`)).statusCode).toBe(200);
      expectError(await api.call(reader, 'POST', 'template', templateBody(projectA)), 403, /TEMPLATE_CREATE/);
      expectError(
        await api.call(reader, 'PATCH', `template/${template.id}`, { name: 'x' }),
        403,
        /TEMPLATE_UPDATE/,
      );
      expectError(await api.call(reader, 'DELETE', `template/${template.id}`), 403, /TEMPLATE_DELETE/);
    });

    it('answers 403 to a list without TEMPLATE_READ anywhere, and 404 by id', async () => {
      const passReader = await userWith(Right.PASS_READ | Right.TEMPLATE_CREATE);
      expectError(await api.call(passReader, 'GET', 'template'), 403);
      expectError(await api.call(passReader, 'GET', `template/${template.id}`), 404);
    });

    it('lets TEMPLATE_CREATE create in its project only', async () => {
      const creator = await userWith(Right.TEMPLATE_CREATE);
      expect((await api.call(creator, 'POST', 'template', templateBody(projectA))).statusCode).toBe(201);
      const before = await api.count('template');
      expectError(await api.call(creator, 'POST', 'template', templateBody(projectB)), 403);
      expect(await api.count('template')).toBe(before);
    });

    it('lets TEMPLATE_UPDATE edit and TEMPLATE_DELETE delete; a deleted template answers 404', async () => {
      const own = await api.created(admin, 'template', templateBody(projectA));
      const editor = await userWith(Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE);
      expect((await api.call(editor, 'PATCH', `template/${own.id}`, { name: 'Edited' })).json().name).toBe(
        'Edited',
      );
      const deleter = await userWith(Right.TEMPLATE_READ | Right.TEMPLATE_DELETE);
      expect((await api.call(deleter, 'DELETE', `template/${own.id}`)).statusCode).toBe(200);
      expectError(await api.call(deleter, 'GET', `template/${own.id}`), 404);
      expectError(await api.call(deleter, 'DELETE', `template/${own.id}`), 404);
    });
  });

  describe('list', () => {
    it('filters by name, project and certificate, and sorts by name', async () => {
      const project = await server().createProject('Templates list');
      for (const name of ['Beta', 'Alpha', 'Gamma'])
        await api.created(admin, 'template', templateBody(project, { name }));
      const response = await server().call(admin, {
        method: 'GET',
        url: '/api/core/v1/template',
        query: {
          where: JSON.stringify({ projectId: project, name: { $like: 'a' }, certificateId: null }),
          orderBy: 'name',
          order: 'desc',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().totalCount).toBe(3);
      expect(response.json().data.map((row: { name: string }) => row.name)).toEqual([
        'Gamma',
        'Beta',
        'Alpha',
      ]);
    });
  });
});
