/**
 * @jest-environment node
 */
import { apiProblems, createBlobFetcher, createHttpClient } from '../../src/dataProviders/httpClient';
import { restoreFetch, stubFetch } from './fakeHttp';

/** The global fetch (the one fetchUtils.fetchJson calls) answering every request with this status and text. */
function fakeFetch(status: number, body: string, type = 'application/json') {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  stubFetch((async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': type } });
  }) as unknown as typeof fetch);
  return { requests };
}

afterEach(restoreFetch);

describe('createHttpClient', () => {
  it('sends the bearer token, the cookies and a JSON body, and parses the JSON answer', async () => {
    const { requests } = fakeFetch(201, '{"id":"1"}');
    const http = createHttpClient(() => 'tok');
    const answer = await http('/api/core/v1/project', {
      method: 'POST',
      body: JSON.stringify({ name: 'A' }),
    });
    const headers = requests[0].init.headers as Headers;
    expect(requests[0].url).toBe('/api/core/v1/project');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(requests[0].init.body).toBe('{"name":"A"}');
    expect(requests[0].init.method).toBe('POST');
    expect(requests[0].init.credentials).toBe('include');
    expect(answer).toMatchObject({ status: 201, json: { id: '1' } });
  });

  it('reads the token at each call, so a refreshed token is sent', async () => {
    const { requests } = fakeFetch(200, '{}');
    let token = 'first';
    const http = createHttpClient(() => token);
    await http('/api/core/v1/user/me');
    token = 'second';
    await http('/api/core/v1/user/me');
    expect(requests.map(({ init }) => (init.headers as Headers).get('Authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    const { requests } = fakeFetch(200, '{}');
    await createHttpClient(() => null)('/api/core/auth/login');
    expect((requests[0].init.headers as Headers).has('Authorization')).toBe(false);
  });

  it("asks for the API's messages in the console's language, as it is at each call", async () => {
    const { requests } = fakeFetch(200, '{}');
    let language = 'cs';
    const http = createHttpClient(
      () => 'tok',
      () => language,
    );
    await http('/api/core/v1/pass');
    language = 'en';
    await http('/api/core/v1/pass', { headers: new Headers({ Accept: 'text/plain' }) });
    const headers = requests.map(({ init }) => init.headers as Headers);
    expect(headers.map((sent) => sent.get('Accept-Language'))).toEqual(['cs', 'en']);
    expect(headers.map((sent) => sent.get('Accept'))).toEqual(['application/json', 'text/plain']);
  });

  it("hands the API's problems to forms by field, and keeps them as they came", async () => {
    fakeFetch(
      400,
      JSON.stringify({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Neplatný požadavek: "name" nesmí být prázdné.',
        errors: [
          { path: 'name', message: 'nesmí být prázdné' },
          { path: '/dynamicData/points', message: 'musí být alespoň 0' },
        ],
      }),
    );
    const failure = await createHttpClient(() => 'tok')('/api/core/v1/pass', {
      method: 'POST',
      body: '{}',
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: 'Neplatný požadavek: "name" nesmí být prázdné.',
      body: {
        errors: { name: 'nesmí být prázdné', dynamicData: { points: 'musí být alespoň 0' } },
        problems: [
          { path: 'name', message: 'nesmí být prázdné' },
          { path: '/dynamicData/points', message: 'musí být alespoň 0' },
        ],
      },
    });
    expect(apiProblems(failure)).toHaveLength(2);
  });

  it('rejects a non-2xx answer with the status and the message of the API error shape', async () => {
    fakeFetch(
      403,
      '{"statusCode":403,"error":"Forbidden","message":"Only an administrator can delete a project."}',
    );
    await expect(
      createHttpClient(() => 'tok')('/api/core/v1/project/1', { method: 'DELETE' }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Only an administrator can delete a project.',
      body: { error: 'Forbidden' },
    });
  });

  it('keeps the field errors of a 400 answer in the error body, as they came and by field', async () => {
    const errors = [{ path: '/name', message: 'must not be blank' }];
    fakeFetch(
      400,
      JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Invalid name', errors }),
    );
    await expect(
      createHttpClient(() => 'tok')('/api/core/v1/project', { method: 'POST' }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Invalid name',
      body: { problems: errors, errors: { name: 'must not be blank' } },
    });
  });

  it('rejects a 401 with its status, which ends the session (authProvider)', async () => {
    fakeFetch(401, '{"statusCode":401,"error":"Unauthorized","message":"The token has expired."}');
    await expect(createHttpClient(() => 'old')('/api/core/v1/user/me')).rejects.toMatchObject({
      status: 401,
      message: 'The token has expired.',
    });
  });

  it('still says the status of an error answer that is not JSON and has no status text', async () => {
    fakeFetch(502, '<html>Bad gateway</html>', 'text/html');
    await expect(createHttpClient(() => 'tok')('/api/core/v1/project')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502',
    });
  });

  it('gives a text answer (a PEM file) as its body', async () => {
    fakeFetch(200, '-----BEGIN CERTIFICATE REQUEST-----\n', 'application/x-pem-file');
    await expect(createHttpClient(() => 'tok')('/api/core/v1/certificate/1/csr')).resolves.toMatchObject({
      status: 200,
      body: '-----BEGIN CERTIFICATE REQUEST-----\n',
      json: undefined,
    });
  });

  it('accepts an empty 204 answer', async () => {
    fakeFetch(204, '');
    await expect(createHttpClient(() => 'tok')('/x', { method: 'DELETE' })).resolves.toMatchObject({
      status: 204,
      body: '',
      json: undefined,
    });
  });
});

describe('createBlobFetcher', () => {
  it('reads a file as a Blob with the bearer token and the cookies', async () => {
    const { requests } = fakeFetch(200, '%PDF-1.7', 'application/pdf');
    const blob = await createBlobFetcher(() => 'tok')('/api/ticket/v1/order/1/invoice');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(requests[0].url).toBe('/api/ticket/v1/order/1/invoice');
    expect(requests[0].init.credentials).toBe('include');
    expect(new Headers(requests[0].init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('rejects a refusal with the status and the message of the API error shape', async () => {
    fakeFetch(409, '{"statusCode":409,"error":"Conflict","message":"The order is not paid."}');
    await expect(createBlobFetcher(() => 'tok')('/api/ticket/v1/order/1/invoice')).rejects.toMatchObject({
      status: 409,
      message: 'The order is not paid.',
      body: { error: 'Conflict' },
    });
  });

  it('still says the status of a refusal that is not JSON', async () => {
    fakeFetch(502, '<html>proxy</html>', 'text/html');
    await expect(createBlobFetcher(() => null)('/api/ticket/v1/order/1/invoice')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502',
    });
  });
});
