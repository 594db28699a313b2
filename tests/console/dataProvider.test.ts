import { createCoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { createDataProvider, type ListRequest } from '../../src/dataProviders/createDataProvider';
import { coreResources } from '../../src/dataProviders/resourceRegistry';
import { fakeHttp } from './fakeHttp';

const BASE = '/api/core';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const where = (json: string) => `where=${encodeURIComponent(json)}`;
const project = (id: string, extra: object = {}) => ({
  id,
  name: `Project ${id.slice(0, 4)}`,
  description: null,
  active: true,
  parentId: null,
  users: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  deletedAt: null,
  ...extra,
});

describe('createDataProvider', () => {
  it('getList calls {base}/v1/{api resource} with where, page, limit, order, orderBy and returns the total', async () => {
    const http = fakeHttp({ json: { data: [project(A)], totalCount: 41, page: 2, limit: 20 } });
    const dataProvider = createDataProvider(BASE, http.client, coreResources);
    const result = await dataProvider.getList('identity/project', {
      filter: { name: 'acme', active: true },
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
    });
    expect(http.calls).toEqual([
      {
        url: `/api/core/v1/project?${where('{"deletedAt":null,"name":{"$like":"acme"},"active":{"$eq":true}}')}&page=2&limit=20&order=asc&orderBy=name`,
        method: 'GET',
        body: undefined,
      },
    ]);
    expect(result).toEqual({ data: [project(A)], total: 41 });
  });

  it('a list asked for ahead is answered to the first getList of the same request, which asks no more', async () => {
    const http = fakeHttp({ json: { data: [project(A)], totalCount: 1, page: 1, limit: 20 } });
    const dataProvider = createDataProvider(BASE, http.client, coreResources);
    const request: ListRequest = {
      filter: {},
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
    };
    dataProvider.preloadList('identity/project', request);
    expect(http.calls).toHaveLength(1);
    expect(await dataProvider.getList('identity/project', request)).toEqual({ data: [project(A)], total: 1 });
    expect(http.calls).toHaveLength(1);
    // taken once: the next getList asks again, and another request is never answered by it
    await dataProvider.getList('identity/project', request);
    await dataProvider.getList('identity/project', { ...request, pagination: { page: 2, perPage: 20 } });
    expect(http.calls).toHaveLength(3);
  });

  it('getList without a total answers page information instead', async () => {
    const http = fakeHttp({ json: { data: [project(A)], totalCount: null, page: 1, limit: 1 } });
    const result = await createDataProvider(BASE, http.client, coreResources).getList('identity/project', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [project(A)], pageInfo: { hasPreviousPage: false, hasNextPage: true } });
  });

  it('getOne reads {base}/v1/{resource}/{id}', async () => {
    const http = fakeHttp({ json: project(A) });
    const result = await createDataProvider(BASE, http.client, coreResources).getOne('identity/project', {
      id: A,
    });
    expect(http.calls[0].url).toBe(`/api/core/v1/project/${A}`);
    expect(result.data).toEqual(project(A));
  });

  it('getMany asks for the ids with $inUuid, without counting', async () => {
    const http = fakeHttp({ json: { data: [project(A), project(B)], totalCount: null, page: 1, limit: 2 } });
    const result = await createDataProvider(BASE, http.client, coreResources).getMany('identity/user', {
      ids: [A, B, A],
    });
    expect(http.calls[0].url).toBe(
      `/api/core/v1/user?${where(`{"deletedAt":null,"id":{"$inUuid":["${A}","${B}"]}}`)}&page=1&limit=2&order=desc&orderBy=updatedAt&count=false`,
    );
    expect(result.data).toHaveLength(2);
  });

  it('getManyReference filters on the target id', async () => {
    const http = fakeHttp({ json: { data: [], totalCount: 0, page: 1, limit: 5 } });
    await createDataProvider(BASE, http.client, coreResources).getManyReference('identity/project', {
      target: 'parentId',
      id: A,
      filter: {},
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      meta: undefined,
    });
    expect(http.calls[0].url).toBe(
      `/api/core/v1/project?${where(`{"deletedAt":null,"parentId":{"$eq":"${A}"}}`)}&page=1&limit=5&order=asc&orderBy=name`,
    );
  });

  it('create POSTs only the writable fields and returns the created entity', async () => {
    const http = fakeHttp({ status: 201, json: project(A, { name: 'New' }) });
    const result = await createDataProvider(BASE, http.client, coreResources).create('identity/project', {
      data: { name: 'New', parentId: B, users: {}, id: 'ignored' },
    });
    expect(http.calls).toEqual([
      { url: '/api/core/v1/project', method: 'POST', body: { name: 'New', parentId: B } },
    ]);
    expect(result.data.id).toBe(A);
  });

  it('update PUTs the writable fields of the resource only', async () => {
    const http = fakeHttp({ json: project(A, { name: 'Renamed' }) });
    await createDataProvider(BASE, http.client, coreResources).update('identity/project', {
      id: A,
      data: project(A, { name: 'Renamed', users: { [B]: 2 } }),
      previousData: project(A),
    });
    expect(http.calls).toEqual([
      {
        url: `/api/core/v1/project/${A}`,
        method: 'PUT',
        body: { name: 'Renamed', description: null, active: true, parentId: null },
      },
    ]);
  });

  it('delete DELETEs the item and answers the deleted entity the API answers', async () => {
    const deleted = { id: A, name: 'CI', deletedAt: '2026-11-02T10:00:00.000Z' };
    const http = fakeHttp({ status: 200, json: deleted });
    const result = await createDataProvider(BASE, http.client, coreResources).delete('identity/apiClient', {
      id: A,
      previousData: { id: A, name: 'CI' },
    });
    expect(http.calls).toEqual([{ url: `/api/core/v1/apiClient/${A}`, method: 'DELETE', body: undefined }]);
    expect(result.data).toEqual(deleted);
  });

  it('getOne, update and delete put the id in the path, encoded', async () => {
    const http = fakeHttp({ json: { id: 'a/b c' } });
    const dataProvider = createDataProvider(BASE, http.client, coreResources);
    await dataProvider.getOne('identity/project', { id: 'a/b c' });
    await dataProvider.update('identity/project', {
      id: 'a/b c',
      data: { name: 'N' },
      previousData: { id: 1 },
    });
    await dataProvider.delete('identity/project', { id: 'a/b c' });
    expect(http.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/core/v1/project/a%2Fb%20c',
      'PUT /api/core/v1/project/a%2Fb%20c',
      'DELETE /api/core/v1/project/a%2Fb%20c',
    ]);
  });

  it('create of an upload resource POSTs multipart/form-data: the writable fields as text, then the file', async () => {
    const http = fakeHttp({ status: 201, json: { id: 'img-1' } });
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    const result = await createDataProvider(BASE, http.client, coreResources).create('passes/image', {
      data: { projectId: A, type: 'logo', name: 'Logo', file, url: 'ignored', id: 'ignored' },
    });
    expect(http.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/core/v1/image']);
    const form = http.calls[0].body as FormData;
    expect([...form.keys()]).toEqual(['projectId', 'type', 'name', 'file']);
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(result.data).toEqual({ id: 'img-1' });
  });

  it('updateMany PATCHes each id, one after the other, with the writable fields only', async () => {
    const http = fakeHttp({ json: {} });
    const result = await createDataProvider(BASE, http.client, coreResources).updateMany('identity/project', {
      ids: [A, B],
      data: { active: false, users: {} },
    });
    expect(http.calls).toEqual([
      { url: `/api/core/v1/project/${A}`, method: 'PATCH', body: { active: false } },
      { url: `/api/core/v1/project/${B}`, method: 'PATCH', body: { active: false } },
    ]);
    expect(result).toEqual({ data: [A, B] });
  });

  it('deleteMany DELETEs each id, one after the other', async () => {
    const http = fakeHttp((call) => ({ json: { id: call.url.split('/').pop(), deletedAt: 'now' } }));
    const result = await createDataProvider(BASE, http.client, coreResources).deleteMany(
      'identity/apiClient',
      {
        ids: [A, B],
      },
    );
    expect(http.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `DELETE /api/core/v1/apiClient/${A}`,
      `DELETE /api/core/v1/apiClient/${B}`,
    ]);
    expect(result).toEqual({ data: [A, B] });
  });

  it('a refused write rejects with the status and the message of the API error shape', async () => {
    const http = fakeHttp({
      status: 400,
      json: { statusCode: 400, error: 'Bad Request', message: 'The name must not be blank.' },
    });
    await expect(
      createDataProvider(BASE, http.client, coreResources).update('identity/project', {
        id: A,
        data: { name: ' ' },
        previousData: project(A),
      }),
    ).rejects.toMatchObject({ status: 400, message: 'The name must not be blank.' });
  });

  it('the complete list reads 1000 at a time without counting until a page has fewer than 1000', async () => {
    const page = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => ({ id: String(from + index) }));
    const http = fakeHttp(
      { json: { data: page(1000, 0), totalCount: null } },
      { json: { data: page(1000, 1000), totalCount: null } },
      { json: { data: page(3, 2000), totalCount: null } },
    );
    const rows = await createDataProvider(BASE, http.client, coreResources).getCompleteList(
      'identity/project',
    );
    expect(rows).toHaveLength(2003);
    expect(http.calls.map((call) => call.url)).toEqual(
      [1, 2, 3].map(
        (n) =>
          `/api/core/v1/project?${where('{"deletedAt":null}')}&page=${n}&limit=1000&order=desc&orderBy=updatedAt&count=false`,
      ),
    );
  });

  it('batch sends 10 items per request', async () => {
    const http = fakeHttp((call) => ({
      json: (call.body as Array<{ id: string }>).map((item) => ({
        status: { code: 200, message: [] },
        id: item.id,
      })),
    }));
    const items = Array.from({ length: 23 }, (_, index) => ({
      method: 'PUT' as const,
      id: String(index),
      data: {},
    }));
    const results = await createDataProvider(BASE, http.client, coreResources).batch(
      'identity/project',
      items,
    );
    expect(http.calls.map((call) => [call.url, call.method, (call.body as unknown[]).length])).toEqual([
      ['/api/core/v1/project/batch', 'POST', 10],
      ['/api/core/v1/project/batch', 'POST', 10],
      ['/api/core/v1/project/batch', 'POST', 3],
    ]);
    expect(results).toHaveLength(23);
  });
});

