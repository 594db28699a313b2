import { createCoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { fakeHttp } from './fakeHttp';

const BASE = '/api/core';
const T = '33333333-3333-4333-8333-333333333333';
const whereOf = (url: string) => JSON.parse(new URL(url, 'http://x').searchParams.get('where') ?? 'null');
const page = (count: number) => ({
  data: Array.from({ length: count }, (_, i) => ({ id: String(i) })),
  totalCount: null,
});

describe('pass and template calls', () => {
  it('turns the pass list choices into where conditions: devices and downloads, created from and to', async () => {
    const http = fakeHttp({ json: { data: [], totalCount: 0 } });
    await createCoreDataProvider(BASE, http.client).getList('passes/pass', {
      filter: {
        devices: 'some',
        downloads: 'none',
        createdAt_from: '2026-03-01',
        createdAt_to: '2026-03-31',
      },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'devices.total', order: 'DESC' },
    });
    const url = new URL(http.calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/core/v1/pass');
    expect(whereOf(http.calls[0].url)).toEqual({
      deletedAt: null,
      'devices.total': { $gt: 0 },
      downloads: { $eq: 0 },
      createdAt: {
        gtOrEq: new Date(2026, 2, 1).toISOString(),
        $lt: new Date(2026, 3, 1).toISOString(),
      },
    });
    expect(url.searchParams.get('orderBy')).toBe('devices.total');
  });

  it('devices none is devices.total = 0; downloads some is downloads > 0; dynamic data is a like', async () => {
    const http = fakeHttp({ json: { data: [], totalCount: 0 } });
    await createCoreDataProvider(BASE, http.client).getList('passes/pass', {
      filter: { devices: 'none', downloads: 'some', dynamicData: 'Jane', templateId: T },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'updatedAt', order: 'DESC' },
    });
    expect(whereOf(http.calls[0].url)).toEqual({
      deletedAt: null,
      'devices.total': { $eq: 0 },
      downloads: { $gt: 0 },
      dynamicData: { $like: 'Jane' },
      templateId: { $eq: T },
    });
  });

  it('reads every pass of an export 1000 at a time without counting', async () => {
    const http = fakeHttp({ json: page(1000) }, { json: page(1000) }, { json: page(3) });
    const passes = await createCoreDataProvider(BASE, http.client).getCompleteList('passes/pass', {
      devices: 'some',
    });
    expect(passes).toHaveLength(2003);
    expect(http.calls.map((call) => new URL(call.url, 'http://x').searchParams.toString())).toEqual(
      [1, 2, 3].map((number) =>
        new URLSearchParams({
          where: JSON.stringify({ deletedAt: null, 'devices.total': { $gt: 0 } }),
          page: String(number),
          limit: '1000',
          order: 'desc',
          orderBy: 'updatedAt',
          count: 'false',
        }).toString(),
      ),
    );
  });

  it('writes only the writable fields of a template and a pass', async () => {
    const http = fakeHttp({ json: { id: T } });
    const dataProvider = createCoreDataProvider(BASE, http.client);
    await dataProvider.update('passes/template', {
      id: T,
      data: {
        id: T,
        name: 'A',
        valid: true,
        createdAt: 'x',
        projectId: 'p',
        languages: ['en'],
        jsonTemplate: {},
      },
      previousData: { id: T },
    });
    expect(http.calls[0]).toMatchObject({ url: `/api/core/v1/template/${T}`, method: 'PUT' });
    expect(http.calls[0].body).toEqual({ name: 'A', projectId: 'p', languages: ['en'], jsonTemplate: {} });
    await dataProvider.update('passes/pass', {
      id: 'x',
      data: { id: 'x', templateId: T, voided: true, devices: { total: 1 }, url: '/p/x' },
      previousData: { id: 'x' },
    });
    expect(http.calls[1].body).toEqual({ templateId: T, voided: true });
  });

  it('pushes a template with GET {core}/v1/template/{id}/push', async () => {
    const http = fakeHttp({ json: null });
    await createCoreDataProvider(BASE, http.client).pushTemplate(T);
    expect(http.calls).toEqual([{ url: `/api/core/v1/template/${T}/push`, method: 'GET', body: undefined }]);
  });
});
