/**
 * @jest-environment node
 */
import { createHttpClient } from '../../src/dataProviders/httpClient';

function fakeFetch(status: number, body: string) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return { fetchImpl, requests };
}

describe('createHttpClient', () => {
  it('sends the bearer token and a JSON body, and parses the JSON answer', async () => {
    const { fetchImpl, requests } = fakeFetch(201, '{"id":"1"}');
    const http = createHttpClient(() => 'tok', fetchImpl);
    const answer = await http('/api/core/v1/project', { method: 'POST', body: { name: 'A' } });
    const headers = requests[0].init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(requests[0].init.body).toBe('{"name":"A"}');
    expect(requests[0].init.method).toBe('POST');
    expect(answer).toMatchObject({ status: 201, json: { id: '1' } });
  });

  it('sends no Authorization header without a token', async () => {
    const { fetchImpl, requests } = fakeFetch(200, '{}');
    await createHttpClient(() => null, fetchImpl)('/api/core/auth/login');
    expect((requests[0].init.headers as Headers).has('Authorization')).toBe(false);
  });

  it('rejects a non-2xx answer with the status and the server message', async () => {
    const { fetchImpl } = fakeFetch(
      403,
      '{"statusCode":403,"error":"Forbidden","message":"Only an administrator can delete a project."}',
    );
    await expect(
      createHttpClient(() => 'tok', fetchImpl)('/api/core/v1/project/1', { method: 'DELETE' }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Only an administrator can delete a project.',
      body: { error: 'Forbidden' },
    });
  });

  it('accepts an empty 204 answer', async () => {
    const { fetchImpl } = fakeFetch(204, '');
    await expect(createHttpClient(() => 'tok', fetchImpl)('/x', { method: 'DELETE' })).resolves.toMatchObject(
      {
        status: 204,
        json: null,
      },
    );
  });
});
