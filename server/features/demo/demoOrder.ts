import type { AppContext } from '../../kernel/appContext';
import { createCheckoutCore, checkoutPartsOf } from '../ticket';
import type { DemoEshop } from './demoEshop';

/** The demo's buyer and the names on the two tickets; example.com receives no mail. */
const BUYER = 'jana.novakova@example.com';
const HOLDERS = ['Jana Nováková', 'Tomáš Dvořák'];

/** The paid demo order: its id, its number and how many tickets it issued. */
export interface DemoOrder {
  id: string;
  orderNumber: string;
  items: number;
}

/**
 * The checkout a demo order goes through: the server's own when the demo is made in the server (its bank and caches),
 * else one of its own over the same database (`npm run demo-data`), whose paid order's email job waits in the
 * database for the server's job queue.
 */
function checkoutOf(app: AppContext) {
  const parts = checkoutPartsOf(app);
  if (parts) return parts;
  return createCheckoutCore(app, (error, message) =>
    console.error(`demo order: ${message}: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/**
 * One order of the demo e-shop, a ticket of each product with its holder's name, placed and paid exactly as a
 * customer's: the checkout places it, the simulated bank is told "paid", and the checkout's payment result numbers
 * the items, issues their passes (the ticket contract's data) and queues the order's email. Stops the run when the
 * order does not end with its passes issued.
 *
 * @example const order = await placeDemoOrder(context, eshop)
 */
export async function placeDemoOrder(app: AppContext, eshop: DemoEshop): Promise<DemoOrder> {
  const { service, bank } = checkoutOf(app);
  const placed = await service.createOrder(eshop.id, {
    email: BUYER,
    locale: 'en',
    items: eshop.products.map((product, index) => ({
      productId: product.id,
      count: 1,
      data: { holderName: HOLDERS[index % HOLDERS.length] },
    })),
  });
  const orderNow = () => service.orderWithToken(eshop.id, placed.orderId, placed.statusToken);
  const order = await orderNow();
  await bank.decide(String(order.paymentId), 'paid');
  await service.applyPaymentResult(order);
  const paid = await service.orderStatus(await orderNow());
  // the server's job queue may have sent its email already (emailSent)
  if (paid.paymentState !== 'paid' || paid.items.some((item) => item.state !== 'issued' || !item.passUrl))
    throw new Error(`The demo order ${paid.orderNumber} ended ${paid.state}, its passes not all issued.`);
  return { id: paid.orderId, orderNumber: paid.orderNumber, items: paid.items.length };
}
