import fs from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';

const BASE = '/api/ticket/public/v1';

describe.each(databaseKinds)('Ticket checkout (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  beforeAll(async () => {
    // the many buyers below come from one address: no rate limit here
    started = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const order = (items: Array<{ productId: string; count: number }>, eshopId = shop.eshopId) =>
    server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'cs', items },
    });
  const bank = (paymentUrl: string, outcome: string) =>
    server().call(undefined, {
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      payload: { outcome },
    });
  const status = (orderId: string, token: string) =>
    server().call(undefined, {
      method: 'GET',
      url: `${BASE}/eshop/${shop.eshopId}/order/${orderId}?token=${token}`,
    });
  const counts = async () => {
    const db = server().context.db;
    const orders = await db.selectFrom('order').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const items = await db.selectFrom('orderItem').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return { orders: Number(orders.n), items: Number(items.n) };
  };
  const mailDir = () => path.join(server().context.config.dataDir, 'mail');

  it('paid: numbers the items, issues a pass of the template per item and writes the email with the links', async () => {
    const created = await order([{ productId: shop.product, count: 2 }]);
    expect(created.statusCode).toBe(201);
    const { orderId, paymentUrl, statusToken, orderNumber, totalWithVat } = created.json();
    expect(orderNumber).toMatch(/^90\d{2}\d{6}$/);
    expect(totalWithVat).toBe(242);
    const page = await server().call(undefined, { method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Decline (3D)');

    const paid = await bank(paymentUrl, 'paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual(expect.objectContaining({ orderId, paymentState: 'paid', changed: true }));
    await server().jobsIdle(); // the email goes out from the job queue, after the answer

    const answer = (await status(orderId, statusToken)).json();
    expect(answer.paymentState).toBe('paid');
    expect(answer.state).toBe('emailSent');
    expect(answer.items).toHaveLength(2);
    const numbers = answer.items.map((item: { itemNumber: string }) => item.itemNumber);
    expect(new Set(numbers).size).toBe(2);
    const db = server().context.db;
    const items = await db.selectFrom('orderItem').selectAll().where('orderId', '=', orderId).execute();
    for (const item of items) {
      expect(item.state).toBe('issued');
      expect(item.yearSerial).toBeGreaterThan(0);
      expect(item.daySerial).toBeGreaterThan(0);
      expect(item.validTo!.getTime() - item.validFrom!.getTime()).toBe(30 * 24 * 3600 * 1000);
      const pass = await db
        .selectFrom('pass')
        .selectAll()
        .where('id', '=', item.passId!)
        .executeTakeFirstOrThrow();
      expect(pass.templateId).toBe(shop.templateId);
      expect(pass.dynamicData).toEqual(expect.objectContaining({ orderNumber, itemNumber: item.itemNumber }));
    }
    const stored = await db
      .selectFrom('order')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    for (const stage of [
      'itemsCreatedAt',
      'paymentRequestedAt',
      'paymentSuccessAt',
      'numberGenerationAt',
      'emailSentAt',
    ] as const)
      expect(stored[stage]).toBeInstanceOf(Date);

    const sent = checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent).toHaveLength(1);
    const eml = fs.readFileSync(sent[0].receipt.file!, 'utf8');
    expect(path.dirname(sent[0].receipt.file!)).toBe(mailDir());
    expect(eml).toContain('To: buyer@example.com');
    expect(eml).not.toContain('\r'); // LF line ends, as a file on Unix has them
    expect(eml).toMatch(/Content-Type: application\/pdf; name=(3D)?"?invoice-\d+\.pdf/);
    for (const item of items)
      expect(eml).toContain(
        `https://passes.test/p/${item.passId}`.replace(
          'https://passes.test',
          server().context.config.publicUrl,
        ),
      );
  });

  it('declined: no numbers, no pass, no email', async () => {
    const { orderId, paymentUrl, statusToken } = (
      await order([{ productId: shop.product, count: 1 }])
    ).json();
    expect((await bank(paymentUrl, 'declined3D')).json().paymentState).toBe('declined3D');
    const answer = (await status(orderId, statusToken)).json();
    expect(answer.paymentState).toBe('declined3D');
    expect(answer.items[0]).toEqual(expect.objectContaining({ itemNumber: null, passUrl: null }));
    expect(checkoutPartsOf(server().context)!.sentMail.some((mail) => mail.orderId === orderId)).toBe(false);
  });

  it('refuses illegal payment moves with 409 and changes nothing', async () => {
    const { orderId, paymentUrl, statusToken } = (
      await order([{ productId: shop.product, count: 1 }])
    ).json();
    await bank(paymentUrl, 'paid');
    expectError(await bank(paymentUrl, 'canceled'), 409, /cannot move from paid to canceled/);
    const declined = (await order([{ productId: shop.product, count: 1 }])).json();
    await bank(declined.paymentUrl, 'declinedAC');
    expectError(await bank(declined.paymentUrl, 'paid'), 409);
    expect((await status(orderId, statusToken)).json().paymentState).toBe('paid');
    const after = (await status(declined.orderId, declined.statusToken)).json();
    expect(after.paymentState).toBe('declinedAC');
    expect(after.items[0].passUrl).toBeNull();
  });

  it.each([
    ['an inactive product', () => [{ productId: shop.inactive, count: 1 }], '/items/0/productId'],
    ["another e-shop's product", () => [{ productId: shop.foreign, count: 1 }], '/items/0/productId'],
    ["more than the product's maxItems", () => [{ productId: shop.product, count: 6 }], '/items/0/count'],
    [
      "more than the e-shop's maxItems",
      () => [
        { productId: shop.cheap, count: 6 },
        { productId: shop.product, count: 5 },
      ],
      '/items',
    ],
    ["more than the e-shop's maxPriceWithVat", () => [{ productId: shop.family, count: 2 }], '/items'],
    ['a count of 0', () => [{ productId: shop.product, count: 0 }], '/items/0/count'],
  ])('answers 400 naming the field for %s, and writes nothing', async (_title, items, field) => {
    const before = await counts();
    const body = expectError(await order(items()), 400);
    // the schema's own checks name fields with dots (items.0.count), the checkout's rules with slashes
    expect(body.errors?.map((error) => error.path.replace(/\./g, '/').replace(/^(?!\/)/, '/'))).toContain(
      field,
    );
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown order or e-shop, and for a wrong status token', async () => {
    const { orderId, statusToken } = (await order([{ productId: shop.product, count: 1 }])).json();
    expectError(await status('00000000-0000-4000-8000-000000000000', statusToken), 404);
    expectError(await status(orderId, `${statusToken.slice(0, -2)}xx`), 404);
    expectError(await status(orderId, ''), 404);
    expectError(
      await order([{ productId: shop.product, count: 1 }], '00000000-0000-4000-8000-000000000000'),
      404,
    );
    expect((await status(orderId, statusToken)).statusCode).toBe(200);
  });

  it('keeps the limits under 50 concurrent buyers, with unique order numbers', async () => {
    const attempts = Array.from({ length: 50 }, (_, index) =>
      order(
        index % 2
          ? [{ productId: shop.product, count: 5 }]
          : [
              { productId: shop.product, count: 5 },
              { productId: shop.cheap, count: 5 },
            ],
      ),
    );
    const answers = await Promise.all(attempts);
    // 5 x 121 = 605 is within the limits; 5 x 121 + 5 x 12.10 = 665.5 has 10 items: within too; see maxItems below
    const ok = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json());
    expect(ok).toHaveLength(50);
    expect(new Set(ok.map((answer) => answer.orderNumber)).size).toBe(50);
    const over = await Promise.all(
      Array.from({ length: 50 }, () =>
        order([
          { productId: shop.product, count: 5 },
          { productId: shop.cheap, count: 6 },
        ]),
      ),
    );
    expect(over.every((answer) => answer.statusCode === 400)).toBe(true);
    const db = server().context.db;
    const rows = await db
      .selectFrom('order')
      .leftJoin('orderItem', 'orderItem.orderId', 'order.id')
      .select(['order.id', 'order.totalWithVat', db.fn.count('orderItem.id').as('items')])
      .where('order.eshopId', '=', shop.eshopId)
      .groupBy(['order.id', 'order.totalWithVat'])
      .execute();
    for (const row of rows) {
      expect(Number(row.items)).toBeLessThanOrEqual(10);
      expect(Number(row.totalWithVat)).toBeLessThanOrEqual(1000);
    }
  }, 30_000);

  it('numbers 20 orders paid at once: every item number unique, those of an order consecutive', async () => {
    const placed = (
      await Promise.all(Array.from({ length: 20 }, () => order([{ productId: shop.product, count: 2 }])))
    ).map((answer) => answer.json() as { orderId: string; paymentUrl: string });
    const paid = await Promise.all(placed.map((answer) => bank(answer.paymentUrl, 'paid')));
    expect(paid.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const items = await server()
      .context.db.selectFrom('orderItem')
      .select(['orderId', 'itemNumber', 'daySerial', 'state', 'passId'])
      .where(
        'orderId',
        'in',
        placed.map((answer) => answer.orderId),
      )
      .orderBy('daySerial')
      .execute();
    expect(items).toHaveLength(40);
    expect(items.every((item) => item.state === 'issued' && item.passId !== null)).toBe(true);
    expect(new Set(items.map((item) => item.itemNumber)).size).toBe(40);
    for (const { orderId } of placed) {
      const serials = items.filter((item) => item.orderId === orderId).map((item) => item.daySerial);
      expect(serials[1]).toBe((serials[0] as number) + 1);
    }
  }, 30_000);

  it('fails an item whose template is gone alone: the other gets its pass, the order ends failed, no email', async () => {
    const { orderId, paymentUrl } = (await order([{ productId: shop.product, count: 2 }])).json();
    const db = server().context.db;
    const [gone, kept] = await db
      .selectFrom('orderItem')
      .select('id')
      .where('orderId', '=', orderId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    await db
      .updateTable('orderItem')
      .set({ templateId: '00000000-0000-4000-8000-000000000000' })
      .where('id', '=', gone.id)
      .execute();
    expect((await bank(paymentUrl, 'paid')).statusCode).toBe(200);
    await server().jobsIdle();
    const item = (id: string) =>
      db.selectFrom('orderItem').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await item(gone.id)).toEqual(
      expect.objectContaining({ state: 'failed', passId: null, passErrorAt: expect.any(Date) }),
    );
    expect((await item(gone.id)).itemNumber).not.toBeNull();
    expect(await item(kept.id)).toEqual(
      expect.objectContaining({ state: 'issued', issued: true, passId: expect.any(String) }),
    );
    const placed = await db
      .selectFrom('order')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(placed.state).toBe('failed');
    expect(
      checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId),
    ).toHaveLength(0);
  }, 30_000);

  it('fulfils an order paid at the bank whose callback never came, once the back office refreshes it', async () => {
    const answer = (await order([{ productId: shop.product, count: 2 }])).json();
    const paymentId = new URL(answer.paymentUrl).pathname.split('/').pop() as string;
    await checkoutPartsOf(server().context)!.bank.decide(paymentId, 'paid');
    const refresh = await server().call(await server().adminToken(), {
      method: 'POST',
      url: `/api/ticket/v1/order/${answer.orderId}/updatePaymentState`,
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual(expect.objectContaining({ paymentState: 'paid', changed: true }));
    await server().jobsIdle();
    const db = server().context.db;
    const items = await db
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', answer.orderId)
      .execute();
    expect(items.every((item) => item.itemNumber !== null && item.passId !== null)).toBe(true);
    expect(
      checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === answer.orderId),
    ).toHaveLength(1);
  });

  it('pays an order once under 20 concurrent payment results: one set of numbers, passes and one email', async () => {
    const { orderId, paymentId, statusToken } = await (async () => {
      const answer = (await order([{ productId: shop.product, count: 3 }])).json();
      return { ...answer, paymentId: new URL(answer.paymentUrl).pathname.split('/').pop() as string };
    })();
    await checkoutPartsOf(server().context)!.bank.decide(paymentId, 'paid');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server().call(undefined, {
          method: 'POST',
          url: `${BASE}/eshop/${shop.eshopId}/order/${orderId}/paymentResult?token=${statusToken}`,
        }),
      ),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((result) => result.json().changed)).toHaveLength(1);
    await server().jobsIdle();
    const db = server().context.db;
    const items = await db.selectFrom('orderItem').selectAll().where('orderId', '=', orderId).execute();
    expect(items).toHaveLength(3);
    expect(new Set(items.map((item) => item.passId)).size).toBe(3);
    const passes = await db
      .selectFrom('pass')
      .select(db.fn.countAll().as('n'))
      .where('dynamicData', '@>', JSON.stringify({ orderNumber: items[0].orderNumber }))
      .executeTakeFirstOrThrow();
    expect(Number(passes.n)).toBe(3);
    expect(
      checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId),
    ).toHaveLength(1);
  });

  it("finds an order by its payment's id, and all of an order's items, through indexes: not by reading them all", async () => {
    /** The plan of a statement where the planner reads whole tables only when it has no other way. */
    const plan = (statement: ReturnType<typeof sql>) =>
      server()
        .context.db.transaction()
        .execute(async (trx) => {
          await sql`analyze "order"`.execute(trx);
          await sql`analyze "orderItem"`.execute(trx);
          await sql`set local enable_seqscan = off`.execute(trx);
          const rows = (await sql<Record<string, string>>`explain ${statement}`.execute(trx)).rows;
          return rows.map((row) => Object.values(row).join(' ')).join('\n');
        });
    const orderId = '00000000-0000-4000-8000-000000000000';
    expect(
      await plan(sql`select * from "order" where "paymentId" = ${'a-payment'} and "deletedAt" is null`),
    ).toMatch(/Index Cond: \(+"paymentId" = /);
    // what an order's move to paid does to its items, deleted ones too (the "orderToItems" trigger)
    expect(
      await plan(sql`update "orderItem" set "paymentState" = 'paid' where "orderId" = ${orderId}`),
    ).toMatch(/Index Cond: \(+"orderId" = /);
  });

  // last: it moves the e-shop's serial of the year past 999999
  it("numbers orders by the e-shop's serial of the year: consecutive, six digits or more", async () => {
    const numberOf = async () => {
      const created = await order([{ productId: shop.product, count: 1 }]);
      expect(created.statusCode).toBe(201);
      return String(created.json().orderNumber);
    };
    const lead = `90${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;
    const first = await numberOf();
    expect(first).toMatch(new RegExp(`^${lead}\\d{6}$`));
    expect(await numberOf()).toBe(`${lead}${String(Number(first.slice(4)) + 1).padStart(6, '0')}`);
    await sql`update "ticketCounter" set "value" = 999999
      where "eshopId" = ${shop.eshopId} and "counter" = ${`order:${new Date().getUTCFullYear()}`}`.execute(
      server().context.db,
    );
    expect(await numberOf()).toBe(`${lead}1000000`);
    const stored = await server()
      .context.db.selectFrom('order')
      .select(['yearSerial'])
      .where('orderNumber', '=', `${lead}1000000`)
      .executeTakeFirstOrThrow();
    expect(stored.yearSerial).toBe(1_000_000);
  });
});
