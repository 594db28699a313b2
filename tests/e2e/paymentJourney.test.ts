import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../server/stripeStandIn';
import {
  SCREENSHOTS,
  adminToken,
  startJourney,
  ticketApi,
  ticketProduct,
  zooShop,
  type Journey,
} from './browser';

jest.setTimeout(120_000);

const PORT = 18530;
const KEYS = { secretKey: 'sk_test_journey', webhookSecret: 'whsec_journey' };

/**
 * Real money, as people meet it, against a Stripe stand-in over real HTTP: a customer buys two tickets in the
 * storefront on a phone, pays on Stripe's page, and comes back to the order's page with both tickets (the signed
 * webhook told the server first).
 */
describe('a ticket paid through Stripe in Chromium', () => {
  let journey: Journey;
  let stripe: StripeStandIn;
  let token: string;
  let eshopId: string;
  let order: { url: string; orderId: string };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-payment-journey-'));
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `payment-${name}.png`), fullPage: true });

  beforeAll(async () => {
    journey = await startJourney(PORT, { dataDir, env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` } });
    stripe = await startStripeStandIn(KEYS);
    token = await adminToken(journey);
    const shop = await zooShop(journey, token);
    eshopId = shop.eshop.id;
    await ticketProduct(journey, token, eshopId, shop.template.id);
    await ticketApi(journey, token, 'PATCH', `/v1/eshop/${eshopId}`, {
      paymentGateway: { kind: 'stripe', test: true, apiBase: stripe.url, ...KEYS },
    });
    stripe.setWebhookUrl(`${journey.server.url}/api/ticket/public/v1/eshop/${eshopId}/gateway/stripe`);
  }, 120_000);
  afterAll(async () => {
    await stripe?.close();
    await journey?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a customer pays two tickets on Stripe's page and comes back to them, paid", async () => {
    const page = await journey.newPage(390, 844);
    await page.goto(`${journey.server.url}/shop/${eshopId}?lang=en`);
    // an e-shop on a real gateway says nothing of test payments
    expect(await page.getByText('TEST PAYMENT').count()).toBe(0);
    await page.getByRole('spinbutton').first().fill('2');
    await page.getByLabel('Name on ticket 1', { exact: true }).first().fill('Eva Svobodová');
    await page.getByLabel('Name on ticket 2', { exact: true }).first().fill('Karel Novák');
    await page.getByLabel('Email for your tickets').fill('eva@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/cs_`));
    await page.getByText('36300 czk: open').waitFor();
    await shot(page, 'stripe-page');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?token=/);
    order = { url: page.url(), orderId: /\/order\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string };
    await page.getByText('Eva Svobodová').waitFor();
    await page.getByText('Karel Novák').waitFor();
    expect(await page.getByRole('link', { name: 'Add to Apple Wallet' }).count()).toBe(2);
    await shot(page, 'order-paid');
    await page.context().close();

    // the webhook came before the customer, signed; the order holds its session and says which gateway took it
    expect(stripe.deliveries.map((delivery) => `${delivery.type} ${delivery.status}`)).toEqual([
      'checkout.session.completed 200',
    ]);
    const stored = await ticketApi(journey, token, 'GET', `/v1/order/${order.orderId}`);
    expect(stored).toMatchObject({ paymentState: 'paid', paymentGateway: 'stripe' });
    expect(stored.paymentId).toMatch(/^cs_/);
  });
});
