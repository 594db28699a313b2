import { sql } from 'kysely';
import { openDatabase } from '../../server/kernel/db/database';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer, answersEventually } from './harness';

jest.setTimeout(60_000);

const BASE = '/api/ticket/public/v1';
const T = '/api/ticket/v1';

/**
 * The checkout reads its e-shop, products and templates from memory while they are unchanged: every change must be
 * seen by the next checkout, made through the back office of this instance or of another one, in SQL beside it, or
 * on PostgreSQL by another process (as soon as its commit is announced).
 */
describe.each(databaseKinds)(
  'the checkout sees changes to its e-shop, products and templates (%s)',
  (kind) => {
    let server: TestServer;
    let shop: Shop;
    let admin: string;
    beforeAll(async () => {
      server = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
      shop = await createShop(server);
      admin = await server.adminToken();
    });
    afterAll(() => server?.close());

    const order = (productId = shop.product) =>
      server.call(undefined, {
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order`,
        payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId, count: 1 }] },
      });
    const patch = (app: Pick<TestServer, 'call'>, url: string, payload: Record<string, unknown>) =>
      app.call(admin, { method: 'PATCH', url: `${T}/${url}`, payload });
    /** An instance's call, as the harness's, on an app of startAnotherInstance. */
    const callerOf = (app: TestServer['app']): Pick<TestServer, 'call'> => ({
      call: (token, options) =>
        app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } }),
    });

    test("a product's price and its being on sale, changed in the back office, hold for the next order", async () => {
      for (let read = 0; read < 2; read += 1) expect((await order()).json().totalWithVat).toBe(121);
      expect((await patch(server, `product/${shop.product}`, { priceWithoutVat: 200 })).statusCode).toBe(200);
      expect((await order()).json().totalWithVat).toBe(242);
      expect((await patch(server, `product/${shop.product}`, { active: false })).statusCode).toBe(200);
      expectError(await order(), 400, /is not on sale/);

      const another = await server.startAnotherInstance();
      try {
        const elsewhere = callerOf(another.app);
        const changed = await patch(elsewhere, `product/${shop.product}`, {
          active: true,
          priceWithoutVat: 50,
        });
        expect(changed.statusCode).toBe(200);
        expect((await order()).json().totalWithVat).toBe(60.5);
        expect((await patch(elsewhere, `eshop/${shop.eshopId}`, { active: false })).statusCode).toBe(200);
        expectError(await order(), 400, /does not sell now/);
        expect((await patch(elsewhere, `eshop/${shop.eshopId}`, { active: true })).statusCode).toBe(200);
        expect((await order()).statusCode).toBe(201);
      } finally {
        await another.close();
      }

      await sql`update "product" set "priceWithoutVat" = 100 where "id" = ${shop.product}`.execute(
        server.context.db,
      );
      expect((await order()).json().totalWithVat).toBe(121);
    });

    test('a template deleted after an order was paid with it fails the next paid order, without an email', async () => {
      const pay = async () => {
        const { orderId, paymentUrl } = (await order(shop.cheap)).json();
        const paid = await server.call(undefined, {
          method: 'POST',
          url: new URL(paymentUrl).pathname,
          payload: { outcome: 'paid' },
        });
        expect(paid.statusCode).toBe(200);
        await server.jobsIdle();
        const placed = await server.context.db
          .selectFrom('order')
          .select('state')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        const mails = checkoutPartsOf(server.context)!.sentMail.filter((mail) => mail.orderId === orderId);
        return { state: placed.state, mails: mails.length };
      };
      expect(await pay()).toEqual({ state: 'emailSent', mails: 1 });
      const deleted = await server.call(admin, {
        method: 'DELETE',
        url: `/api/core/v1/template/${shop.templateId}`,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await pay()).toEqual({ state: 'failed', mails: 0 });
    });

    if (kind === 'postgres')
      test("another process's change on the same PostgreSQL database holds for the next orders", async () => {
        const other = await openDatabase({
          databaseUrl: server.context.config.databaseUrl,
          dataDir: server.context.config.dataDir,
        });
        try {
          expect((await order()).json().totalWithVat).toBe(121);
          await sql`update "product" set "priceWithoutVat" = 300 where "id" = ${shop.product}`.execute(
            other.db,
          );
          await answersEventually(async () => (await order()).json().totalWithVat, 363);
          await sql`update "product" set "active" = false where "id" = ${shop.product}`.execute(other.db);
          await answersEventually(async () => (await order()).statusCode, 400);
          await sql`update "eshop" set "active" = false where "id" = ${shop.eshopId}`.execute(other.db);
          await answersEventually(async () => (await order(shop.cheap)).statusCode, 400);
          expectError(await order(shop.cheap), 400, /does not sell now/);
        } finally {
          await other.close();
        }
      });
  },
);
