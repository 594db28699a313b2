import { createConsoleDataProvider } from '../../src/dataProviders/consoleDataProvider';
import { fakeHttp } from './fakeHttp';

const config = { coreApi: '/api/core', ticketApi: '/api/ticket' };
const E1 = 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1';

describe('console data provider', () => {
  it('sends ticket routes to the ticket API under their API names', async () => {
    const { client, calls } = fakeHttp({ json: { data: [], totalCount: 0, page: 1, limit: 20 } });
    const provider = createConsoleDataProvider(config, client, () => null);
    await provider.getList('ticket/ticketOrderItem', {
      filter: { eshopId: E1 },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    const where = encodeURIComponent(JSON.stringify({ deletedAt: null, eshopId: { $eq: E1 } }));
    expect(calls[0].url).toBe(
      `/api/ticket/v1/orderItem?where=${where}&page=1&limit=20&order=desc&orderBy=createdAt`,
    );
  });

  it('keeps core routes on the core API', async () => {
    const { client, calls } = fakeHttp({ json: { id: E1 } });
    await createConsoleDataProvider(config, client, () => null).getOne('identity/project', { id: E1 });
    expect(calls[0].url).toBe(`/api/core/v1/project/${E1}`);
  });

  it('writes only the order fields the back office may change', async () => {
    const { client, calls } = fakeHttp({ json: { id: E1 } });
    await createConsoleDataProvider(config, client, () => null).update('ticket/ticketOrder', {
      id: E1,
      data: { id: E1, email: 'jana@example.com', paymentState: 'paid' },
      previousData: { id: E1 },
    });
    expect(calls[0]).toEqual({
      url: `/api/ticket/v1/order/${E1}`,
      method: 'PUT',
      body: { email: 'jana@example.com' },
    });
  });

  it('sends the by-id calls of each route to its API: create, read, update and delete', async () => {
    const { client, calls } = fakeHttp({ status: 201, json: { id: E1 } });
    const provider = createConsoleDataProvider(config, client, () => null);
    await provider.create('ticket/ticketEshop', { data: { name: 'Shop', id: 'ignored' } });
    await provider.getOne('ticket/ticketProduct', { id: E1 });
    await provider.update('identity/project', { id: E1, data: { name: 'P' }, previousData: { id: E1 } });
    await provider.delete('ticket/ticketProduct', { id: E1, previousData: { id: E1 } });
    await provider.delete('passes/pass', { id: E1 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/ticket/v1/eshop',
      `GET /api/ticket/v1/product/${E1}`,
      `PUT /api/core/v1/project/${E1}`,
      `DELETE /api/ticket/v1/product/${E1}`,
      `DELETE /api/core/v1/pass/${E1}`,
    ]);
    expect(calls[0].body).toEqual({ name: 'Shop' });
  });

  it('offers every call the screens make, generic or not', () => {
    const provider = createConsoleDataProvider(config, fakeHttp({}).client, () => null);
    const calls = [
      ...['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany'],
      ...['delete', 'deleteMany', 'getCompleteList', 'batch', 'getUserByEmail', 'setProjectUserRights'],
      ...['changeOwnPassword', 'pushTemplate', 'getSaveToGooglePayLink', 'updateGooglePayObjects'],
      ...['getCertificateRequest', 'uploadCertificate', 'preflight', 'getPushResults', 'getReport'],
      ...['sendOrderMail', 'updatePaymentState', 'getInvoice', 'getAccounting'],
    ];
    const provided = provider as unknown as Record<string, unknown>;
    expect(calls.filter((name) => typeof provided[name] !== 'function')).toEqual([]);
  });

  it('keeps the core calls that are not CRUD on the core API', async () => {
    const { client, calls } = fakeHttp({ json: { errors: [], warnings: [] } });
    const provider = createConsoleDataProvider(config, client, () => null);
    await provider.preflight('template', E1);
    await provider.pushTemplate(E1);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/core/v1/template/${E1}/preflight`,
      `GET /api/core/v1/template/${E1}/push`,
    ]);
  });

  it('calls sendMail, updatePaymentState and the accounting as spec section 7 says', async () => {
    const { client, calls } = fakeHttp({ json: { data: [] } });
    const provider = createConsoleDataProvider(config, client, () => null);
    await provider.sendOrderMail(E1);
    await provider.updatePaymentState(E1);
    await provider.getAccounting('sale', {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      `GET /api/ticket/v1/order/${E1}/sendMail`,
      `POST /api/ticket/v1/order/${E1}/updatePaymentState`,
      'GET /api/ticket/v1/sale',
    ]);
    expect(new URLSearchParams(calls[2].url.split('?')[1]).get('where')).toBe(
      '{"from":"2026-11-01T00:00:00.000Z","to":"2026-11-23T00:00:00.000Z"}',
    );
  });
});
