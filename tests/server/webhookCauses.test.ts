import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { matchingSignatures, startReceiver, waitFor } from './webhookReceiver';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';
const PUBLIC = '/api/ticket/public/v1';

/**
 * The seams of the ticket e-shop with webhooks: what the checkout, a refund and the gate write is heard by a real
 * receiver, signed, as order.paid, order.refunded, pass.voided (passes voided by the refund, around the resource
 * engine) and ticket.entry.
 */
describe.each(databaseKinds)('webhooks of the e-shop and the gate (%s)', (kind) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shop: Shop;
  let admin: string;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', JOB_POLL_MS: '20' });
    receiver = await startReceiver();
    shop = await createShop(server);
    admin = await server.adminToken();
    const created = await server.call(admin, {
      method: 'POST',
      url: '/api/core/v1/webhook',
      payload: {
        projectId: shop.projectId,
        url: receiver.url('ok', 'shop'),
        events: ['order.paid', 'order.refunded', 'pass.voided', 'ticket.entry'],
      },
    });
    expect(created.statusCode).toBe(201);
    secret = created.json().secret;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  }, 30_000);

  const heardOf = (type: string) => receiver.at('ok', 'shop').filter((heard) => heard.json.type === type);

  it('tells of an order paid, its ticket let in at the gate, then refunded with its passes voided', async () => {
    const placed = await server.call(undefined, {
      method: 'POST',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
      payload: { email: 'buyer@example.com', locale: 'en', items: [{ productId: shop.product, count: 2 }] },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const paid = await server.call(undefined, {
      method: 'POST',
      url: new URL(order.paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    expect(paid.json().paymentState).toBe('paid');
    const [paidEvent] = await waitFor(
      () => heardOf('order.paid'),
      (list) => list.length >= 1,
    );
    expect(paidEvent.json.data).toMatchObject({ id: order.orderId });
    expect(matchingSignatures(String(paidEvent.headers['passbase-signature']), paidEvent.body, secret)).toBe(
      1,
    );
    expect(paidEvent.body).not.toContain('buyer@example.com');

    const items = await server.context.db
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', order.orderId)
      .orderBy('createdAt')
      .execute();
    const entry = await server.call(admin, {
      method: 'POST',
      url: `${T}/entry`,
      payload: { code: items[0].ticketSecret },
    });
    expect(entry.json().result).toBe('accepted');
    const [entryEvent] = await waitFor(
      () => heardOf('ticket.entry'),
      (list) => list.length >= 1,
    );
    expect(entryEvent.json.data).toMatchObject({ result: 'accepted' });
    // the scanned code may be the ticket's secret: a receiver never hears it
    expect(entryEvent.body).not.toContain(items[0].ticketSecret);

    const refunded = await server.call(admin, {
      method: 'POST',
      url: `${T}/order/${order.orderId}/refund`,
      payload: { reason: 'The event was canceled' },
    });
    expect(refunded.statusCode).toBe(201);
    const [refundEvent] = await waitFor(
      () => heardOf('order.refunded'),
      (list) => list.length >= 1,
    );
    expect(refundEvent.json.data).toMatchObject({ id: order.orderId });
    // the refund voids the tickets not used yet, and their passes
    const voidedPasses = await server.context.db
      .selectFrom('pass')
      .select('id')
      .where('voided', '=', true)
      .where(
        'id',
        'in',
        items.map((item) => item.passId as string),
      )
      .execute();
    expect(voidedPasses.length).toBeGreaterThan(0);
    const voided = await waitFor(
      () => heardOf('pass.voided'),
      (list) => list.length >= voidedPasses.length,
    );
    expect(voided.map((heard) => heard.json.data.id).sort()).toEqual(
      voidedPasses.map((pass) => pass.id).sort(),
    );
    expect(voided.every((heard) => heard.json.data.voided === true)).toBe(true);
    expect(new Set(receiver.at('ok', 'shop').map((heard) => heard.json.id)).size).toBe(
      receiver.at('ok', 'shop').length,
    );
  });
});
