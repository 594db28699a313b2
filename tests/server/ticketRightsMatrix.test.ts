import { sql } from 'kysely';
import { ALL_RIGHTS, Right } from '../../domain/rights';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { ticketTemplateBody } from './passFixtures';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';

type Who =
  | 'admin'
  | 'none'
  | 'eshopRead'
  | 'productManage'
  | 'productManager'
  | 'accounting'
  | 'entry'
  | 'otherProject';

/** The rights each test user holds on the e-shop's project (otherProject: all rights, on another project). */
const RIGHTS: Record<Exclude<Who, 'admin'>, number> = {
  none: Right.PROJECT_ACCESS,
  eshopRead: Right.TICKET_ESHOP_READ,
  productManage: Right.TICKET_PRODUCT_MANAGE,
  productManager: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ,
  accounting: Right.TICKET_ACCOUNTING,
  entry: Right.TICKET_ENTRY,
  otherProject: ALL_RIGHTS,
};

/**
 * Who may do what with the ticket resources (spec section 6): a status per caller. Reading a row of a project the
 * caller may not read answers 404, as if it were missing; an action without the right answers 403; a product for
 * an e-shop the caller cannot see is refused as naming an unknown e-shop (400). The sales of a caller with the
 * right elsewhere answer 200 with that project's sales only.
 */
const MATRIX: Array<{ action: string; expected: Record<Who, number> }> = [
  {
    action: 'read the e-shop',
    expected: {
      admin: 200,
      none: 404,
      eshopRead: 200,
      productManage: 404,
      productManager: 200,
      accounting: 404,
      entry: 404,
      otherProject: 404,
    },
  },
  {
    action: 'save the e-shop',
    expected: {
      admin: 200,
      none: 404,
      eshopRead: 403,
      productManage: 404,
      productManager: 403,
      accounting: 404,
      entry: 404,
      otherProject: 404,
    },
  },
  {
    action: 'create a product',
    expected: {
      admin: 201,
      none: 403,
      eshopRead: 403,
      productManage: 403,
      productManager: 201,
      accounting: 403,
      entry: 403,
      otherProject: 400,
    },
  },
  {
    action: 'read an order',
    expected: {
      admin: 200,
      none: 404,
      eshopRead: 200,
      productManage: 404,
      productManager: 200,
      accounting: 404,
      entry: 404,
      otherProject: 404,
    },
  },
  {
    action: 'count an entry of an order item',
    expected: {
      admin: 200,
      none: 404,
      eshopRead: 403,
      productManage: 404,
      productManager: 403,
      accounting: 404,
      entry: 200,
      otherProject: 404,
    },
  },
  {
    action: 'read the sales',
    expected: {
      admin: 200,
      none: 403,
      eshopRead: 403,
      productManage: 403,
      productManager: 403,
      accounting: 200,
      entry: 403,
      otherProject: 200,
    },
  },
];

describe.each(databaseKinds)('ticket rights matrix (%s)', (kind) => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  let projectId: string;
  let eshopId: string;
  let templateId: string;
  let orderId: string;
  let orderItemId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens.admin = await server.adminToken();
    projectId = await server.createProject('Zoo');
    const otherProjectId = await server.createProject('Museum');
    for (const [who, rights] of Object.entries(RIGHTS) as Array<[Exclude<Who, 'admin'>, number]>) {
      const user = await server.createUser();
      await server.setRights(who === 'otherProject' ? otherProjectId : projectId, user.id, rights);
      tokens[who] = user.token;
    }
    const template = await server.call(tokens.admin, {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: ticketTemplateBody(projectId, { languages: ['cs'] }),
    });
    templateId = template.json().id;
    eshopId = (
      await server.call(tokens.admin, {
        method: 'POST',
        url: `${T}/eshop`,
        payload: { projectId, name: 'Zoo shop', locales: ['cs'] },
      })
    ).json().id;
    const product = await server.call(tokens.admin, {
      method: 'POST',
      url: `${T}/product`,
      payload: productBody(),
    });
    const db = server.context.db;
    const order = await sql<{ id: string }>`insert into "order"
      ("eshopId", "projectId", "orderNumber", "yearSerial", "locale", "email", "paymentState", "paymentSuccessAt",
       "totalWithoutVat", "totalWithVat")
      values (${eshopId}, ${projectId}, '9026000001', 1, 'cs', 'buyer@example.com', 'paid', now(), 100, 121)
      returning "id"`.execute(db);
    orderId = order.rows[0].id;
    const item = await sql<{ id: string }>`insert into "orderItem" ("orderId", "productId", "productName",
      "productMaxEntries", "priceWithoutVat", "vat", "price", "discountedPrice", "itemNumber")
      values (${orderId}, ${product.json().id}, 'Adult', 3, 100, 0.21, 121, 121, '902611220001') returning "id"`.execute(
      db,
    );
    orderItemId = item.rows[0].id;
  });
  afterAll(() => server?.close());

  const productBody = () => ({
    eshopId,
    name: 'Adult',
    priceWithoutVat: 100,
    vat: 0.21,
    templateIds: [templateId],
    title: { cs: 'Dospělý' },
    period: { periodType: 'days', daysMaximalValidity: 30 },
  });

  const act = (action: string, token: string) => {
    switch (action) {
      case 'read the e-shop':
        return server.call(token, { method: 'GET', url: `${T}/eshop/${eshopId}` });
      case 'save the e-shop':
        return server.call(token, {
          method: 'PATCH',
          url: `${T}/eshop/${eshopId}`,
          payload: { name: 'Zoo shop' },
        });
      case 'create a product':
        return server.call(token, { method: 'POST', url: `${T}/product`, payload: productBody() });
      case 'read an order':
        return server.call(token, { method: 'GET', url: `${T}/order/${orderId}` });
      case 'count an entry of an order item':
        return server.call(token, {
          method: 'PATCH',
          url: `${T}/orderItem/${orderItemId}`,
          payload: { entryCount: 1 },
        });
      default: {
        const where = encodeURIComponent(
          JSON.stringify({ from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }),
        );
        return server.call(token, { method: 'GET', url: `${T}/sale?where=${where}` });
      }
    }
  };

  describe.each(MATRIX)('$action', ({ action, expected }) => {
    it.each(Object.keys(expected) as Who[])('as %s', async (who) => {
      const response = await act(action, tokens[who]);
      expect({ who, status: response.statusCode }).toEqual({ who, status: expected[who] });
    });
  });

  it('answers 401 without a token', async () => {
    const response = await server.call(undefined, { method: 'GET', url: `${T}/eshop/${eshopId}` });
    expect(response.statusCode).toBe(401);
  });
});