describe('createCoreDataProvider', () => {
  it('finds a user by e-mail, and answers null for 404', async () => {
    const http = fakeHttp(
      { json: { id: A, email: 'jane@example.com' } },
      { status: 404, json: { message: 'no' } },
    );
    const dataProvider = createCoreDataProvider(BASE, http.client);
    await expect(dataProvider.getUserByEmail(' jane@example.com ')).resolves.toMatchObject({ id: A });
    await expect(dataProvider.getUserByEmail('nobody@example.com')).resolves.toBeNull();
    expect(http.calls.map((call) => call.url)).toEqual([
      '/api/core/v1/user/byEmail/jane%40example.com',
      '/api/core/v1/user/byEmail/nobody%40example.com',
    ]);
  });

  it('sets and removes project rights', async () => {
    const http = fakeHttp({ json: { accessRights: 6 } }, { json: { accessRights: null } });
    const dataProvider = createCoreDataProvider(BASE, http.client);
    await expect(dataProvider.setProjectUserRights(A, B, 6)).resolves.toBe(6);
    await expect(dataProvider.setProjectUserRights(A, B, null)).resolves.toBeNull();
    expect(http.calls).toEqual([
      { url: `/api/core/v1/project/${A}/user/${B}/rights`, method: 'POST', body: { accessRights: 6 } },
      { url: `/api/core/v1/project/${A}/user/${B}/rights`, method: 'POST', body: { accessRights: null } },
    ]);
  });

  it('changes the own password', async () => {
    const http = fakeHttp({ status: 204 });
    await createCoreDataProvider(BASE, http.client).changeOwnPassword('old', 'New-pass1');
    expect(http.calls).toEqual([
      {
        url: '/api/core/v1/user/me/changePassword',
        method: 'POST',
        body: { currentPassword: 'old', newPassword: 'New-pass1' },
      },
    ]);
  });
});
