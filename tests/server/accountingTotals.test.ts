import { sql } from 'kysely';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { ticketTemplateBody } from './passFixtures';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';

interface Sale {
  eshopId: string;
  type: string;
  count: number;
  price: number;
  discountedPrice: number;
}

/**
 * The Sales tab and the transactions' count read daily totals (salesDaily) for the whole UTC days of a period and
 * the items only at its edges: their figures must equal those added up from the items themselves, after payments,
 * refunds, voids, deletions, moved payment times and bulk writes, for periods cut at any instant (local days of
 * other time zones, fractions of a second).
 */
describe.each(databaseKinds)('accounting from daily totals (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  const eshops: string[] = [];
  const products: Array<{ id: string; eshopId: string; name: string }> = [];
  let orders = 0;

  const db = () => server.context.db;

  /** An order of the e-shop in the payment state, paid at the instant, with items of the given prices. */
  async function seedOrder(eshopId: string, paymentState: string, paidAt: string | null, prices: number[]) {
    orders += 1;
    const { rows } = await sql<{ id: string }>`insert into "order"
      ("eshopId", "projectId", "orderNumber", "yearSerial", "locale", "email", "paymentState", "paymentSuccessAt",
       "totalWithoutVat", "totalWithVat")
      values (${eshopId}, ${projectId}, ${`77${String(orders).padStart(6, '0')}`}, ${orders}, 'cs',
        'buyer@example.com', ${paymentState}, ${paidAt}, 0, 0) returning "id"`.execute(db());
    const ofShop = products.filter((product) => product.eshopId === eshopId);
    for (const [index, price] of prices.entries()) {
      const product = ofShop[index % ofShop.length];
      await sql`insert into "orderItem" ("orderId", "productId", "productName", "productMaxEntries",
        "priceWithoutVat", "vat", "price", "discountedPrice")
        values (${rows[0].id}, ${product.id}, ${product.name}, 1, ${price}, 0, ${price},
          ${price - (index % 3)})`.execute(db());
    }
    return rows[0].id;
  }

  /** The Sales tab's figures computed from the items themselves (the query before daily totals). */
  async function salesFromItems(where: { eshopId?: string; from: string; to: string }): Promise<Sale[]> {
    const { rows } = await sql<Sale & { price: string; discountedPrice: string }>`
      select "eshopId", "productName" as "type", count(*)::int as "count", sum("price") as "price",
        sum("discountedPrice") as "discountedPrice"
      from "orderItem" where "paymentState" = 'paid' and "deletedAt" is null
        and "paidAt" >= ${where.from}::timestamptz and "paidAt" < ${where.to}::timestamptz
        and (${where.eshopId ?? null}::uuid is null or "eshopId" = ${where.eshopId ?? null}::uuid)
      group by "eshopId", "projectId", "productName" order by "eshopId", "productName"`.execute(db());
    return rows.map((row) => ({
      ...row,
      price: Number(row.price),
      discountedPrice: Number(row.discountedPrice),
    }));
  }

  /** Every period of PERIODS, for all e-shops and for the first one: the API's figures equal the items'. */
  async function expectTotalsEqualItems() {
    for (const period of PERIODS)
      for (const where of [period, { ...period, eshopId: eshops[0] }]) {
        const query = `where=${encodeURIComponent(JSON.stringify(where))}`;
        const sales = await server.call(admin, { method: 'GET', url: `${T}/sale?${query}` });
        expect(sales.statusCode).toBe(200);
        const expected = await salesFromItems(where);
        const answered = (sales.json().data as Array<Sale & { eshopName: string }>).map(
          ({ eshopName: _name, ...sale }) => sale,
        );
        expect({ where, sales: answered }).toEqual({ where, sales: expected });
        const transactions = await server.call(admin, {
          method: 'GET',
          url: `${T}/transaction?${query}&limit=1`,
        });
        const count = expected.reduce((sum, sale) => sum + sale.count, 0);
        expect({ where, totalCount: transactions.json().totalCount }).toEqual({ where, totalCount: count });
      }
    // and the totals themselves are what the items add up to, day by day
    const drift = await sql<{ day: string }>`
      with "fromItems" as (
        select ("paidAt" at time zone 'UTC')::date as "day", "eshopId", "projectId", "productName",
          count(*)::int as "count", sum("price") as "price", sum("discountedPrice") as "discountedPrice"
        from "orderItem" where "paymentState" = 'paid' and "deletedAt" is null group by 1, 2, 3, 4),
      "kept" as (select * from "salesDaily" where "count" <> 0 or "price" <> 0 or "discountedPrice" <> 0)
      select coalesce(i."day", k."day")::text as "day" from "fromItems" i
      full join "kept" k using ("day", "eshopId", "projectId", "productName")
      where i."count" is distinct from k."count" or i."price" is distinct from k."price"
        or i."discountedPrice" is distinct from k."discountedPrice"`.execute(db());
    expect(drift.rows).toEqual([]);
  }

  const PERIODS = [
    { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    { from: '2025-03-01T00:00:00Z', to: '2025-04-01T00:00:00Z' },
    // local days and months of Prague (+01:00/+02:00), New York (−05:00) and Kathmandu (+05:45)
    { from: '2025-03-09T23:00:00Z', to: '2025-03-11T23:00:00Z' },
    { from: '2025-03-01T00:00:00+01:00', to: '2025-04-01T00:00:00+02:00' },
    { from: '2025-03-10T00:00:00-05:00', to: '2025-03-12T00:00:00-05:00' },
    { from: '2025-03-10T00:00:00+05:45', to: '2025-03-11T00:00:00+05:45' },
    // within one day, across one midnight, and cut inside a second
    { from: '2025-03-10T08:00:00Z', to: '2025-03-10T20:00:00Z' },
    { from: '2025-03-10T22:00:00Z', to: '2025-03-11T02:00:00Z' },
    { from: '2025-03-10T00:00:00.000001Z', to: '2025-03-11T23:59:59.999999Z' },
    { from: '2025-03-10T00:00:00.5Z', to: '2025-03-10T00:00:00.6Z' },
    // empty and backwards
    { from: '2025-03-10T00:00:00Z', to: '2025-03-10T00:00:00Z' },
    { from: '2025-03-12T00:00:00Z', to: '2025-03-10T00:00:00Z' },
  ];

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Castle');
    const template = await server.call(admin, {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: ticketTemplateBody(projectId, { languages: ['cs'] }),
    });
    for (const name of ['North gate', 'South gate']) {
      const eshop = await server.call(admin, {
        method: 'POST',
        url: `${T}/eshop`,
        payload: { projectId, name, locales: ['cs'] },
      });
      eshops.push(eshop.json().id);
      for (const product of ['Adult', 'Child']) {
        const created = await server.call(admin, {
          method: 'POST',
          url: `${T}/product`,
          payload: {
            eshopId: eshop.json().id,
            name: product,
            priceWithoutVat: 100,
            vat: 0,
            templateIds: [template.json().id],
            title: { cs: product },
            period: { periodType: 'days', daysMaximalValidity: 30 },
          },
        });
        expect(created.statusCode).toBe(201);
        products.push({ id: created.json().id, eshopId: eshop.json().id, name: product });
      }
    }
  });
  afterAll(() => server?.close());

  test('payments, refunds, voids, deletions and moved payment times keep the totals equal to the items', async () => {
    // around midnights (UTC and local), in both e-shops, and some unpaid
    const instants = [
      '2025-03-09T22:59:59.999999Z',
      '2025-03-09T23:00:00Z',
      '2025-03-10T00:00:00Z',
      '2025-03-10T00:00:00.5Z',
      '2025-03-10T04:59:59Z',
      '2025-03-10T05:00:00Z',
      '2025-03-10T12:00:00Z',
      '2025-03-10T18:15:00Z',
      '2025-03-10T23:59:59.999999Z',
      '2025-03-11T00:00:00Z',
      '2025-03-11T23:00:00Z',
      '2025-03-31T22:00:00Z',
      '2025-04-01T00:00:00Z',
      '2025-12-31T23:59:59Z',
    ];
    const paidOrders: string[] = [];
    for (const [index, instant] of instants.entries()) {
      paidOrders.push(
        await seedOrder(
          eshops[index % 2],
          'paid',
          instant,
          [100 + index, 250, 80.5].slice(0, 1 + (index % 3)),
        ),
      );
      await seedOrder(eshops[(index + 1) % 2], 'pending', null, [999]);
    }
    await expectTotalsEqualItems();

    // a refund (the order is no longer paid), a void (an item deleted softly), a price corrected
    await sql`update "order" set "paymentState" = 'canceled' where "id" = ${paidOrders[2]}`.execute(db());
    await sql`update "orderItem" set "deletedAt" = now() where "orderId" = ${paidOrders[6]}`.execute(db());
    await sql`update "orderItem" set "price" = "price" + 7, "discountedPrice" = "discountedPrice" + 5
      where "orderId" = ${paidOrders[7]}`.execute(db());
    // a payment time moved across midnight, a pending order paid, an item removed for good, an undeleted item
    await sql`update "order" set "paymentSuccessAt" = '2025-03-11T00:00:01Z' where "id" = ${paidOrders[8]}`.execute(
      db(),
    );
    const late = await seedOrder(eshops[0], 'pending', null, [42, 43]);
    await sql`update "order" set "paymentState" = 'paid', "paymentSuccessAt" = '2025-03-10T23:30:00Z'
      where "id" = ${late}`.execute(db());
    await sql`delete from "orderItem" where "id" = (select "id" from "orderItem" where "orderId" = ${paidOrders[12]}
      order by "id" limit 1)`.execute(db());
    await sql`update "orderItem" set "deletedAt" = null where "orderId" = ${paidOrders[6]}`.execute(db());
    // an update that changes nothing counted, of every item at once
    await sql`update "orderItem" set "entryCount" = 0`.execute(db());
    await expectTotalsEqualItems();
  });

  test('a bulk load in one statement is added up at once', async () => {
    const orderId = await seedOrder(eshops[1], 'paid', '2025-06-15T09:00:00Z', [10]);
    const product = products.find((candidate) => candidate.eshopId === eshops[1]) as {
      id: string;
      name: string;
    };
    await sql`insert into "orderItem" ("orderId", "productId", "productName", "productMaxEntries", "priceWithoutVat",
        "vat", "price", "discountedPrice")
      select ${orderId}, ${product.id}, ${product.name}, 1, n, 0, n, n - 1 from generate_series(1, 500) as n`.execute(
      db(),
    );
    await expectTotalsEqualItems();
    const year = encodeURIComponent(JSON.stringify({ eshopId: eshops[1], ...PERIODS[0] }));
    const sales = await server.call(admin, { method: 'GET', url: `${T}/sale?where=${year}` });
    const june = (sales.json().data as Sale[]).find((sale) => sale.type === product.name);
    expect(june?.count).toBeGreaterThanOrEqual(501);
  });
});
