import { sql } from 'kysely';
import { migratorOf } from '../../server/kernel/db/migrate';
import { createShop, type Shop } from './checkoutFixtures';
import { buyTickets } from './gateFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { ticketTemplateBody } from './passFixtures';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';
const PUBLIC = '/api/ticket/public/v1';
const wrapped = (value: string, fallback = '-') => ({ type: 'string', value, fallback });

describe.each(databaseKinds)('the ticket contract (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let shop: Shop;
  let projectId: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    admin = await server.adminToken();
    shop = await createShop(server);
    projectId = shop.projectId;
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.call(admin, { method, url, ...(payload ? { payload } : {}) });
  /** A template of the e-shop's project: the contract's ticket template with the changes. */
  const template = async (changes: (body: ReturnType<typeof ticketTemplateBody>) => object) => {
    const body = ticketTemplateBody(projectId, { name: `Ticket ${Math.random()}` });
    const created = await call('POST', '/api/core/v1/template', changes(body));
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  };
  const product = (templateId: string, extra: object = {}) =>
    call('POST', `${T}/product`, {
      eshopId: shop.eshopId,
      name: 'Adult',
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [templateId],
      title: { cs: 'Dospělý', en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
      active: true,
      ...extra,
    });

  test('a product takes a template on the contract', async () => {
    const created = await product(await template((body) => body));
    expect(created.statusCode).toBe(201);
  });

  test("a template whose barcode does not carry the ticket's secret or pass link is refused, naming it", async () => {
    const withNumber = await template((body) => ({
      ...body,
      jsonTemplate: {
        ...body.jsonTemplate,
        barcodes: [
          { format: 'PKBarcodeFormatQR', message: wrapped('#{itemNumber}'), messageEncoding: 'iso-8859-1' },
        ],
      },
    }));
    const refused = expectError(await product(withNumber), 400, /cannot issue this product's tickets/);
    expect(refused.errors).toEqual([
      {
        path: '/templateIds/0',
        message: expect.stringMatching(
          /\/jsonTemplate\/barcodes\/0\/message does not carry the ticket.*#\{ticketSecret\}/,
        ),
      },
    ]);
    const none = await template((body) => ({
      ...body,
      jsonTemplate: { ...body.jsonTemplate, barcodes: [] },
    }));
    expect(expectError(await product(none), 400).errors?.[0].message).toMatch(/has no barcode/);
    const byLink = await template((body) => ({
      ...body,
      jsonTemplate: {
        ...body.jsonTemplate,
        barcodes: [
          { format: 'PKBarcodeFormatQR', message: wrapped('#{passUrl}'), messageEncoding: 'iso-8859-1' },
        ],
      },
    }));
    expect((await product(byLink)).statusCode).toBe(201);
  });

  test('a placeholder outside the contract is refused, though it has a fallback: every ticket would show it', async () => {
    const doors = await template((body) => ({
      ...body,
      jsonTemplate: {
        ...body.jsonTemplate,
        eventTicket: {
          ...body.jsonTemplate.eventTicket,
          auxiliaryFields: [{ key: 'doors', label: 'Doors', value: wrapped('#{doors}', 'soon') }],
        },
      },
    }));
    const refused = expectError(await product(doors), 400, /#\{doors\} is not a field the e-shop fills/);
    expect(refused.errors?.[0]).toMatchObject({ path: '/templateIds/0' });
    expect(refused.errors?.[0].message).toMatch(
      /\/jsonTemplate\/eventTicket\/auxiliaryFields\/0\/value\/value/,
    );
  });

  test("event placeholders need the product's event; then the pass carries them", async () => {
    const event = await template((body) => ({
      ...body,
      jsonTemplate: {
        ...body.jsonTemplate,
        eventTicket: {
          ...body.jsonTemplate.eventTicket,
          headerFields: [{ key: 'event', label: 'Event', value: wrapped('#{eventName}') }],
          auxiliaryFields: [{ key: 'venue', label: 'Venue', value: wrapped('#{eventVenue}') }],
        },
      },
    }));
    const refused = expectError(await product(event), 400, /needs the product's event/);
    expect(refused.errors?.map((error) => error.message)).toEqual([
      expect.stringMatching(/#\{eventVenue\} needs the product's event/),
      expect.stringMatching(/#\{eventName\} needs the product's event/),
    ]);
    expectError(await product(event, { event: { name: 'Summer night' } }), 400, /#\{eventVenue\}/);
    const created = await product(event, {
      event: { name: 'Summer night', venue: 'City Park', startsAt: '2027-06-20T19:00:00Z' },
    });
    expect(created.statusCode).toBe(201);
    // a change that drops what the template shows is refused too
    expectError(
      await call('PATCH', `${T}/product/${created.json().id}`, { event: { venue: null } }),
      400,
      /#\{eventVenue\}/,
    );
    const order = await server.call(undefined, {
      method: 'POST',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
      payload: {
        email: 'jana@example.com',
        locale: 'cs',
        items: [
          { productId: created.json().id, count: 1, data: { holderName: 'Jana Nováková' } },
          { productId: created.json().id, count: 1, data: { name: 'Petr Novák' } },
          { productId: created.json().id, count: 1 },
        ],
      },
    });
    expect(order.statusCode).toBe(201);
    const paid = await server.call(undefined, {
      method: 'POST',
      url: new URL(order.json().paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    const passes = await server.context.db
      .selectFrom('orderItem')
      .innerJoin('pass', 'pass.id', 'orderItem.passId')
      .select(['orderItem.ticketSecret', 'orderItem.itemNumber', 'pass.dynamicData', 'pass.id as passId'])
      .where('orderItem.orderId', '=', order.json().orderId)
      .orderBy('orderItem.createdAt')
      .execute();
    expect(passes.map((row) => (row.dynamicData as { holderName: string }).holderName)).toEqual([
      'Jana Nováková',
      'Petr Novák',
      '',
    ]);
    const eshop = await server.context.db
      .selectFrom('eshop')
      .select('name')
      .where('id', '=', shop.eshopId)
      .executeTakeFirstOrThrow();
    for (const row of passes) {
      expect(row.dynamicData).toEqual({
        ticketSecret: row.ticketSecret,
        passUrl: expect.stringMatching(new RegExp(`/p/${row.passId}$`)),
        orderNumber: order.json().orderNumber,
        itemNumber: row.itemNumber,
        holderName: expect.any(String),
        // the product's title in the order's language, not its internal name
        productName: 'Dospělý',
        eshopName: eshop.name,
        validFrom: expect.any(String),
        validTo: expect.any(String),
        entries: '0/1',
        entriesLeft: 1,
        entryCount: 0,
        maxEntries: 1,
        eventName: 'Summer night',
        eventVenue: 'City Park',
        eventStart: '2027-06-20T19:00:00Z',
      });
    }
  });

  test('a dynamic data schema that requires a field the checkout does not write is refused', async () => {
    const strict = await template((body) => ({
      ...body,
      dynamicDataJsonSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] },
    }));
    expectError(await product(strict), 400, /requires "seat"/);
  });

  test("a holder's name is cut to 100 characters on the pass; HTML stays text", async () => {
    const [ticket] = await buyTickets(server, shop);
    expect(ticket.ticketSecret).toHaveLength(22);
    const order = await server.call(undefined, {
      method: 'POST',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
      payload: {
        email: 'jana@example.com',
        locale: 'en',
        items: [{ productId: shop.product, count: 1, data: { holderName: `<b>${'x'.repeat(500)}` } }],
      },
    });
    await server.call(undefined, {
      method: 'POST',
      url: new URL(order.json().paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    const pass = await server.context.db
      .selectFrom('orderItem')
      .innerJoin('pass', 'pass.id', 'orderItem.passId')
      .select('pass.dynamicData')
      .where('orderItem.orderId', '=', order.json().orderId)
      .executeTakeFirstOrThrow();
    const holder = (pass.dynamicData as { holderName: string }).holderName;
    expect(holder).toHaveLength(100);
    expect(holder.startsWith('<b>x')).toBe(true);
  });
});

describe.each(databaseKinds)("e-shops' order prefixes (%s)", (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Prefixes');
  }, 60_000);
  afterAll(() => server?.close(), 30_000);

  const createEshop = (body: object) =>
    server.call(admin, { method: 'POST', url: `${T}/eshop`, payload: { projectId, ...body } });

  test('a new e-shop gets the next free prefix; a clashing one is refused naming the free one', async () => {
    const first = await createEshop({ name: 'First' });
    expect(first.json().orderPrefix).toBe('90');
    const second = await createEshop({ name: 'Second' });
    expect(second.json().orderPrefix).toBe('91');
    for (const prefix of ['90', '9', '901'])
      expectError(
        await createEshop({ name: 'Clash', orderPrefix: prefix }),
        400,
        /clashes with 9[01] of the e-shop "(First|Second)".*92 is free/,
      );
    expect((await createEshop({ name: 'Own', orderPrefix: '123' })).json().orderPrefix).toBe('123');
    expectError(
      await server.call(admin, {
        method: 'PATCH',
        url: `${T}/eshop/${second.json().id}`,
        payload: { orderPrefix: '12' },
      }),
      400,
      /clashes with 123/,
    );
    // a deleted e-shop's numbers stay taken
    await server.call(admin, { method: 'DELETE', url: `${T}/eshop/${first.json().id}` });
    expectError(await createEshop({ name: 'Reuse', orderPrefix: '90' }), 400, /clashes with 90/);
  });

  test('e-shops created at the same moment get distinct prefixes', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createEshop({ name: `Rush ${index}` })),
    );
    expect(created.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const prefixes = created.map((answer) => answer.json().orderPrefix as string);
    expect(new Set(prefixes).size).toBe(8);
  });

  test('the migration gives the later of two e-shops sharing a prefix the next free one', async () => {
    const migrator = migratorOf(server.context.db);
    expect((await migrator.migrateTo('0021_order_lookups')).error).toBeUndefined();
    try {
      const insert = (name: string, at: string) =>
        sql`insert into "eshop" ("projectId", "name", "orderPrefix", "active", "eshopVersion", "locales",
          "currency", "currencyCode", "maxItems", "maxPriceWithVat", "headOverrides", "bodyOverrides", "createdAt")
          values (${projectId}, ${name}, '77', true, '2.0', '["cs"]', 'CZK', 203, 10, 1000, '', '', ${at}::timestamptz)`.execute(
          server.context.db,
        );
      await insert('Older', '2020-01-01T00:00:00Z');
      await insert('Newer', '2021-01-01T00:00:00Z');
    } finally {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    }
    const rows = await server.context.db
      .selectFrom('eshop')
      .select(['name', 'orderPrefix'])
      .where('name', 'in', ['Older', 'Newer'])
      .execute();
    const prefixOf = (name: string) => rows.find((row) => row.name === name)?.orderPrefix;
    expect(prefixOf('Older')).toBe('77');
    expect(prefixOf('Newer')).not.toBe('77');
    expect(prefixOf('Newer')).toMatch(/^[0-9]{2}$/);
  });
});
