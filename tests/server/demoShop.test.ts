import type { LightMyRequestResponse } from 'fastify';
import type { DemoSummary } from '../../domain/schemas/demo';
import { ticketTemplateProblems } from '../../domain/ticket/ticketTemplateCheck';
import { loadConfig } from '../../server/kernel/config';
import { openDatabase } from '../../server/kernel/db/database';
import { migrateToLatest } from '../../server/kernel/db/migrate';
import { prepareFirstStart } from '../../server/features/identity/firstStart';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { describeOnEachDatabase, expectError } from './harness';

// an RSA key, pictures, 600 passes and a year of events on a busy two-core machine
jest.setTimeout(180_000);

interface Product {
  id: string;
  name: string;
  active: boolean;
  maxEntries: number;
  vat: number;
  priceWithVat: number;
  title: Record<string, string>;
  templateIds: string[];
  event: { name?: string; venue?: string; startsAt?: string; endsAt?: string } | null;
}
interface OrderItem {
  id: string;
  state: string;
  passId: string | null;
  ticketSecret: string;
  itemNumber: string | null;
  data: Record<string, unknown> | null;
}

/**
 * The demo's ticket e-shop, made as the console's home page makes it (POST /api/core/v1/demo, in the server's
 * process): the e-shop with its seller, two products on the ticket contract, and one order paid through the
 * checkout and the simulated bank, whose passes are issued as a customer's.
 */
