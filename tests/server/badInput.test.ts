import Fastify, { type InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { ALL_RIGHTS } from '../../domain/rights';
import { installErrorHandler } from '../../server/kernel/http/errors';
import { ADMIN, describeOnEachDatabase, expectError } from './harness';
import { multipart, templateBody, ticketTemplateBody } from './passFixtures';

const NUL = '\u0000';
const T = '/api/ticket/v1';
const CHECKOUT = '/api/ticket/public/v1';
const where = (condition: unknown) => encodeURIComponent(JSON.stringify(condition));

/** Regressions of the fuzz suite's findings (issue 11, finding 7): bad input is a 4xx in the API's shape, never a 5xx. */
describeOnEachDatabase('bad input answers 4xx, never 5xx', (server) => {
  let admin: string;
  let projectId: string;
  let user: { id: string; email: string; password: string };
  let eshopId: string;
  let productId: string;
  let passId: string;
  let orderId: string;
  const call = (options: InjectOptions) => server().call(admin, options);
  const count = async (table: 'order' | 'walletLog') => {
    const db = server().context.db;
    const row = await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const order = (data: Record<string, unknown>) =>
    server().call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId, count: 1, data }] },
    });

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('Bad input');
    user = await server().createUser();
    const template = await call({
      method: 'POST',
      url: '/api/core/v1/template',
      payload: templateBody(projectId),
    });
    const templateId = template.json().id as string;
    const pass = await call({
      method: 'POST',
      url: '/api/core/v1/pass',
      payload: { templateId, dynamicData: { name: 'A' } },
    });
    passId = pass.json().id;
    const eshop = await call({
      method: 'POST',
      url: `${T}/eshop`,
      payload: { projectId, name: 'Shop', locales: ['cs'] },
    });
    eshopId = eshop.json().id;
    // a product issues its tickets from a template on the ticket contract
    const ticketTemplate = await call({
      method: 'POST',
      url: '/api/core/v1/template',
      payload: ticketTemplateBody(projectId),
    });
    const product = await call({
      method: 'POST',
      url: `${T}/product`,
      payload: {
        eshopId,
        name: 'Adult',
        active: true,
        priceWithoutVat: 100,
        vat: 0.21,
        templateIds: [ticketTemplate.json().id],
        title: { cs: 'Dospělý' },
        period: { periodType: 'days', daysMaximalValidity: 30 },
      },
    });
    productId = product.json().id;
    const placed = await order({ name: 'Buyer' });
    expect(placed.statusCode).toBe(201);
    orderId = placed.json().orderId;
  });

  test('a NUL character in a list filter answers 400 naming the field', async () => {
    const inWhere = await call({
      method: 'GET',
      url: `/api/core/v1/project?where=${where({ name: `a${NUL}` })}`,
    });
    expect(expectError(inWhere, 400, /"name" must not contain the NUL character/).errors).toEqual([
      { path: 'where', message: expect.stringMatching(/NUL/) },
    ]);
    const liked = await call({
      method: 'GET',
      url: `/api/core/v1/user?where=${where({ email: { $like: NUL } })}`,
    });
    expectError(liked, 400, /NUL/);
    const inQuery = await call({ method: 'GET', url: '/api/core/v1/project?orderBy=name%00' });
    expectError(inQuery, 400, /in querystring: "orderBy" must not contain the NUL character/);
  });

  test('a NUL character in the login e-mail answers 400', async () => {
    const response = await server().call(undefined, {
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { email: `${ADMIN.email}${NUL}`, password: ADMIN.password },
    });
    expect(expectError(response, 400, /"email" must not contain the NUL character/).errors).toEqual([
      { path: 'email', message: 'must not contain the NUL character (\\u0000)' },
    ]);
  });

  test('a NUL character in OAuth2 fields answers an OAuth2 error, in the form or in Basic credentials', async () => {
    const inForm = await server().call(undefined, {
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${encodeURIComponent(ADMIN.email)}%00&password=x&client_id=a%00&client_secret=b`,
    });
    expect(inForm.statusCode).toBe(400);
    expect(inForm.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(/NUL/),
    });
    const inBasic = await server().call(undefined, {
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: { authorization: `Basic ${Buffer.from(`client${NUL}:secret`).toString('base64')}` },
      payload: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
    });
    expect(inBasic.statusCode).toBe(401);
    expect(inBasic.json()).toMatchObject({ error: 'invalid_client' });
  });

  test('a NUL character in byEmail answers 400', async () => {
    const response = await call({
      method: 'GET',
      url: `/api/core/v1/user/byEmail/${encodeURIComponent(user.email)}%00`,
    });
    expectError(response, 400, /in params: "email" must not contain the NUL character/);
  });

  test('a NUL character in a wallet log answers 400 and keeps nothing', async () => {
    const before = await count('walletLog');
    const response = await server().call(undefined, {
      method: 'POST',
      url: '/wallet/v1/log',
      payload: { logs: ['fine', `broken${NUL}`] },
    });
    expectError(response, 400, /"logs.1" must not contain the NUL character/);
    expect(await count('walletLog')).toBe(before);
  });

  test('a NUL character or half a surrogate pair in checkout data answers 400 and creates no order', async () => {
    const before = await count('order');
    expectError(await order({ name: `Bu${NUL}yer` }), 400, /"items.0.data.name" must not contain the NUL/);
    expectError(await order({ name: 'Bu\ud800yer' }), 400, /"items.0.data.name" must be valid Unicode text/);
    expectError(await order({ [`na${NUL}me`]: 'Buyer' }), 400, /field name that must not contain the NUL/);
    expect(await count('order')).toBe(before);
  });

  test('a body nested deeper than any of the API answers 400 before anything reads it', async () => {
    const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    const response = await call({
      method: 'PATCH',
      url: `/api/core/v1/pass/${passId}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"dynamicData":${deep}}`,
    });
    expectError(response, 400, /is nested more than 64 levels deep/);
  });

  test('a page far beyond any list answers 400, the last page allowed answers an empty page', async () => {
    expectError(
      await call({ method: 'GET', url: '/api/core/v1/user?page=100000000000000000' }),
      400,
      /"page"/,
    );
    expectError(await call({ method: 'GET', url: '/api/core/v1/user?page=1e308' }), 400, /"page"/);
    const last = await call({ method: 'GET', url: `${T}/order?page=1000000000&limit=1000` });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ data: [], page: 1_000_000_000, limit: 1000 });
  });

  test('a float or 99999999999 filters an integer column as a number instead of failing', async () => {
    const float = await call({ method: 'GET', url: `${T}/order?where=${where({ yearSerial: 1.5 })}` });
    expect(float.statusCode).toBe(200);
    expect(float.json().data).toEqual([]);
    const huge = await call({
      method: 'GET',
      url: `${T}/order?where=${where({ yearSerial: { $lt: 99999999999 } })}`,
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().data.map((row: { id: string }) => row.id)).toContain(orderId);
    const downloads = await call({
      method: 'GET',
      url: `/api/core/v1/pass?where=${where({ downloads: { $in: [0.5, 2 ** 40] } })}`,
    });
    expect(downloads.statusCode).toBe(200);
  });

  test('a float or 99999999999 on an integer field of a body answers 400 naming the field', async () => {
    for (const maxItems of [99999999999, 2 ** 31, 1.5]) {
      const response = await call({
        method: 'PATCH',
        url: `${T}/product/${productId}`,
        payload: { maxItems },
      });
      expect(expectError(response, 400).errors).toEqual([{ path: 'maxItems', message: expect.any(String) }]);
    }
    const price = await call({
      method: 'PATCH',
      url: `${T}/product/${productId}`,
      payload: { priceWithoutVat: 1e12 },
    });
    expect(expectError(price, 400).errors).toEqual([
      { path: 'priceWithoutVat', message: expect.any(String) },
    ]);
  });

  test('$in on dynamicData compares the JSON as text instead of failing', async () => {
    const response = await call({
      method: 'GET',
      url: `/api/core/v1/pass?where=${where({ dynamicData: { $in: ['x', 1, true] } })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  test('a boolean or a number on a text column filters as its text', async () => {
    for (const condition of [{ name: true }, { name: 12 }, { name: { $in: [1, false, 'Bad input'] } }]) {
      const response = await call({ method: 'GET', url: `/api/core/v1/project?where=${where(condition)}` });
      expect(response.statusCode).toBe(200);
    }
    const named = await call({
      method: 'GET',
      url: `/api/core/v1/project?where=${where({ name: { $in: [false, 'Bad input'] } })}`,
    });
    expect(named.json().data.map((row: { id: string }) => row.id)).toEqual([projectId]);
  });

  test('a rights mask of 2^32 or more answers 400 and changes no rights', async () => {
    await server().setRights(projectId, user.id, 2);
    const url = `/api/core/v1/project/${projectId}/user/${user.id}/rights`;
    for (const accessRights of [2 ** 32, 2 ** 32 + 2, ALL_RIGHTS + 1, 2 ** 31]) {
      const response = await call({ method: 'POST', url, payload: { accessRights } });
      expectError(response, 400, /accessRights/);
    }
    const project = await call({ method: 'GET', url: `/api/core/v1/project/${projectId}` });
    expect(project.json().users[user.id]).toBe(2);
  });

  test('accounting dates that are not date-times answer 400 naming the field', async () => {
    for (const bad of [
      { from: '1', to: '2' },
      { from: '0000-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00+23:00', to: '2030-01-01T00:00:00Z' },
    ]) {
      const response = await call({ method: 'GET', url: `${T}/sale?where=${where(bad)}` });
      expect(expectError(response, 400, /accounting query/).errors?.[0].path).toBe('where.from');
    }
    const good = await call({
      method: 'GET',
      url: `${T}/transaction?where=${where({ from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' })}`,
    });
    expect(good.statusCode).toBe(200);
  });

  test('a date-time PostgreSQL cannot store answers 400 naming the field', async () => {
    for (const expirationDate of ['0000-06-01T00:00:00Z', '2026-06-01T00:00:00+16:00']) {
      const response = await call({
        method: 'PATCH',
        url: `/api/core/v1/pass/${passId}`,
        payload: { expirationDate },
      });
      expect(expectError(response, 400).errors?.[0].path).toBe('expirationDate');
    }
  });

  test('a wrapped template value without its value answers 400 instead of failing the rules', async () => {
    const body = templateBody(projectId);
    const jsonTemplate = {
      ...body.jsonTemplate,
      storeCard: {
        primaryFields: [{ key: 'name', label: 'Name', value: { type: 'string', fallback: 'Guest' } }],
      },
    };
    const response = await call({
      method: 'POST',
      url: '/api/core/v1/template',
      payload: { ...body, jsonTemplate },
    });
    expect(expectError(response, 400, 'Template is invalid').errors).toEqual([
      { path: '/jsonTemplate/storeCard/primaryFields/0/value', message: expect.any(String) },
    ]);
  });

  test('a malformed escape or a too long part of the address answers in the error shape', async () => {
    expectError(
      await call({ method: 'GET', url: '/api/core/v1/project/%ff' }),
      400,
      /malformed percent-encoding/,
    );
    expectError(
      await call({ method: 'GET', url: `/api/core/v1/project/${'a'.repeat(500)}` }),
      414,
      /too long/,
    );
  });

  test('a NUL character in an upload field answers 400', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/core/v1/image',
      ...multipart({ projectId, type: 'icon', name: `icon${NUL}` }),
    });
    expectError(response, 400, /"name" must not contain the NUL character/);
  });

  test('a value the database refuses despite validation answers 400 in the error shape, not 500', async () => {
    // the last line of defence, behind the validation: the error handler of every route, over this test's database
    const app = Fastify();
    installErrorHandler(app);
    const db = server().context.db;
    app.get('/nul', () => sql`select ${`a${NUL}`}::text`.execute(db));
    app.get('/integer', () => sql`select ${99999999999}::integer`.execute(db));
    app.get('/date', () => sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`.execute(db));
    for (const url of ['/nul', '/integer', '/date'])
      expectError(await app.inject({ method: 'GET', url }), 400, /cannot be stored or compared/);
    await app.close();
  });
});
