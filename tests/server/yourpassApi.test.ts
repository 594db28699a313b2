import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Right } from '../../domain/rights';
import { loadConfig } from '../../server/kernel/config';
import { ADMIN, databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { DYNAMIC_DATA_SCHEMA, GOOD_SIZES, MISSING_ID, multipart, png, templateBody } from './passFixtures';

/*
 * The API as programs written against the Yourpass API drive it (the official JS client, the live demo, the Java
 * client): an OAuth2 password grant, form-encoded with the client in HTTP Basic; JSON bodies sent as fetch sends a
 * string (text/plain); every list query value JSON-encoded; DELETE answers parsed as JSON; PATCH with one
 * dynamicData key; browser pages on other hosts (CORS); a client configured with the server's bare origin.
 */

// Users (Argon2 hashing) and many calls per test on a busy two-core machine.
jest.setTimeout(60_000);

const SHOP = 'https://shop.example.com';
const PUBLIC_URL = 'https://passes.example.com';
const CLIENT = { id: 'integration-client', secret: 'integration-secret-0123456789' };
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path and query a browser's fetch (WHATWG URL) would send for a URL written as the clients write it. */
const asFetchSends = (url: string) => {
  const parsed = new URL(url, 'http://api.test');
  return `${parsed.pathname}${parsed.search}`;
};

/** `name=` + the JSON of the value, as the official JS client writes every list parameter. */
const clientQuery = (query: Record<string, unknown>) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${encodeURI(JSON.stringify(value))}`)
    .join('&');

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(databaseKinds)('Yourpass API conformance (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let projectA: string;
  let projectB: string;
  let templateA: { id: string };
  let templateB: { id: string };

  /** A call as the official clients make it: bearer token, JSON text sent as text/plain. */
  const request = (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method,
      url: asFetchSends(url),
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    } as InjectOptions);
  const as = (holder: string) => (method: Method, url: string, body?: unknown) =>
    request(method, url, body, { authorization: `Bearer ${holder}` });
  const json = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBeLessThan(300);
    return response.json();
  };
  const createPass = async (dynamicData: Record<string, unknown>, templateId = templateA.id) => {
    const response = await request('POST', '/v1/pass', { templateId, dynamicData });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const tokenRequest = (url: string, fields: Record<string, string>, client = CLIENT) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: basic(client.id, client.secret),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json, application/x-www-form-urlencoded',
      },
      payload: form(fields),
    });
  /** A moment every later write is after: the clock of the database, at the API's millisecond precision. */
  const syncPoint = async () => {
    const marker = await createPass({ name: 'Marker' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    return marker.updatedAt as string;
  };
  const readerOf = async (projectId: string, rights = Right.PASS_READ) => {
    const user = await server.createUser();
    await server.setRights(projectId, user.id, rights);
    return user;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {
      CORS_ORIGINS: `${SHOP}, http://localhost:3000`,
      PUBLIC_URL,
      FIRST_OAUTH_CLIENT_ID: CLIENT.id,
      FIRST_OAUTH_CLIENT_SECRET: CLIENT.secret,
    });
    const granted = await tokenRequest('/oauth2/token', {
      grant_type: 'password',
      username: ADMIN.email,
      password: ADMIN.password,
    });
    expect(granted.statusCode).toBe(200);
    token = granted.json().access_token;
    projectA = await server.createProject('Yourpass A');
    projectB = await server.createProject('Yourpass B');
    templateA = json(await request('POST', '/v1/template', templateBody(projectA)));
    templateB = json(await request('POST', '/v1/template', templateBody(projectB)));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  describe('the API at the server root', () => {
    it('issues a token at /oauth2/token with the client in HTTP Basic, which the API takes', async () => {
      const response = await tokenRequest('/oauth2/token', {
        grant_type: 'password',
        username: ADMIN.email,
        password: ADMIN.password,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual(
        expect.objectContaining({ access_token: expect.any(String), expires_in: expect.any(Number) }),
      );
      expect(String(body.token_type).toLowerCase()).toBe('bearer');
      const me = await request('GET', '/v1/user/me', undefined, {
        authorization: `Bearer ${body.access_token}`,
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(ADMIN.email);
    });

    it('answers a refused grant at /oauth2/token exactly as under /api/core', async () => {
      const wrong = { grant_type: 'password', username: ADMIN.email, password: 'not-the-password' };
      const atRoot = await tokenRequest('/oauth2/token', wrong);
      const underCore = await tokenRequest('/api/core/oauth2/token', wrong);
      expect(atRoot.statusCode).toBeGreaterThanOrEqual(200);
      expect(atRoot.statusCode).toBeLessThan(500);
      expect(atRoot.statusCode).toBe(underCore.statusCode);
      expect(atRoot.json()).toEqual(underCore.json());
      expect(atRoot.json().access_token).toBeUndefined();
      const unknownClient = { id: 'no-such-client', secret: 'x' };
      const refusedAtRoot = await tokenRequest('/oauth2/token', wrong, unknownClient);
      const refusedUnderCore = await tokenRequest('/api/core/oauth2/token', wrong, unknownClient);
      expect(refusedAtRoot.statusCode).toBe(refusedUnderCore.statusCode);
      expect(refusedAtRoot.json()).toEqual(refusedUnderCore.json());
    });

    it('answers /v1/... exactly as /api/core/v1/..., errors included', async () => {
      const pass = await createPass({ name: 'Root' });
      for (const path of [`/v1/pass/${pass.id}`, '/v1/template?limit=2&order=desc', '/v1/user/me']) {
        const atRoot = await request('GET', path);
        const underCore = await request('GET', `/api/core${path}`);
        expect(atRoot.statusCode).toBe(200);
        expect(atRoot.json()).toEqual(underCore.json());
      }
      const missingAtRoot = await request('GET', `/v1/pass/${MISSING_ID}`);
      expectError(missingAtRoot, 404);
      expect(missingAtRoot.json()).toEqual((await request('GET', `/api/core/v1/pass/${MISSING_ID}`)).json());
      const anonymous = await server.app.inject({ method: 'GET', url: '/v1/pass' });
      expectError(anonymous, 401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    });

    it('writes through the root paths as well', async () => {
      const created = await request('POST', '/v1/pass', {
        templateId: templateA.id,
        dynamicData: { name: 'Rooted' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect(json(await request('PATCH', `/v1/pass/${id}`, { voided: true })).voided).toBe(true);
      expect(json(await request('DELETE', `/v1/pass/${id}`)).deletedAt).toEqual(expect.any(String));
      expect(json(await request('GET', `/api/core/v1/pass/${id}?deleted=true`)).voided).toBe(true);
    });

    it('answers JSON, not the console, for an unknown /v1 address a browser opens; console routes stay the console', async () => {
      const browser = { accept: 'text/html,application/xhtml+xml', 'user-agent': DESKTOP };
      const unknown = await server.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: browser });
      expectError(unknown, 404);
      const signedOut = await server.app.inject({ method: 'GET', url: '/v1/pass', headers: browser });
      expectError(signedOut, 401);
      const console = await server.app.inject({ method: 'GET', url: '/passes/pass', headers: browser });
      expect(console.statusCode).toBe(200);
      expect(console.headers['content-type']).not.toMatch(/json/);
      const docs = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
    });
  });

  describe('lists with JSON-encoded query values', () => {
    let ids: string[];

    beforeAll(async () => {
      ids = [];
      for (const name of ['L1', 'L2', 'L3', 'L4']) {
        ids.push((await createPass({ name }, templateB.id)).id);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    });

    const ofTemplateB = () => ({ templateId: { $inUuid: [templateB.id] } });

    it('reads order, orderBy, limit and page sent as JSON strings as their plain values', async () => {
      const encoded = await request(
        'GET',
        `/v1/pass?${clientQuery({ where: ofTemplateB(), order: 'desc', orderBy: 'createdAt', limit: '3', page: '1' })}`,
      );
      expect(encoded.statusCode).toBe(200);
      const plain = await request(
        'GET',
        `/v1/pass?where=${encodeURIComponent(JSON.stringify(ofTemplateB()))}&order=desc&orderBy=createdAt&limit=3&page=1`,
      );
      expect(encoded.json()).toEqual(plain.json());
      const body = encoded.json();
      expect(body.data.map((pass: { id: string }) => pass.id)).toEqual([...ids].reverse().slice(0, 3));
      expect(body).toMatchObject({ page: 1, limit: 3, totalCount: 4 });
      const secondPage = json(
        await request(
          'GET',
          `/v1/pass?${clientQuery({ where: ofTemplateB(), orderBy: 'createdAt', limit: 3, page: 2 })}`,
        ),
      );
      expect(secondPage.data.map((pass: { id: string }) => pass.id)).toEqual([ids[3]]);
    });

    it('takes JSON-encoded booleans', async () => {
      const body = json(
        await request('GET', `/v1/pass?${clientQuery({ where: ofTemplateB(), count: 'false', limit: 2 })}`),
      );
      expect(body.data).toHaveLength(2);
      expect(body.totalCount).toBeNull();
    });

    it('skips the total for suppressCount=true and for a bare suppressCount, as the live demo sends it', async () => {
      const liveDemo = `/v1/pass?where={"deletedAt":null,"templateId":{"$inUuid":["${templateB.id}"]}}&page=1&limit=100&order=desc&orderBy=updatedAt&suppressCount`;
      const bare = json(await request('GET', liveDemo));
      expect(bare.data).toHaveLength(4);
      expect(bare.totalCount).toBeNull();
      const limited = `/v1/pass?where=${encodeURIComponent(JSON.stringify(ofTemplateB()))}&limit=2`;
      expect(json(await request('GET', `${limited}&suppressCount=true`)).totalCount).toBeNull();
      expect(
        json(await request('GET', `${limited}&${clientQuery({ suppressCount: true })}`)).totalCount,
      ).toBeNull();
      expect(json(await request('GET', `${limited}&suppressCount=false`)).totalCount).toBe(4);
      expect(json(await request('GET', limited)).totalCount).toBe(4);
    });

    it('answers 400 naming the parameter for values that are wrong however they are encoded', async () => {
      for (const [query, name] of [
        ['order=%22sideways%22', 'order'],
        ['order=%22desc', 'order'],
        ['limit=%22many%22', 'limit'],
        ['limit=%220%22', 'limit'],
        ['limit=%221001%22', 'limit'],
        ['page=%22-1%22', 'page'],
        ['orderBy=%22secret%22', 'orderBy'],
        ['suppressCount=maybe', 'suppressCount'],
        ['count=%22perhaps%22', 'count'],
        ['deleted=%22sometimes%22', 'deleted'],
        ['where=%22%5B1%5D%22', 'where'],
      ]) {
        const body = expectError(await request('GET', `/v1/pass?${query}`), 400);
        expect(`${body.message} ${JSON.stringify(body.errors ?? [])}`).toContain(name);
      }
    });
  });

  describe('sync: what changed and what was deleted since the last sync', () => {
    it('moves updatedAt on delete, and lists deleted rows for a condition on deletedAt', async () => {
      const kept = await createPass({ name: 'Kept' });
      const gone = await createPass({ name: 'Gone' });
      const since = await syncPoint();
      const deleted = json(await request('DELETE', `/v1/pass/${gone.id}`));
      expect(deleted.deletedAt).toEqual(expect.any(String));
      expect(deleted.updatedAt).toBe(deleted.deletedAt);
      expect(Date.parse(deleted.updatedAt)).toBeGreaterThan(Date.parse(gone.updatedAt));

      const deletedSince = json(
        await request(
          'GET',
          `/v1/pass?${clientQuery({ where: { deletedAt: { $gt: since } }, limit: 1000 })}`,
        ),
      );
      expect(deletedSince.data).toEqual([deleted]);
      expect(deletedSince.totalCount).toBe(1);
      const live = json(
        await request('GET', `/v1/pass?${clientQuery({ where: { id: { $inUuid: [kept.id, gone.id] } } })}`),
      );
      expect(live.data.map((pass: { id: string }) => pass.id)).toEqual([kept.id]);
    });

    it('finds every change since the last sync with updatedAt and deleted=true', async () => {
      const changed = await createPass({ name: 'Changed' });
      const removed = await createPass({ name: 'Removed' });
      const untouched = await createPass({ name: 'Untouched' });
      const since = await syncPoint();
      json(await request('PATCH', `/v1/pass/${changed.id}`, { dynamicData: { points: 1 } }));
      json(await request('DELETE', `/v1/pass/${removed.id}`));
      const added = await createPass({ name: 'Added' });
      const query = { where: { updatedAt: { $gt: since } }, orderBy: 'updatedAt', limit: 1000 };
      const everyChange = json(await request('GET', `/v1/pass?${clientQuery({ ...query, deleted: true })}`));
      expect(everyChange.data.map((pass: { id: string }) => pass.id)).toEqual([
        changed.id,
        removed.id,
        added.id,
      ]);
      expect(everyChange.data[1].deletedAt).toEqual(expect.any(String));
      const liveChanges = json(await request('GET', `/v1/pass?${clientQuery(query)}`));
      expect(liveChanges.data.map((pass: { id: string }) => pass.id)).toEqual([changed.id, added.id]);
      expect(everyChange.data.map((pass: { id: string }) => pass.id)).not.toContain(untouched.id);
      // An explicit deletedAt: null (the live demo sends it) keeps to live rows even with deleted=true.
      const explicitLive = json(
        await request(
          'GET',
          `/v1/pass?${clientQuery({ ...query, where: { ...query.where, deletedAt: null }, deleted: true })}`,
        ),
      );
      expect(explicitLive.data.map((pass: { id: string }) => pass.id)).toEqual([changed.id, added.id]);
    });

    it('answers a deleted entity with deleted=true, and 404 without it or for a write', async () => {
      const pass = await createPass({ name: 'Archived' });
      const deleted = json(await request('DELETE', `/v1/pass/${pass.id}`));
      expectError(await request('GET', `/v1/pass/${pass.id}`), 404, 'Pass was not found.');
      expect(json(await request('GET', `/v1/pass/${pass.id}?deleted=true`))).toEqual(deleted);
      expect(json(await request('GET', `/v1/pass/${pass.id}?deleted=%22true%22`))).toEqual(deleted);
      expectError(await request('GET', `/v1/pass/${pass.id}?deleted=false`), 404);
      for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
        expectError(
          await request(
            method,
            `/v1/pass/${pass.id}?deleted=true`,
            method === 'DELETE' ? undefined : { voided: true, templateId: templateA.id },
          ),
          404,
        );
      }
      expect(json(await request('GET', `/v1/pass/${pass.id}?deleted=true`))).toEqual(deleted);
    });

    it("shows a project's readers its deleted rows, and never another project's: 404 exactly as a missing one", async () => {
      const inA = await createPass({ name: 'A deleted' });
      const inB = await createPass({ name: 'B deleted' }, templateB.id);
      const since = await syncPoint();
      json(await request('DELETE', `/v1/pass/${inA.id}`));
      json(await request('DELETE', `/v1/pass/${inB.id}`));
      const reader = await readerOf(projectA);
      const read = as(reader.token);
      const listed = json(
        await read('GET', `/v1/pass?${clientQuery({ where: { deletedAt: { $gt: since } }, limit: 1000 })}`),
      );
      expect(listed.data.map((pass: { id: string }) => pass.id)).toEqual([inA.id]);
      const everything = json(await read('GET', `/v1/pass?${clientQuery({ deleted: true, limit: 1000 })}`));
      expect(everything.data.map((pass: { id: string }) => pass.id)).not.toContain(inB.id);
      expect(json(await read('GET', `/v1/pass/${inA.id}?deleted=true`)).id).toBe(inA.id);
      const otherProject = await read('GET', `/v1/pass/${inB.id}?deleted=true`);
      expectError(otherProject, 404);
      expect(otherProject.json()).toEqual((await read('GET', `/v1/pass/${MISSING_ID}?deleted=true`)).json());
      const stranger = await server.createUser();
      expectError(await as(stranger.token)('GET', `/v1/pass?${clientQuery({ deleted: true })}`), 403);
    });

    it('answers 400 for a deletedAt condition that is no date, naming deletedAt', async () => {
      for (const condition of [{ $gt: 'last week' }, { $gt: 5 }, { $like: 1 }, { $nope: '2026-01-01' }]) {
        const body = expectError(
          await request('GET', `/v1/pass?${clientQuery({ where: { deletedAt: condition } })}`),
          400,
        );
        expect(body.message).toContain('deletedAt');
      }
    });
  });

  describe('DELETE answers the deleted entity', () => {
    it('answers 200 with the entity as JSON, deletedAt set, for the client to parse', async () => {
      const pass = await createPass({ name: 'To delete', points: 3 });
      const response = await request('DELETE', `/v1/pass/${pass.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({
        ...pass,
        deletedAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expectError(await request('DELETE', `/v1/pass/${pass.id}`), 404, 'Pass was not found.');
    });

    it('answers 200 and the deleted entity per item in a batch', async () => {
      const first = await createPass({ name: 'Batch 1' });
      const second = await createPass({ name: 'Batch 2' });
      const results = json(
        await request('POST', '/v1/pass/batch', [
          { method: 'DELETE', id: first.id },
          { method: 'DELETE', id: MISSING_ID },
          { method: 'DELETE', id: second.id },
        ]),
      );
      expect(results).toEqual([
        {
          status: { code: 200, message: [] },
          id: first.id,
          data: expect.objectContaining({ id: first.id, deletedAt: expect.any(String) }),
        },
        { status: { code: 404, message: ['Pass was not found.'] }, id: MISSING_ID },
        {
          status: { code: 200, message: [] },
          id: second.id,
          data: expect.objectContaining({ id: second.id, deletedAt: expect.any(String) }),
        },
      ]);
    });

    it('answers a deleted template with its fields, and a deleted project with its members', async () => {
      const template = json(
        await request('POST', '/v1/template', templateBody(projectA, { name: 'Short-lived' })),
      );
      const deleted = json(await request('DELETE', `/v1/template/${template.id}`));
      expect(deleted).toEqual({ ...template, deletedAt: expect.any(String), updatedAt: expect.any(String) });
      const projectId = await server.createProject('Short-lived project');
      const project = json(await request('GET', `/v1/project/${projectId}`));
      expect(json(await request('DELETE', `/v1/project/${projectId}`))).toEqual({
        ...project,
        deletedAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });
  });

  describe('PATCH merges dynamicData and dynamicImages (JSON merge patch)', () => {
    const patch = (id: string, body: unknown) => request('PATCH', `/v1/pass/${id}`, body);
    const uploaded = async (type: keyof typeof GOOD_SIZES) => {
      const [width, height] = GOOD_SIZES[type];
      const upload = multipart({ projectId: projectA, type, name: `${type}.png` }, [
        { name: `${type}.png`, data: png(width, height) },
      ]);
      const response = await server.app.inject({
        method: 'POST',
        url: '/v1/image',
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
        payload: upload.payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    /** The pass must be as it was: a refused patch changes nothing. */
    const refused = async (id: string, body: unknown, message?: RegExp | string) => {
      const before = json(await request('GET', `/v1/pass/${id}`));
      const error = expectError(await patch(id, body), 400, message);
      expect(json(await request('GET', `/v1/pass/${id}`))).toEqual(before);
      return error;
    };

    it('keeps the keys a patch of one dynamicData key does not name, as the official READMEs expect', async () => {
      const pass = await createPass({ name: 'Jan Novak', points: 10 });
      const patched = json(await patch(pass.id, { dynamicData: { points: 20 } }));
      expect(patched.dynamicData).toEqual({ name: 'Jan Novak', points: 20 });
      expect(json(await request('GET', `/v1/pass/${pass.id}`))).toEqual(patched);
      const withTemplate = json(
        await patch(pass.id, { templateId: templateA.id, dynamicData: { points: 30 } }),
      );
      expect(withTemplate.dynamicData).toEqual({ name: 'Jan Novak', points: 30 });
    });

    it('removes a key patched to null, and answers 400 changing nothing when the merged data breaks the template', async () => {
      const pass = await createPass({ name: 'Eva', points: 5 });
      expect(json(await patch(pass.id, { dynamicData: { points: null } })).dynamicData).toEqual({
        name: 'Eva',
      });
      const missingName = await refused(
        pass.id,
        { dynamicData: { name: null } },
        'Dynamic data does not match the template',
      );
      expect(JSON.stringify(missingName.errors)).toContain('name');
      await refused(pass.id, { dynamicData: { points: -1 } }, 'Dynamic data does not match the template');
      await refused(pass.id, { dynamicData: { colour: 'red' } }, 'Dynamic data does not match the template');
      await refused(pass.id, { dynamicData: { name: 'x'.repeat(21) } });
      await refused(pass.id, { dynamicData: { ['__proto__']: { points: 1 } } });
      await refused(pass.id, { dynamicData: [1, 2] });
      await refused(pass.id, { dynamicData: 'points=20' });
    });

    it('answers 400 for a patch nested deeper than any data, changing nothing', async () => {
      const pass = await createPass({ name: 'Deep' });
      let deep: Record<string, unknown> = { leaf: 1 };
      for (let level = 0; level < 150; level += 1) deep = { next: deep };
      const error = await refused(pass.id, { dynamicData: { name: 'Deep', nested: deep } });
      expect(error.message).toMatch(/dynamicData/);
    });

    it('replaces dynamicData whole with PUT', async () => {
      const pass = await createPass({ name: 'Whole', points: 7 });
      const replaced = json(
        await request('PUT', `/v1/pass/${pass.id}`, {
          templateId: templateA.id,
          dynamicData: { name: 'Other' },
        }),
      );
      expect(replaced.dynamicData).toEqual({ name: 'Other' });
    });

    it('merges dynamicImages by image type, a null removing one; null for the field empties it', async () => {
      const logo = await uploaded('logo');
      const strip = await uploaded('strip');
      const pass = json(
        await request('POST', '/v1/pass', {
          templateId: templateA.id,
          dynamicData: { name: 'Pictured' },
          dynamicImages: { logo },
        }),
      );
      expect(json(await patch(pass.id, { dynamicImages: { strip: { en: strip } } })).dynamicImages).toEqual({
        logo,
        strip: { en: strip },
      });
      expect(json(await patch(pass.id, { dynamicImages: { logo: null } })).dynamicImages).toEqual({
        strip: { en: strip },
      });
      const error = await refused(pass.id, { dynamicImages: { strip: { en: 'not-an-id' } } });
      expect(error.errors?.map((field) => field.path)).toContain('dynamicImages.strip');
      await refused(pass.id, { dynamicImages: { poster: logo } });
      await refused(pass.id, { dynamicImages: { strip: { en: MISSING_ID } } });
      expect(json(await patch(pass.id, { dynamicImages: null })).dynamicImages).toEqual({});
    });

    it('merges in batches too', async () => {
      const pass = await createPass({ name: 'Batched', points: 1 });
      const [result] = json(
        await request('POST', '/v1/pass/batch', [
          { method: 'PATCH', id: pass.id, data: { dynamicData: { points: 2 } } },
        ]),
      );
      expect(result).toMatchObject({
        status: { code: 200 },
        data: { dynamicData: { name: 'Batched', points: 2 } },
      });
      const [broken] = json(
        await request('POST', '/v1/pass/batch', [
          { method: 'PATCH', id: pass.id, data: { dynamicData: { name: null } } },
        ]),
      );
      expect(broken.status.code).toBe(400);
      expect(json(await request('GET', `/v1/pass/${pass.id}`)).dynamicData).toEqual({
        name: 'Batched',
        points: 2,
      });
    });

    it("merges a template's translations by language and key", async () => {
      const template = json(
        await request(
          'POST',
          '/v1/template',
          templateBody(projectA, {
            name: 'Translated',
            languages: ['en', 'cs'],
            translations: { en: { hello: 'Hello', bye: 'Bye' } },
          }),
        ),
      );
      const patched = json(
        await request('PATCH', `/v1/template/${template.id}`, {
          translations: { en: { bye: null }, cs: { hello: 'Ahoj' } },
        }),
      );
      expect(patched.translations).toEqual({ en: { hello: 'Hello' }, cs: { hello: 'Ahoj' } });
      expectError(
        await request('PATCH', `/v1/template/${template.id}`, { translations: { en: { hello: 5 } } }),
        400,
      );
      expect(json(await request('GET', `/v1/template/${template.id}`)).translations).toEqual(
        patched.translations,
      );
      expect(patched.dynamicDataJsonSchema).toEqual(DYNAMIC_DATA_SCHEMA);
    });
  });

  describe("PATCH merges the ticket API's JSON objects as well", () => {
    it("merges an e-shop's styles and e-mail, and answers 400 changing nothing when the merge leaves out what is required", async () => {
      const created = await request('POST', '/api/ticket/v1/eshop', {
        projectId: projectA,
        name: 'Merged shop',
        styles: { backgroundColor: '#ffffff', brandPrimary: '#111111' },
      });
      expect(created.statusCode).toBe(201);
      const eshop = created.json();
      const patched = json(
        await request('PATCH', `/api/ticket/v1/eshop/${eshop.id}`, {
          styles: { brandPrimary: '#222222' },
          email: { subject: { en: 'Your tickets' } },
        }),
      );
      expect(patched.styles).toEqual({ backgroundColor: '#ffffff', brandPrimary: '#222222' });
      expect(patched.email).toEqual({
        ...eshop.email,
        subject: { ...eshop.email.subject, en: 'Your tickets' },
      });
      const refused = expectError(
        await request('PATCH', `/api/ticket/v1/eshop/${eshop.id}`, { email: { template: null } }),
        400,
      );
      expect(refused.errors?.map((error) => error.path)).toContain('email.template');
      expect(json(await request('GET', `/api/ticket/v1/eshop/${eshop.id}`))).toEqual(patched);
    });
  });

  describe('pass.url', () => {
    it('is an absolute link under PUBLIC_URL that opens the pass', async () => {
      const pass = await createPass({ name: 'Linked' });
      expect(pass.url).toBe(`${PUBLIC_URL}/p/${pass.id}`);
      const listed = json(await request('GET', `/v1/pass?${clientQuery({ where: { id: pass.id } })}`));
      expect(listed.data[0].url).toBe(pass.url);
      const opened = await server.app.inject({
        method: 'GET',
        url: new URL(pass.url).pathname,
        headers: { 'user-agent': DESKTOP, accept: 'text/html' },
      });
      expect(opened.statusCode).toBe(200);
    });
  });

  describe('CORS for browser pages on other hosts', () => {
    const preflight = (url: string, origin: string, method = 'PATCH') =>
      server.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });

    it('answers a preflight from a listed origin with the methods and headers allowed, Authorization among them', async () => {
      for (const url of [
        '/api/core/v1/pass',
        `/api/core/v1/pass/${MISSING_ID}`,
        '/v1/pass',
        '/oauth2/token',
        '/api/ticket/v1/eshop',
      ]) {
        const response = await preflight(url, SHOP);
        expect(response.statusCode).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe(SHOP);
        expect(String(response.headers['access-control-allow-methods'])).toMatch(/\bPATCH\b/);
        expect(String(response.headers['access-control-allow-methods'])).toMatch(/\bDELETE\b/);
        expect(String(response.headers['access-control-allow-headers'])).toMatch(/\bAuthorization\b/i);
        expect(String(response.headers['access-control-allow-headers'])).toMatch(/\bContent-Type\b/i);
        expect(String(response.headers.vary)).toMatch(/Origin/);
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      }
      expect(
        (await preflight('/v1/pass', 'http://localhost:3000')).headers['access-control-allow-origin'],
      ).toBe('http://localhost:3000');
    });

    it('lets a listed origin read answers, errors included', async () => {
      const listed = await request('GET', '/v1/pass?limit=1', undefined, { origin: SHOP });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(SHOP);
      const signedOut = await server.app.inject({
        method: 'GET',
        url: '/api/core/v1/pass',
        headers: { origin: SHOP },
      });
      expectError(signedOut, 401);
      expect(signedOut.headers['access-control-allow-origin']).toBe(SHOP);
    });

    it('refuses a preflight from an origin not listed with 403 and no CORS headers; its requests change nothing else', async () => {
      const response = await preflight('/api/core/v1/pass', 'https://evil.example');
      expectError(response, 403, /CORS_ORIGINS/);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
      const read = await request('GET', '/v1/pass?limit=1', undefined, { origin: 'https://evil.example' });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      // The same address answers a listed origin otherwise: caches keep the answers apart, Origin or not.
      expect(String(read.headers.vary)).toMatch(/Origin/);
      expect(String((await request('GET', '/v1/pass?limit=1')).headers.vary)).toMatch(/Origin/);
      const lookalike = await preflight('/v1/pass', `${SHOP}.evil.example`);
      expectError(lookalike, 403);
    });

    it('adds nothing for the console, its configuration or the public links', async () => {
      for (const url of ['/', '/config.json', '/passes/pass']) {
        const response = await server.app.inject({
          method: 'GET',
          url,
          headers: { origin: SHOP, accept: 'text/html' },
        });
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
      const pass = await createPass({ name: 'Public' });
      const publicLink = await server.app.inject({
        method: 'GET',
        url: `/p/${pass.id}`,
        headers: { origin: SHOP, 'user-agent': DESKTOP },
      });
      expect(publicLink.headers['access-control-allow-origin']).toBeUndefined();
      const consolePreflight = await preflight('/config.json', SHOP, 'GET');
      // no route takes OPTIONS there: 405 with the methods that are
      expect(consolePreflight.statusCode).toBe(405);
      expect(consolePreflight.headers.allow).toBe('GET, HEAD');
      expect(consolePreflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('OpenAPI at /api/docs', () => {
    it('documents the list parameters, deleted entities, DELETE answers, merge patches, CORS and the root paths', async () => {
      const docs = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const list = docs.paths['/v1/pass'].get;
      const names = list.parameters.map((parameter: { name: string }) => parameter.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'where',
          'page',
          'limit',
          'order',
          'orderBy',
          'count',
          'suppressCount',
          'deleted',
        ]),
      );
      const item = docs.paths['/v1/pass/{id}'];
      expect(item.get.parameters.map((parameter: { name: string }) => parameter.name)).toContain('deleted');
      expect(Object.keys(item.delete.responses)).toContain('200');
      expect(Object.keys(item.delete.responses)).not.toContain('204');
      expect(item.patch.description).toMatch(/merge patch/i);
      expect(item.patch.description).toMatch(/dynamicData/);
      expect(docs.info.description).toMatch(/CORS_ORIGINS/);
      expect(docs.info.description).toMatch(/\/oauth2\/token/);
      expect(docs.info.description).toMatch(/suppressCount/);
      // each route once, under the core API's two servers: /api/core and the root that answers /v1/... too
      expect(Object.keys(docs.paths).filter((path) => path.startsWith('/api/core/'))).toEqual([]);
      expect(docs.servers.map((server: { url: string }) => new URL(server.url).pathname)).toEqual([
        '/api/core',
        '/',
      ]);
    });
  });
});

describe.each(databaseKinds)('CORS_ORIGINS=* (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { CORS_ORIGINS: '*' });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('allows any origin with *, never with credentials', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/v1/pass',
      headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const token = await server.adminToken();
    const read = await server.call(token, {
      method: 'GET',
      url: '/v1/project',
      headers: { origin: 'https://anywhere.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('CORS_ORIGINS setting', () => {
  it('refuses an entry that is not an origin, and keeps origins as browsers send them', () => {
    for (const value of [
      'https://shop.example.com/path',
      'shop.example.com',
      'ftp://shop.example.com',
      'https://a.example?x',
    ])
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://Shop.Example.com/ , http://localhost:3000 ' }).corsOrigins,
    ).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});

describe.each(databaseKinds)('no CORS_ORIGINS (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  it('answers preflights 403 and adds no CORS header by default', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/core/v1/pass',
      headers: { origin: SHOP, 'access-control-request-method': 'GET' },
    });
    expectError(response, 403, /CORS_ORIGINS/);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
