import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { setTicketServices } from '../../server/features/ticket/ticketServices';

const BASE = '/api/ticket/public/v1';

// each test starts a second server on the same database: seconds on a busy machine
jest.setTimeout(30_000);

describe.each(databaseKinds)('Payments across a restart (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  beforeAll(async () => {
    started = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const placeOrder = async () => {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'jana@example.com', locale: 'cs', items: [{ productId: shop.product, count: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { orderId: string; paymentUrl: string; statusToken: string };
  };
  const storedPaymentState = async (orderId: string) =>
    (
      await server()
        .context.db.selectFrom('order')
        .select('paymentState')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).paymentState;

  it('a pending payment stays pending on a restarted server, and can still be paid there', async () => {
    const order = await placeOrder();
    const restarted = await server().startAnotherInstance();
    try {
      const admin = await server().adminToken();
      const refresh = await restarted.app.inject({
        method: 'POST',
        url: `/api/ticket/v1/order/${order.orderId}/updatePaymentState`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(refresh.statusCode).toBe(200);
      expect(refresh.json()).toMatchObject({
        previousPaymentState: 'pending',
        paymentState: 'pending',
        changed: false,
        stateKnown: true,
      });
      expect(await storedPaymentState(order.orderId)).toBe('pending');

      const page = await restarted.app.inject({ method: 'GET', url: new URL(order.paymentUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('>Pay<');
      const paid = await restarted.app.inject({
        method: 'POST',
        url: new URL(order.paymentUrl).pathname,
        payload: { outcome: 'paid' },
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ paymentState: 'paid', changed: true });
      expect(await storedPaymentState(order.orderId)).toBe('paid');
      // the email job runs on whichever instance claims it first, once
      await restarted.context.jobs.idle();
      expect(
        [server().context, restarted.context].flatMap((context) =>
          checkoutPartsOf(context)!
            .sentMail.filter((mail) => mail.orderId === order.orderId)
            .map((mail) => mail.orderId),
        ),
      ).toEqual([order.orderId]);

      // the first instance still holds the payment as pending in memory: the order tells it otherwise
      const again = await server().call(admin, {
        method: 'POST',
        url: `/api/ticket/v1/order/${order.orderId}/updatePaymentState`,
      });
      expect(again.json()).toMatchObject({ paymentState: 'paid', changed: false, stateKnown: true });
    } finally {
      await restarted.close();
    }
    // the invoice PDF and the email are rendered by the queue within the test
  }, 30_000);

  it("the customer's return to a restarted server keeps the order pending", async () => {
    const order = await placeOrder();
    const restarted = await server().startAnotherInstance();
    try {
      const result = await restarted.app.inject({
        method: 'POST',
        url: `${BASE}/eshop/${shop.eshopId}/order/${order.orderId}/paymentResult?token=${order.statusToken}`,
      });
      expect(result.statusCode).toBe(200);
      expect(result.json()).toMatchObject({ paymentState: 'pending', changed: false });
      expect(await storedPaymentState(order.orderId)).toBe('pending');
    } finally {
      await restarted.close();
    }
  });

  it('a refresh the gateway cannot answer (unknown) keeps the order pending and says the state is not known', async () => {
    const order = await placeOrder();
    const restarted = await server().startAnotherInstance();
    try {
      setTicketServices(restarted.context, {
        gateway: { status: async () => ({ paymentState: 'unknown' }) },
      });
      const refresh = await restarted.app.inject({
        method: 'POST',
        url: `/api/ticket/v1/order/${order.orderId}/updatePaymentState`,
        headers: { authorization: `Bearer ${await server().adminToken()}` },
      });
      expect(refresh.statusCode).toBe(200);
      expect(refresh.json()).toMatchObject({
        previousPaymentState: 'pending',
        paymentState: 'pending',
        changed: false,
        stateKnown: false,
      });
      expect(await storedPaymentState(order.orderId)).toBe('pending');
    } finally {
      await restarted.close();
    }
  });
});
