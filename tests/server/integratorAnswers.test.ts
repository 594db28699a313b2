import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { describeOnEachDatabase, expectError } from './harness';
import { DYNAMIC_DATA_SCHEMA, templateBody } from './passFixtures';

const where = (condition: unknown) => encodeURIComponent(JSON.stringify(condition));

/** The raw answer of a request written byte for byte on a socket (what node's parser sees, unlike inject). */
function rawExchange(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Issue 29, "Answers that help": each integrator's mistake gets an answer that says what to do. */
describeOnEachDatabase('answers that help integrators', (server) => {
  let admin: string;
  let projectId: string;
  let templateId: string;
  let passId: string;
  const call = (options: InjectOptions) => server().call(admin, options);
  const passCount = async () => {
    const db = server().context.db;
    const row = await db.selectFrom('pass').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const newPass = (headers: Record<string, string>, payload: string) =>
    call({ method: 'POST', url: '/v1/pass', headers, payload });

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('Integrator answers');
    const template = await call({
      method: 'POST',
      url: '/api/core/v1/template',
      payload: templateBody(projectId, { name: 'Some template' }),
    });
    templateId = template.json().id;
    for (const name of ['Other template', '100% template', '100 percent template'])
      await call({
        method: 'POST',
        url: '/api/core/v1/template',
        payload: templateBody(projectId, { name }),
      });
    const pass = await call({
      method: 'POST',
      url: '/api/core/v1/pass',
      payload: { templateId, dynamicData: { name: 'Some thing' } },
    });
    passId = pass.json().id;
    await call({
      method: 'POST',
      url: '/api/core/v1/pass',
      payload: { templateId, dynamicData: { name: 'Other' } },
    });
  });

  describe('a trailing slash reaches the same route', () => {
    test('GET /v1/pass/ lists as /v1/pass does', async () => {
      const withSlash = await call({ method: 'GET', url: `/v1/pass/?where=${where({ templateId })}` });
      const without = await call({ method: 'GET', url: `/v1/pass?where=${where({ templateId })}` });
      expect(withSlash.statusCode).toBe(200);
      expect(withSlash.json()).toEqual(without.json());
      expect(withSlash.json().totalCount).toBe(2);
    });

    test('GET /api/core/v1/pass/{id}/ and /v1/pass/{id}/ read the pass', async () => {
      for (const url of [`/api/core/v1/pass/${passId}/`, `/v1/pass/${passId}/`]) {
        const response = await call({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.json().id).toBe(passId);
      }
    });
  });

  describe('a known path with another method answers 405 with Allow', () => {
    test('DELETE /v1/pass answers 405 listing the methods, naming the path as sent', async () => {
      const response = await call({ method: 'DELETE', url: '/v1/pass' });
      const body = expectError(response, 405);
      expect(response.headers.allow).toBe('GET, HEAD, POST');
      expect(body.message).toBe('/v1/pass does not take DELETE; use GET, HEAD or POST.');
      expect(response.body).not.toContain('/api/core');
      const underCore = await call({ method: 'DELETE', url: '/api/core/v1/pass/' });
      expectError(underCore, 405, '/api/core/v1/pass/ does not take DELETE');
      expect(underCore.headers.allow).toBe('GET, HEAD, POST');
    });

    test('POST to a pass answers 405 with its methods, in Czech when asked', async () => {
      const response = await call({
        method: 'POST',
        url: `/v1/pass/${passId}`,
        headers: { 'accept-language': 'cs' },
        payload: {},
      });
      expectError(response, 405, `Adresa /v1/pass/${passId} nepřijímá metodu POST`);
      expect(response.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE');
    });

    test('an unknown path answers 404 naming the alias path the caller used', async () => {
      const response = await call({ method: 'GET', url: '/v1/nothing-here?x=1' });
      expectError(response, 404, 'No route GET /v1/nothing-here.');
      expect(response.body).not.toContain('/api/core');
      const czech = await call({
        method: 'GET',
        url: '/v1/nothing-here',
        headers: { 'accept-language': 'cs' },
      });
      expectError(czech, 404, 'Adresa GET /v1/nothing-here neexistuje.');
    });

    test('a missing pass at an alias path names no internal path', async () => {
      const response = await call({ method: 'GET', url: '/v1/pass/' + '0'.repeat(8) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('/api/core');
    });
  });

  describe('order', () => {
    test('is read whatever its case', async () => {
      const lower = await call({ method: 'GET', url: '/v1/template?order=desc&orderBy=name' });
      expect(lower.statusCode).toBe(200);
      for (const order of ['DESC', 'Desc', '%22DESC%22']) {
        const response = await call({ method: 'GET', url: `/v1/template?order=${order}&orderBy=name` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(lower.json());
      }
      const upper = await call({ method: 'GET', url: '/v1/template?order=ASC&orderBy=name' });
      expect(upper.json().data.map((row: { name: string }) => row.name)).toEqual(
        [...lower.json().data.map((row: { name: string }) => row.name)].reverse(),
      );
    });

    test('another value says "asc or desc", once, in English or Czech', async () => {
      const response = await call({ method: 'GET', url: '/v1/pass?order=up' });
      const body = expectError(response, 400, 'Invalid request in querystring: "order" must be asc or desc.');
      expect(body.errors).toEqual([{ path: 'order', message: 'must be asc or desc' }]);
      const czech = await call({
        method: 'GET',
        url: '/v1/pass?order=up',
        headers: { 'accept-language': 'cs' },
      });
      expectError(czech, 400, 'Neplatný požadavek v parametrech adresy: "order" musí být asc nebo desc.');
    });
  });

  describe('a date without a time', () => {
    test('answers one message with an example, in English or Czech, and creates nothing', async () => {
      const before = await passCount();
      const payload = { templateId, dynamicData: { name: 'A' }, expirationDate: '2030-01-01' };
      const response = await call({ method: 'POST', url: '/v1/pass', payload });
      const body = expectError(
        response,
        400,
        'Invalid request: "expirationDate" must be a date and time with a time zone, e.g. 2030-01-01T00:00:00Z.',
      );
      expect(body.errors).toHaveLength(1);
      expect(response.body).not.toMatch(/must be null|anyOf/);
      const czech = await call({
        method: 'POST',
        url: '/v1/pass',
        payload,
        headers: { 'accept-language': 'cs' },
      });
      expectError(czech, 400, 'musí být datum a čas s časovým pásmem, např. 2030-01-01T00:00:00Z');
      const patched = await call({
        method: 'PATCH',
        url: `/v1/pass/${passId}`,
        payload: { expirationDate: '2030-01-01' },
      });
      expect(expectError(patched, 400).errors).toHaveLength(1);
      expect(await passCount()).toBe(before);
      const valid = await call({
        method: 'PATCH',
        url: `/v1/pass/${passId}`,
        payload: { expirationDate: null },
      });
      expect(valid.statusCode).toBe(200);
    });
  });

  describe('$like: % and _ are wildcards, \\ escapes them', () => {
    const templateNames = async (pattern: string) => {
      const response = await call({
        method: 'GET',
        url: `/v1/template?where=${where({ projectId, name: { $like: pattern } })}&orderBy=name`,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.map((row: { name: string }) => row.name);
    };

    test('%Some% finds the text anywhere in dynamicData', async () => {
      const response = await call({
        method: 'GET',
        url: `/v1/pass?where=${where({ templateId, dynamicData: { $like: '%Some%' } })}`,
      });
      expect(response.json().data.map((pass: { id: string }) => pass.id)).toEqual([passId]);
    });

    test('Some% matches from the start, case-insensitively', async () => {
      expect(await templateNames('Some%')).toEqual(['Some template']);
      expect(await templateNames('some%')).toEqual(['Some template']);
      expect(await templateNames('template%')).toEqual([]);
    });

    test('_ stands for one character', async () => {
      expect(await templateNames('S_me template')).toEqual(['Some template']);
      expect(await templateNames('S_e template')).toEqual([]);
    });

    test('\\% and \\_ are the characters themselves; a value without wildcards is found anywhere', async () => {
      expect(await templateNames('100\\%%')).toEqual(['100% template']);
      expect(await templateNames('100%')).toEqual(['100 percent template', '100% template']);
      expect(await templateNames('0\\%')).toEqual(['100% template']);
      expect(await templateNames('\\_')).toEqual([]);
      expect(await templateNames('template')).toHaveLength(4);
      expect(await templateNames('template\\')).toEqual([]);
    });
  });

  describe('charset', () => {
    test('a body declared in another charset than UTF-8 answers 415 and creates nothing', async () => {
      const before = await passCount();
      const latin1 = Buffer.from(JSON.stringify({ templateId, dynamicData: { name: 'Žluť' } }), 'latin1');
      const response = await call({
        method: 'POST',
        url: '/v1/pass',
        headers: { 'content-type': 'application/json; charset=iso-8859-1' },
        payload: latin1,
      });
      expectError(response, 415, 'Send the body in UTF-8 (charset=utf-8).');
      const czech = await newPass(
        { 'content-type': 'application/json; charset=windows-1250', 'accept-language': 'cs' },
        '{}',
      );
      expectError(czech, 415, 'Pošlete tělo požadavku v kódování UTF-8 (charset=utf-8).');
      expect(await passCount()).toBe(before);
    });

    test('utf-8, UTF-8, utf8 or no charset is read as UTF-8', async () => {
      for (const type of [
        'application/json; charset=utf-8',
        'application/json;charset=UTF-8',
        'application/json; charset="utf8"',
        'application/json',
      ]) {
        const response = await newPass(
          { 'content-type': type },
          JSON.stringify({ templateId, dynamicData: { name: 'Žluť' } }),
        );
        expect(response.statusCode).toBe(201);
        expect(response.json().dynamicData.name).toBe('Žluť');
      }
    });
  });

  describe('bodies', () => {
    test('an empty body says it is empty', async () => {
      for (const headers of [{}, { 'content-type': 'application/json' }]) {
        const response = await call({ method: 'POST', url: '/v1/pass', headers });
        expectError(response, 400, 'The request has no body; send a JSON object.');
      }
      const czech = await call({
        method: 'PUT',
        url: `/v1/pass/${passId}`,
        headers: { 'accept-language': 'cs' },
      });
      expectError(czech, 400, 'Požadavek nemá tělo; pošlete objekt JSON.');
      const batch = await call({ method: 'POST', url: '/v1/pass/batch' });
      expectError(batch, 400, 'The request has no body; send a JSON array.');
    });

    test('a body over the limit answers 413 naming the limit', async () => {
      const payload = JSON.stringify({ templateId, dynamicData: { name: 'x'.repeat(1_100_000) } });
      const response = await newPass({ 'content-type': 'application/json' }, payload);
      expectError(response, 413, 'The body is larger than the limit of 1 MiB.');
      const czech = await newPass({ 'content-type': 'application/json', 'accept-language': 'cs' }, payload);
      expectError(czech, 413, 'Tělo požadavku je větší než limit 1 MiB.');
    });
  });

  describe('an address with raw characters', () => {
    test('answers 400 saying to percent-encode it', async () => {
      const address = await server().app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const answer = await rawExchange(
        port,
        Buffer.concat([
          Buffer.from('GET /v1/pass?where={"dynamicData":{"name":"'),
          Buffer.from('Žluť', 'utf8'),
          Buffer.from('"}} HTTP/1.1\r\nHost: localhost\r\n\r\n'),
        ]),
      );
      const withSpace = await rawExchange(
        port,
        Buffer.from('GET /v1/pass?where={"voided": true} HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      );
      const notHttp = await rawExchange(port, Buffer.from('HELLO\r\n\r\n'));
      for (const raw of [answer, withSpace]) {
        expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
        expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'The address has characters that must be percent-encoded (encodeURIComponent).',
        });
      }
      expect(notHttp).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(notHttp).toContain('"message":"The request is not valid HTTP."');
      // the server goes on answering
      const encoded = await fetch(`${address}/v1/pass?where=${where({ dynamicData: { $like: '%Žluť%' } })}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(encoded.status).toBe(200);
    });
  });

  describe('templates carry jsonSchema, as Yourpass names the dynamic data schema', () => {
    const OTHER_SCHEMA = { type: 'object', properties: { code: { type: 'string' } } };

    test('answers it with the dynamic data schema', async () => {
      const response = await call({ method: 'GET', url: `/v1/template/${templateId}` });
      expect(response.json().jsonSchema).toEqual(DYNAMIC_DATA_SCHEMA);
      expect(response.json().jsonSchema).toEqual(response.json().dynamicDataJsonSchema);
      const list = await call({ method: 'GET', url: `/v1/template?where=${where({ id: templateId })}` });
      expect(list.json().data[0].jsonSchema).toEqual(DYNAMIC_DATA_SCHEMA);
    });

    test('takes it as the dynamic data schema on create and patch; what a GET answered can be sent back', async () => {
      const body = templateBody(projectId, { name: 'By Yourpass' });
      const { dynamicDataJsonSchema: _schema, ...withoutSchema } = body;
      const created = await call({
        method: 'POST',
        url: '/v1/template',
        payload: { ...withoutSchema, jsonSchema: OTHER_SCHEMA },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().dynamicDataJsonSchema).toEqual(OTHER_SCHEMA);
      expect(created.json().jsonSchema).toEqual(OTHER_SCHEMA);
      const id = created.json().id;
      const patched = await call({
        method: 'PATCH',
        url: `/v1/template/${id}`,
        payload: { jsonSchema: DYNAMIC_DATA_SCHEMA },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().dynamicDataJsonSchema).toEqual(DYNAMIC_DATA_SCHEMA);
      const replaced = await call({ method: 'PUT', url: `/v1/template/${id}`, payload: patched.json() });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().jsonSchema).toEqual(DYNAMIC_DATA_SCHEMA);
    });

    test('both names with different values answer 400 and change nothing', async () => {
      const before = (await call({ method: 'GET', url: `/v1/template/${templateId}` })).json();
      const response = await call({
        method: 'PATCH',
        url: `/v1/template/${templateId}`,
        payload: { dynamicDataJsonSchema: OTHER_SCHEMA, jsonSchema: DYNAMIC_DATA_SCHEMA },
      });
      const body = expectError(response, 400, 'jsonSchema is another name of dynamicDataJsonSchema');
      expect(body.errors?.[0].path).toBe('jsonSchema');
      const created = await call({
        method: 'POST',
        url: '/v1/template',
        payload: templateBody(projectId, { name: 'Twice', jsonSchema: OTHER_SCHEMA }),
      });
      expectError(created, 400);
      const batch = await call({
        method: 'POST',
        url: '/v1/template/batch',
        payload: [
          {
            method: 'PATCH',
            id: templateId,
            data: { dynamicDataJsonSchema: OTHER_SCHEMA, jsonSchema: DYNAMIC_DATA_SCHEMA },
          },
        ],
      });
      expect(batch.json()[0].status.code).toBe(400);
      const after = (await call({ method: 'GET', url: `/v1/template/${templateId}` })).json();
      expect(after).toEqual(before);
    });
  });
});
