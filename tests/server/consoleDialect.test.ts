import { describeOnEachDatabase } from './harness';

/**
 * The console's data provider sends its by-id calls through ra-data-simple-rest: JSON text bodies, and a DELETE
 * with `Content-Type: text/plain` and no body. Both APIs must answer those requests as the provider expects.
 */
describeOnEachDatabase('the by-id calls as the console sends them', (server) => {
  let admin: string;
  let projectId: string;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    server().call(admin, {
      method,
      url,
      ...(body === undefined
        ? method === 'DELETE'
          ? { headers: { 'content-type': 'text/plain', 'content-length': '0' } }
          : {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('Console dialect');
  });

  const apis = [
    { name: 'core', url: '/api/core/v1/project', create: () => ({ name: 'Dialect project' }) },
    { name: 'ticket', url: '/api/ticket/v1/eshop', create: () => ({ projectId, name: 'Dialect shop' }) },
  ];

  it.each(apis)(
    'the $name API creates, reads, replaces, and deletes answering the deleted entity',
    async ({ url, create }) => {
      const created = await send('POST', url, create());
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };
      expect((await send('GET', `${url}/${id}`)).json()).toMatchObject({ id, deletedAt: null });
      const replaced = await send('PUT', `${url}/${id}`, { ...create(), name: 'Renamed' });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ id, name: 'Renamed' });
      const deleted = await send('DELETE', `${url}/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id, name: 'Renamed', deletedAt: expect.any(String) });
      expect((await send('GET', `${url}/${id}`)).statusCode).toBe(404);
    },
  );

  it('refuses a DELETE with a body in the error shape, deleting nothing, and answers 404 for a missing id', async () => {
    const created = await send('POST', '/api/core/v1/project', { name: 'Deleted with a body' });
    const { id } = created.json() as { id: string };
    const refused = await server().call(admin, {
      method: 'DELETE',
      url: `/api/core/v1/project/${id}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'anything',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
    });
    expect((await send('GET', `/api/core/v1/project/${id}`)).json()).toMatchObject({ id, deletedAt: null });
    const missing = await send('DELETE', '/api/core/v1/project/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
