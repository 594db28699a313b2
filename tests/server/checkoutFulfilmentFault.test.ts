import { sql } from 'kysely';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';

jest.setTimeout(60_000);

const BASE = '/api/ticket/public/v1';

/**
 * A payment's move to paid and the order's fulfilment are one transaction: a fulfilment that fails on the database
 * leaves the order as it was (not paid, not fulfilled), and the next check of its payment pays and fulfils it.
 */
describe.each(databaseKinds)('a fulfilment failing on the database (%s)', (kind) => {
  let server: TestServer;
  let shop: Shop;
  beforeAll(async () => {
    server = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server);
  });
  afterAll(() => server?.close());

  /** Makes every insert of a pass of the order number fail, as a database refusing the write would. */
  const failPassesOf = (orderNumber: string) =>
    sql`create function "failTestPass"() returns trigger language plpgsql as ${sql.raw(`$$
      begin
        if new."dynamicData"->>'orderNumber' = '${orderNumber.replace(/\D/g, '')}' then
          raise exception 'test fault: no pass for this order';
        end if;
        return new;
      end $$`)}`
      .execute(server.context.db)
      .then(() =>
        sql`create trigger "failTestPass" before insert on "pass" for each row execute function "failTestPass"()`.execute(
          server.context.db,
        ),
      );
  const faultGone = async () => {
    await sql`drop trigger "failTestPass" on "pass"`.execute(server.context.db);
    await sql`drop function "failTestPass"()`.execute(server.context.db);
  };

  test('leaves the order unpaid and unfulfilled; the next status check pays and fulfils it, with one email', async () => {
    const created = await server.call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId: shop.product, count: 2 }] },
    });
    expect(created.statusCode).toBe(201);
    const { orderId, orderNumber, paymentUrl, statusToken } = created.json();
    const db = server.context.db;
    const stored = () =>
      db.selectFrom('order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const items = () => db.selectFrom('orderItem').selectAll().where('orderId', '=', orderId).execute();
    const mails = () =>
      checkoutPartsOf(server.context)!.sentMail.filter((mail) => mail.orderId === orderId).length;

    await failPassesOf(orderNumber);
    try {
      const paid = await server.call(undefined, {
        method: 'POST',
        url: new URL(paymentUrl).pathname,
        payload: { outcome: 'paid' },
      });
      expectError(paid, 503, /could not be recorded now/);
      expect(paid.headers['retry-after']).toBe('5');
      await server.jobsIdle();
      expect(await stored()).toEqual(
        expect.objectContaining({
          paymentState: 'pending',
          state: 'paymentRequested',
          paymentSuccessAt: null,
          numberGenerationAt: null,
        }),
      );
      for (const item of await items())
        expect(item).toEqual(
          expect.objectContaining({ paymentState: 'pending', itemNumber: null, passId: null, paidAt: null }),
        );
      expect(mails()).toBe(0);
    } finally {
      await faultGone();
    }

    const checked = await server.call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order/${orderId}/paymentResult?token=${statusToken}`,
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual(expect.objectContaining({ paymentState: 'paid', changed: true }));
    await server.jobsIdle();
    expect(await stored()).toEqual(expect.objectContaining({ paymentState: 'paid', state: 'emailSent' }));
    const fulfilled = await items();
    expect(fulfilled).toHaveLength(2);
    for (const item of fulfilled)
      expect(item).toEqual(
        expect.objectContaining({
          state: 'issued',
          itemNumber: expect.any(String),
          passId: expect.any(String),
        }),
      );
    expect(mails()).toBe(1);
  });
});