describeOnEachDatabase('the demo from the console, with its e-shop', (server) => {
  let admin: string;
  let summary: DemoSummary;

  const demo = (token: string | undefined) =>
    server().call(token, { method: 'POST', url: '/api/core/v1/demo' });
  const get = async (url: string) => {
    const response = await server().call(admin, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const where = (filter: object) => encodeURIComponent(JSON.stringify(filter));

  beforeAll(async () => {
    admin = await server().adminToken();
  });

  it('answers 401 without a token and 403 to a user who is not an administrator, making nothing', async () => {
    expectError(await demo(undefined), 401);
    const user = await server().createUser();
    expectError(await demo(user.token), 403, 'Creating the demo project is for administrators.');
    const projects = await get('/api/core/v1/project?limit=1000');
    expect(projects.data.map((project: { name: string }) => project.name)).not.toContain('Demo');
  });

  it('makes the demo for an administrator (201 with its summary), and answers 409 to a second call meanwhile', async () => {
    const answers: LightMyRequestResponse[] = await Promise.all([demo(admin), demo(admin)]);

    const [made, refused] = answers[0].statusCode === 201 ? answers : [answers[1], answers[0]];
    expect(made.statusCode).toBe(201);
    expectError(refused, 409, /^The demo project is being created already \(started at .* by .*\)/);
    summary = made.json();
    expect(summary).toEqual({
      projectId: expect.any(String),
      replaced: false,
      certificateId: expect.any(String),
      templates: expect.arrayContaining([
        { id: expect.any(String), name: 'Open Air Nights ticket', style: 'eventTicket' },
      ]),
      passes: 600,
      events: expect.any(Number),
      eshopId: expect.any(String),
      orderNumber: expect.any(String),
    });
    expect(summary.templates).toHaveLength(5);
    expect(summary.events).toBeGreaterThan(1000);
  });

  it('describes the call in the OpenAPI document', async () => {
    const document = (await server().call(undefined, { method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/v1/demo'].post;
    expect(operation.tags).toEqual(['demo']);
    expect(operation.description).toMatch(/^Administrators: creates the project "Demo"/);
    expect(Object.keys(operation.responses).sort()).toEqual(['201', '401', '403', '409']);
    expect(Object.keys(operation.responses['201'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['projectId', 'replaced', 'templates', 'passes', 'events', 'eshopId']),
    );
  });

  it('makes the e-shop Open Air Nights: Czech and English, CZK, active, a free order prefix, a complete seller', async () => {
    const eshops = await get(`/api/ticket/v1/eshop?where=${where({ projectId: summary.projectId })}`);
    expect(eshops.data).toHaveLength(1);
    const [eshop] = eshops.data;
    expect(eshop).toMatchObject({
      id: summary.eshopId,
      name: 'Open Air Nights',
      active: true,
      locales: ['cs', 'en'],
      currency: 'CZK',
      currencyCode: 203,
      orderPrefix: '90',
      termsUrl: expect.stringMatching(/^https:\/\/example\.com\//),
    });
    expect(eshop.seller).toEqual({
      legalName: expect.any(String),
      address: expect.stringContaining('Praha'),
      companyId: expect.stringMatching(/^\d{8}$/),
      vatId: expect.stringMatching(/^CZ\d{8}$/),
      vatPayer: true,
      email: expect.stringMatching(/@example\.com$/),
      registration: expect.stringContaining('Městského soudu v Praze'),
    });
  });

  it('sells two active products with Czech and English titles and 21 % VAT, whose template passes the contract check for their event', async () => {
    const products: Product[] = (
      await get(`/api/ticket/v1/product?where=${where({ eshopId: summary.eshopId })}&orderBy=order&order=asc`)
    ).data;
    expect(products.map((product) => [product.name, product.maxEntries, product.priceWithVat])).toEqual([
      ['Standing', 1, 490],
      ['Weekend pass', 2, 890],
    ]);
    const ticket = summary.templates.find((template) => template.style === 'eventTicket');
    for (const product of products) {
      expect(product).toMatchObject({ active: true, vat: 0.21, templateIds: [ticket?.id] });
      expect(Object.keys(product.title).sort()).toEqual(['cs', 'en']);
      expect(Date.parse(product.event?.startsAt ?? '')).toBeGreaterThan(Date.now());
      expect(Date.parse(product.event?.endsAt ?? '')).toBeGreaterThan(
        Date.parse(product.event?.startsAt ?? ''),
      );
      expect(product.event?.name).toEqual(expect.any(String));
      expect(product.event?.venue).toEqual(expect.any(String));
      const template = await get(`/api/core/v1/template/${product.templateIds[0]}`);
      expect(ticketTemplateProblems(template, product.event)).toEqual({ errors: [] });
    }
  });

  it('places one order of two tickets, paid through the simulated bank, whose passes carry the tickets and holders', async () => {
    const orders = await get(`/api/ticket/v1/order?where=${where({ eshopId: summary.eshopId })}`);
    expect(orders.data).toHaveLength(1);
    const [order] = orders.data;
    expect(order).toMatchObject({
      orderNumber: summary.orderNumber,
      paymentState: 'paid',
      totalWithVat: 1380,
    });
    expect(order.orderNumber.startsWith('90')).toBe(true);
    const items: OrderItem[] = (await get(`/api/ticket/v1/orderItem?where=${where({ orderId: order.id })}`))
      .data;
    expect(items).toHaveLength(2);
    const holders: string[] = [];
    for (const item of items) {
      expect(item.state).toBe('issued');
      expect(item.ticketSecret).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const pass = await get(`/api/core/v1/pass/${item.passId}`);
      expect(pass.templateId).toBe(
        summary.templates.find((template) => template.style === 'eventTicket')?.id,
      );
      expect(pass.dynamicData).toMatchObject({
        ticketSecret: item.ticketSecret,
        itemNumber: item.itemNumber,
        orderNumber: order.orderNumber,
        eshopName: 'Open Air Nights',
        eventVenue: expect.any(String),
        eventStart: expect.any(String),
      });
      holders.push(pass.dynamicData.holderName);
    }
    expect(holders.sort()).toEqual(['Jana Nováková', 'Tomáš Dvořák']);
  });

  it("sends the order's email through the server's job queue, as a customer's", async () => {
    await server().jobsIdle();
    const order = (await get(`/api/ticket/v1/order?where=${where({ eshopId: summary.eshopId })}`)).data[0];
    expect(order.state).toBe('emailSent');
    expect(checkoutPartsOf(server().context)?.sentMail.map((mail) => mail.orderId)).toContain(order.id);
  });
});

it("names both ways to demo data in the first start's log, after the first administrator, and not when the command itself starts", async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({
      FIRST_ADMIN_EMAIL: 'first@test.local',
      FIRST_ADMIN_PASSWORD: 'First-Passw0rd!',
    });
    const lines: string[] = [];
    await prepareFirstStart(database.db, config, (line) => lines.push(line));
    expect(lines).toEqual([
      'First administrator created: first@test.local (password from FIRST_ADMIN_PASSWORD).',
      expect.stringContaining('"Create the demo project" on the console\'s home page'),
    ]);
    expect(lines[1]).toContain(
      '`npm run demo-data` (with the server stopped when it uses the embedded database)',
    );
    await database.db.deleteFrom('user').execute();
    const quiet: string[] = [];
    await prepareFirstStart(database.db, config, (line) => quiet.push(line), { demoDataHint: false });
    expect(quiet).toEqual([
      'First administrator created: first@test.local (password from FIRST_ADMIN_PASSWORD).',
    ]);
  } finally {
    await database.close();
  }
});
