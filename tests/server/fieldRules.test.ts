import type { LightMyRequestResponse } from 'fastify';
import { describeOnEachDatabase, expectError } from './harness';
import { GOOD_SIZES, coreApi, png, templateBody, ticketTemplateBody } from './passFixtures';

jest.setTimeout(60_000);

const CORE = '/api/core/v1';
const TICKET = '/api/ticket/v1';

/** A resource with a name: where it lives and the body of a new one named `name`. */
interface Named {
  resource: string;
  base: string;
  /** the fewest characters a name may have, once trimmed */
  minimum: number;
  body(name: string): Record<string, unknown>;
}

/** What the API says of a name too short once trimmed: the same words as the console's forms. */
const tooShort = (item: Named) =>
  item.minimum === 1 ? 'must not be empty' : `must be at least ${item.minimum} characters long`;

function expectFieldError(response: LightMyRequestResponse, path: string, message: string | RegExp) {
  const error = expectError(response, 400);
  expect(error.errors).toEqual(expect.arrayContaining([{ path, message: expect.stringMatching(message) }]));
}

describeOnEachDatabase('field rules: text is trimmed before validation', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectId: string;
  let eshopId: string;
  let templateId: string;
  let imageId: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    server().call(admin, { method, url, ...(payload ? { payload } : {}) });

  const named: Named[] = [
    { resource: 'project', base: CORE, minimum: 1, body: (name) => ({ name }) },
    { resource: 'template', base: CORE, minimum: 1, body: (name) => templateBody(projectId, { name }) },
    { resource: 'certificate', base: CORE, minimum: 1, body: (name) => ({ name, projectId }) },
    { resource: 'apiClient', base: CORE, minimum: 1, body: (name) => ({ name }) },
    { resource: 'eshop', base: TICKET, minimum: 1, body: (name) => ({ name, projectId }) },
    {
      resource: 'product',
      base: TICKET,
      minimum: 3,
      body: (name) => ({
        eshopId,
        name,
        priceWithoutVat: 100,
        vat: 0.21,
        templateIds: [templateId],
        title: { cs: 'Dospělý' },
        period: { periodType: 'days', daysMaximalValidity: 30 },
      }),
    },
  ];

  /** Live rows of the resource with exactly this name, straight from the API. */
  const countNamed = async (item: Named, name: string) => {
    const where = encodeURIComponent(JSON.stringify({ name: { $eq: name } }));
    const response = await call('GET', `${item.base}/${item.resource}?where=${where}`);
    expect(response.statusCode).toBe(200);
    return response.json().totalCount as number;
  };

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('Field rules');
    templateId = (await api.created(admin, 'template', ticketTemplateBody(projectId))).id;
    const eshop = await call('POST', `${TICKET}/eshop`, { name: 'Zoo', projectId });
    expect(eshop.statusCode).toBe(201);
    eshopId = eshop.json().id;
    imageId = (await api.uploaded(admin, projectId, 'icon')).id;
  });

  describe.each(named.map((item) => [item.resource, item] as const))('%s', (_resource, item) => {
    it('refuses a name of spaces as empty (or too short) and stores nothing', async () => {
      const before = await countNamed(item, '');
      expectFieldError(
        await call('POST', `${item.base}/${item.resource}`, item.body('   ')),
        'name',
        tooShort(item),
      );
      expect(await countNamed(item, '')).toBe(before);
    });

    it('stores a name without its surrounding spaces', async () => {
      const response = await call('POST', `${item.base}/${item.resource}`, item.body('  abc '));
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe('abc');
      const read = await call('GET', `${item.base}/${item.resource}/${response.json().id}`);
      expect(read.json().name).toBe('abc');
    });

    it('refuses a blank name on PUT and PATCH and keeps the stored one', async () => {
      const created = await call('POST', `${item.base}/${item.resource}`, item.body('Kept name'));
      expect(created.statusCode).toBe(201);
      const url = `${item.base}/${item.resource}/${created.json().id}`;
      expectFieldError(await call('PATCH', url, { name: ' \t ' }), 'name', tooShort(item));
      expectFieldError(await call('PUT', url, item.body('   ')), 'name', tooShort(item));
      expect((await call('GET', url)).json().name).toBe('Kept name');
      const renamed = await call('PATCH', url, { name: '  Renamed  ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Renamed');
    });
  });

  it('counts the minimum of a product name after trimming: "  ab " is too short, "  abc " is stored as "abc"', async () => {
    const product = named.find((item) => item.resource === 'product') as Named;
    expect(product.minimum).toBe(3);
    expectFieldError(
      await call('POST', `${TICKET}/product`, product.body('  ab ')),
      'name',
      'must be at least 3 characters long',
    );
    expect(await countNamed(product, 'ab')).toBe(0);
    const created = await call('POST', `${TICKET}/product`, product.body('  abc '));
    expect(created.json().name).toBe('abc');
    expectFieldError(
      await call('PATCH', `${TICKET}/product/${created.json().id}`, { name: ' ab  ' }),
      'name',
      'must be at least 3 characters long',
    );
  });

  it('renames an image without the surrounding spaces and refuses a blank name', async () => {
    const url = `${CORE}/image/${imageId}`;
    expectFieldError(await call('PATCH', url, { name: '   ' }), 'name', 'must not be empty');
    const renamed = await call('PUT', url, { name: ' Logo ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Logo');
    const [width, height] = GOOD_SIZES.icon;
    const upload = await api.upload(admin, { projectId, type: 'icon', name: '  Icon two ' }, [
      { name: 'icon.png', data: png(width, height) },
    ]);
    expect(upload.statusCode).toBe(201);
    expect(upload.json().name).toBe('Icon two');
  });

  it('trims each item of a batch the same way: a blank name fails alone, a padded one is stored trimmed', async () => {
    const response = await call('POST', `${CORE}/project/batch`, [
      { method: 'POST', data: { name: '   ' } },
      { method: 'POST', data: { name: '  Batch project ' } },
    ]);
    expect(response.statusCode).toBe(200);
    const [blank, padded] = response.json();
    expect(blank.status).toEqual({ code: 400, message: ['name: must not be empty'] });
    expect(padded.status.code).toBe(201);
    expect(padded.data.name).toBe('Batch project');
  });

  it("trims a user's e-mail and name but keeps every character of the password", async () => {
    const password = '  Spaced-Passw0rd!  ';
    const response = await call('POST', `${CORE}/user`, {
      email: '  spaced@test.local ',
      displayName: ' Ann Spaced ',
      password,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(
      expect.objectContaining({ email: 'spaced@test.local', displayName: 'Ann Spaced' }),
    );
    await expect(server().login('spaced@test.local', password)).resolves.toEqual(expect.any(String));
    await expect(server().login('spaced@test.local', password.trim())).rejects.toThrow();
  });

  it("keeps JSON documents exactly as sent: a template's pass texts and a pass's dynamic data", async () => {
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, { name: 'Spaced texts', dynamicDataJsonSchema: { type: 'object' } }),
    );
    const patched = await call('PATCH', `${CORE}/template/${template.id}`, {
      jsonTemplate: { ...template.jsonTemplate, description: '  Padded description  ' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().jsonTemplate.description).toBe('  Padded description  ');
    const pass = await call('POST', `${CORE}/pass`, {
      templateId: template.id,
      dynamicData: { name: '  Ann ' },
    });
    expect(pass.statusCode).toBe(201);
    expect(pass.json().dynamicData).toEqual({ name: '  Ann ' });
  });
});
