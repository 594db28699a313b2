import type { Shop } from './checkoutFixtures';
import type { TestServer } from './harness';

const PUBLIC = '/api/ticket/public/v1';

export interface SoldTicket {
  id: string;
  itemNumber: string;
  /** what the ticket's barcode carries */
  ticketSecret: string;
  passId: string;
}

/** Buys tickets of a product (of its e-shop) through the public checkout and pays them (simulated bank): issued, with passes. */
export async function buyTickets(server: TestServer, shop: Shop, count = 1, productId = shop.product) {
  const { eshopId } = await server.context.db
    .selectFrom('product')
    .select('eshopId')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const created = await server.call(undefined, {
    method: 'POST',
    url: `${PUBLIC}/eshop/${eshopId}/order`,
    payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId, count }] },
  });
  if (created.statusCode !== 201) throw new Error(`the order was refused: ${created.body}`);
  const { orderId, paymentUrl } = created.json();
  const paid = await server.call(undefined, {
    method: 'POST',
    url: new URL(paymentUrl).pathname,
    payload: { outcome: 'paid' },
  });
  expect(paid.statusCode).toBe(200);
  const items = await server.context.db
    .selectFrom('orderItem')
    .select(['id', 'itemNumber', 'ticketSecret', 'passId'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .execute();
  return items as SoldTicket[];
}

/** An order that was never paid: its items have no number and no pass. */
export async function unpaidTicket(server: TestServer, shop: Shop): Promise<string> {
  const created = await server.call(undefined, {
    method: 'POST',
    url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
    payload: { email: 'buyer@example.com', locale: 'cs', items: [{ productId: shop.product, count: 1 }] },
  });
  expect(created.statusCode).toBe(201);
  const item = await server.context.db
    .selectFrom('orderItem')
    .select('id')
    .where('orderId', '=', created.json().orderId)
    .executeTakeFirstOrThrow();
  return item.id;
}
