import { sql } from 'kysely';
import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { buildApp } from '../../server/app';
import { migratorOf } from '../../server/kernel/db/migrate';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { unpaidOrderTimeouts } from '../../server/features/ticket/paymentTimeouts';

const BASE = '/api/ticket/public/v1';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(databaseKinds)('Bounded growth (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  beforeAll(async () => {
    started = await startTestServer(kind, {
      CHECKOUT_RATE_LIMIT: '0',
      WALLET_RATE_LIMIT: '0',
      WALLET_LOG_MAX_ROWS: '5',
      ORDER_PAYMENT_TIMEOUT_MINUTES: '30',
    });
    shop = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const db = () => server().context.db;
  /** Runs the maintenance as if it were `later` ms from now. */
  const maintenanceIn = (later: number) => maintenanceOf(server().context)!.run(new Date(Date.now() + later));
  const count = async (table: 'walletLog' | 'order' | 'orderItem' | 'orderLineData') =>
    Number((await db().selectFrom(table).select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    orders: await count('order'),
    items: await count('orderItem'),
    data: await count('orderLineData'),
  });

  describe('wallet log', () => {
    const log = (payload: object) =>
      server().call(undefined, { method: 'POST', url: '/wallet/v1/log', payload });
    const messages = async () =>
      (await db().selectFrom('walletLog').select('message').orderBy('createdAt').execute()).map(
        (row) => row.message,
      );
    beforeEach(async () => {
      await db().deleteFrom('walletLog').execute();
    });

    it('refuses a body over 16 KB with 413 in the error shape, and stores nothing', async () => {
      const response = await log({ logs: Array.from({ length: 20 }, () => 'e'.repeat(1000)) });
      expectError(response, 413, 'The body is larger than the limit of 16 KiB.');
      expect(await count('walletLog')).toBe(0);
    });

    it('refuses more than 50 messages in one request with 400, and stores nothing', async () => {
      const body = expectError(
        await log({ logs: Array.from({ length: 51 }, (_, index) => `m${index}`) }),
        400,
      );
      expect(body.message).toMatch(/logs/);
      expect(await count('walletLog')).toBe(0);
    });

    it('keeps 50 messages, each cut to 2,000 characters', async () => {
      const response = await log({ logs: [...Array.from({ length: 49 }, () => 'short'), 'é'.repeat(5000)] });
      expect(response.statusCode).toBe(200);
      const kept = await messages();
      expect(kept).toHaveLength(50);
      expect(kept).toContain('é'.repeat(2000));
    });

    it('deletes messages older than the retention age (30 days) and keeps younger ones', async () => {
      await log({ logs: ['recent'] });
      await db()
        .insertInto('walletLog')
        .values({ message: 'old', createdAt: new Date(Date.now() - 31 * DAY) })
        .execute();
      await maintenanceIn(0);
      expect(await messages()).toEqual(['recent']);
      await maintenanceIn(30 * DAY + MINUTE);
      expect(await messages()).toEqual([]);
    });

    it('keeps at most WALLET_LOG_MAX_ROWS messages, deleting the oldest first', async () => {
      for (let index = 1; index <= 8; index += 1) await log({ logs: [`m${index}`] });
      const changed = await maintenanceIn(0);
      expect(changed['wallet log retention']).toBe(3);
      expect(await messages()).toEqual(['m4', 'm5', 'm6', 'm7', 'm8']);
      // a second run (another instance, the next interval) finds nothing more to delete
      expect((await maintenanceIn(0))['wallet log retention']).toBe(0);
    });
  });

  describe('checkout data', () => {
    const order = (items: Array<{ productId: string; count: number; data?: unknown }>) =>
      server().call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order`,
        payload: { email: 'buyer@example.com', locale: 'cs', items },
      });
    const text = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) });
    let nested: Record<string, unknown> = { name: 'Eva' };
    for (let level = 0; level < 8; level += 1) nested = { inner: nested };

    it.each([
      [
        'over 16 KB in one item',
        () => [{ productId: shop.cheap, count: 1, data: text(16 * 1024 + 1) }],
        /16,384/,
      ],
      [
        'over 64 KB in the order',
        () => Array.from({ length: 5 }, () => ({ productId: shop.cheap, count: 1, data: text(15 * 1024) })),
        /65,536 allowed per order/,
      ],
      [
        'nested deeper than 8 levels',
        () => [{ productId: shop.cheap, count: 1, data: nested }],
        /deeper than 8/,
      ],
      [
        'with more than 1,000 keys',
        () => [
          {
            productId: shop.cheap,
            count: 1,
            data: Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [`k${index}`, 1])),
          },
        ],
        /more than 1000 keys/,
      ],
      [
        'with a NUL character',
        () => [{ productId: shop.cheap, count: 1, data: { name: 'E\u0000va' } }],
        /NUL/,
      ],
    ])(
      'refuses customer data %s with 400 naming the field, and stores nothing',
      async (_title, items, message) => {
        const before = await counts();
        const body = expectError(await order(items()), 400, message);
        expect(body.errors?.[0].path).toMatch(/^\/?items/);
        expect(await counts()).toEqual(before);
      },
    );

    it('refuses data nested 20,000 levels deep with 400, without overflowing the stack', async () => {
      const before = await counts();
      const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
      const response = await server().call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order`,
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"buyer@example.com","locale":"cs","items":[{"productId":"${shop.cheap}","count":1,"data":${deep}}]}`,
      });
      // the request-wide depth check refuses it before the checkout reads it
      expectError(response, 400, /nested more than 64 levels deep/);
      expect(await counts()).toEqual(before);
    });

    it('refuses an order body over 128 KB with 413 in the error shape, and stores nothing', async () => {
      const before = await counts();
      const items = Array.from({ length: 9 }, () => ({
        productId: shop.cheap,
        count: 1,
        data: text(15 * 1024),
      }));
      expectError(await order(items), 413, 'The body is larger than the limit of 128 KiB.');
      expect(await counts()).toEqual(before);
    });

    it('stores the data of an item counted 5 times once, and answers it on each of the 5 items', async () => {
      const data = { names: ['Eva', 'Adam', 'Ida', 'Ema', 'Jan'], note: 'n'.repeat(10_000) };
      const before = await counts();
      const created = await order([{ productId: shop.cheap, count: 5, data }]);
      expect(created.statusCode).toBe(201);
      const { orderId } = created.json();
      expect(await counts()).toEqual({
        orders: before.orders + 1,
        items: before.items + 5,
        data: before.data + 1,
      });
      const stored = await sql<{ bytes: number }>`select sum(pg_column_size("data"))::int as "bytes"
        from "orderLineData" where "orderId" = ${orderId}`.execute(db());
      expect(stored.rows[0].bytes).toBeLessThan(16 * 1024);
      const items = await server().call(await server().adminToken(), {
        method: 'GET',
        url: `/api/ticket/v1/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId }))}`,
      });
      expect(items.statusCode).toBe(200);
      expect(items.json().data).toHaveLength(5);
      for (const item of items.json().data) expect(item.data).toEqual(data);
      const one = await server().call(await server().adminToken(), {
        method: 'GET',
        url: `/api/ticket/v1/orderItem/${items.json().data[0].id}`,
      });
      expect(one.json().data).toEqual(data);
    });

    it('keeps the data of a paid order; a declined order releases it', async () => {
      const bank = (paymentUrl: string, outcome: string) =>
        server().call(undefined, { method: 'POST', url: new URL(paymentUrl).pathname, payload: { outcome } });
      const paid = (await order([{ productId: shop.cheap, count: 2, data: { name: 'Eva' } }])).json();
      const declined = (await order([{ productId: shop.cheap, count: 2, data: { name: 'Adam' } }])).json();
      expect((await bank(paid.paymentUrl, 'paid')).json().paymentState).toBe('paid');
      expect((await bank(declined.paymentUrl, 'declined3D')).json().paymentState).toBe('declined3D');
      const dataOf = async (orderId: string) =>
        (
          await server().call(await server().adminToken(), {
            method: 'GET',
            url: `/api/ticket/v1/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId }))}`,
          })
        )
          .json()
          .data.map((item: { data: unknown }) => item.data);
      expect(await dataOf(paid.orderId)).toEqual([{ name: 'Eva' }, { name: 'Eva' }]);
      expect(await dataOf(declined.orderId)).toEqual([null, null]);
      const left = await db()
        .selectFrom('orderLineData')
        .select('id')
        .where('orderId', '=', declined.orderId)
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe('unpaid orders', () => {
    const order = () =>
      server().call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order`,
        payload: {
          email: 'late@example.com',
          locale: 'cs',
          items: [{ productId: shop.cheap, count: 2, data: { name: 'Ida' } }],
        },
      });
    const status = (created: { orderId: string; statusToken: string }) =>
      server().call(undefined, {
        method: 'GET',
        url: `${BASE}/eshop/${shop.eshopId}/order/${created.orderId}?token=${created.statusToken}`,
      });
    const paymentIdOf = (paymentUrl: string) => new URL(paymentUrl).pathname.split('/').pop() as string;
    /** the emails of the order, once the job queue sent what it had to */
    const mailsOf = async (orderId: string) => {
      await server().jobsIdle();
      return checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId);
    };

    it('an order unpaid after 30 minutes becomes timeout, releases its data, and can no longer be paid', async () => {
      const created = (await order()).json();
      await maintenanceIn(29 * MINUTE);
      expect((await status(created)).json().paymentState).toBe('pending');

      const changed = await maintenanceIn(31 * MINUTE);
      expect(changed['unpaid order timeouts']).toBeGreaterThanOrEqual(1);
      const timedOut = (await status(created)).json();
      expect(timedOut.paymentState).toBe('timeout');
      expect(
        timedOut.items.map((item: { itemNumber: unknown; passUrl: unknown }) => [
          item.itemNumber,
          item.passUrl,
        ]),
      ).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(
        await db().selectFrom('orderLineData').select('id').where('orderId', '=', created.orderId).execute(),
      ).toEqual([]);
      const items = await server().call(await server().adminToken(), {
        method: 'GET',
        url: `/api/ticket/v1/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId: created.orderId }))}`,
      });
      expect(
        items
          .json()
          .data.map((item: { data: unknown; paymentState: string }) => [item.data, item.paymentState]),
      ).toEqual([
        [null, 'timeout'],
        [null, 'timeout'],
      ]);
      const page = await server().call(undefined, {
        method: 'GET',
        url: new URL(created.paymentUrl).pathname,
      });
      expect(page.body).toContain('timeout');
      expect(page.body).not.toContain('>Pay<');

      // the customer who comes back to the bank's page late cannot pay any more
      const late = await server().call(undefined, {
        method: 'POST',
        url: new URL(created.paymentUrl).pathname,
        payload: { outcome: 'paid' },
      });
      expectError(late, 409, /expired: the order was not paid in time/);
      expect((await status(created)).json().paymentState).toBe('timeout');
      expect(await mailsOf(created.orderId)).toEqual([]);
    });

    it('a gateway that reports paid after the timeout is refused with 409; the order stays timeout, unfulfilled', async () => {
      const created = (await order()).json();
      await maintenanceIn(31 * MINUTE);
      // what a real gateway could still report after the checkout closed the payment
      (await checkoutPartsOf(server().context)!.bank.payment(paymentIdOf(created.paymentUrl))).state = 'paid';
      const result = await server().call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order/${created.orderId}/paymentResult?token=${created.statusToken}`,
      });
      expectError(result, 409, /cannot move from timeout to paid/);
      const after = (await status(created)).json();
      expect(after.paymentState).toBe('timeout');
      expect(after.items.every((item: { passUrl: unknown }) => item.passUrl === null)).toBe(true);
      expect(await mailsOf(created.orderId)).toEqual([]);
    });

    it('an order paid at the bank before its timeout, whose return never came, is fulfilled instead of timed out', async () => {
      const created = (await order()).json();
      await checkoutPartsOf(server().context)!.bank.decide(paymentIdOf(created.paymentUrl), 'paid');
      await maintenanceIn(31 * MINUTE);
      const after = (await status(created)).json();
      expect(after.paymentState).toBe('paid');
      expect(after.items.every((item: { passUrl: unknown }) => typeof item.passUrl === 'string')).toBe(true);
      expect(await mailsOf(created.orderId)).toHaveLength(1);
    });

    it('instances timing out together move each order once: one fulfilment, one email', async () => {
      const created = [(await order()).json(), (await order()).json()];
      await checkoutPartsOf(server().context)!.bank.decide(paymentIdOf(created[0].paymentUrl), 'paid');
      const now = new Date(Date.now() + 31 * MINUTE);
      const ignore = () => undefined;
      const moved = await Promise.all(
        Array.from({ length: 4 }, () => unpaidOrderTimeouts.run(server().context, now, ignore)),
      );
      expect(moved.reduce((sum, one) => sum + one, 0)).toBe(2);
      expect((await status(created[0])).json().paymentState).toBe('paid');
      expect((await status(created[1])).json().paymentState).toBe('timeout');
      expect(await mailsOf(created[0].orderId)).toHaveLength(1);
      const items = await db()
        .selectFrom('orderItem')
        .select('passId')
        .where('orderId', '=', created[0].orderId)
        .execute();
      expect(new Set(items.map((item) => item.passId)).size).toBe(2);
    });
  });

  describe('with other settings', () => {
    let other: TestServer;
    beforeAll(async () => {
      other = await startTestServer(kind, {
        WALLET_LOG_MAX_PER_MINUTE: '3',
        WALLET_RATE_LIMIT: '0',
        ORDER_PAYMENT_TIMEOUT_MINUTES: '0',
      });
    }, 60_000);
    afterAll(async () => {
      await other?.close();
    }, 30_000);

    it('caps the messages all callers leave a minute: 429 with Retry-After beyond it, nothing stored', async () => {
      const log = (logs: string[]) =>
        other.call(undefined, { method: 'POST', url: '/wallet/v1/log', payload: { logs } });
      expect((await log(['one', 'two'])).statusCode).toBe(200);
      const refused = await log(['three', 'four']);
      expectError(refused, 429, /no more log messages/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const rows = await other.context.db.selectFrom('walletLog').select('message').execute();
      expect(rows.map((row) => row.message).sort()).toEqual(['one', 'two']);
    });

    it('ORDER_PAYMENT_TIMEOUT_MINUTES=0 never times an order out', async () => {
      const otherShop = await createShop(other);
      const created = await other.call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${otherShop.eshopId}/order`,
        payload: {
          email: 'slow@example.com',
          locale: 'cs',
          items: [{ productId: otherShop.cheap, count: 1 }],
        },
      });
      expect(created.statusCode).toBe(201);
      const changed = await maintenanceOf(other.context)!.run(new Date(Date.now() + 365 * DAY));
      expect(changed['unpaid order timeouts']).toBe(0);
      const { orderId, statusToken } = created.json();
      const status = await other.call(undefined, {
        method: 'GET',
        url: `${BASE}/eshop/${otherShop.eshopId}/order/${orderId}?token=${statusToken}`,
      });
      expect(status.json().paymentState).toBe('pending');
    });

    it('runs the maintenance once when the app starts', async () => {
      await other.context.db
        .insertInto('walletLog')
        .values({ message: 'from last year', createdAt: new Date(Date.now() - 365 * DAY) })
        .execute();
      // a second app on the same database, as after a restart
      const restarted = await buildApp(other.context);
      try {
        await restarted.ready();
        // a run as of 1970 deletes nothing itself: it only waits for the run the start began
        await maintenanceOf(other.context)!.run(new Date(0));
        const left = await other.context.db.selectFrom('walletLog').select('message').execute();
        expect(left.map((row) => row.message)).not.toContain('from last year');
      } finally {
        await restarted.close();
      }
    });
  });

  it('the migration stores data that was copied per item once, and back', async () => {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'old@example.com', locale: 'cs', items: [{ productId: shop.cheap, count: 1 }] },
    });
    const { orderId } = created.json();
    const migrator = migratorOf(db());
    expect((await migrator.migrateTo('0007_ticket_counters')).error).toBeUndefined();
    // items as the checkout wrote them before: a copy of the line's data in every counted item
    for (const name of ['Eva', 'Eva', 'Eva', 'Adam'])
      await sql`insert into "orderItem" ("orderId", "productId", "productName", "productMaxEntries",
          "priceWithoutVat", "vat", "price", "discountedPrice", "data")
        values (${orderId}, ${shop.cheap}, 'Child', 1, 10, 0.21, 12.1, 12.1, ${JSON.stringify({ name })}::jsonb)`.execute(
        db(),
      );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const lines = await db()
      .selectFrom('orderLineData')
      .select('data')
      .where('orderId', '=', orderId)
      .execute();
    expect(lines.map((line) => line.data)).toEqual(
      expect.arrayContaining([{ name: 'Eva' }, { name: 'Adam' }]),
    );
    expect(lines).toHaveLength(2);
    const items = await server().call(await server().adminToken(), {
      method: 'GET',
      url: `/api/ticket/v1/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId }))}`,
    });
    const names = items
      .json()
      .data.map((item: { data: { name: string } | null }) => item.data?.name ?? null)
      .sort();
    expect(names).toEqual(['Adam', 'Eva', 'Eva', 'Eva', null]);
  });
});
