import type { Page } from 'playwright-core';
import path from 'node:path';
import { SCREENSHOTS, adminToken, signIn, startJourney, ticketApi, zooShop, type Journey } from './browser';

describe('ticket back office in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let token: string;
  let productId: string;
  let orderId: string;

  beforeAll(async () => {
    journey = await startJourney(18440);
    token = await adminToken(journey);
    const { template, eshop } = await zooShop(journey, token);
    productId = (
      await ticketApi(journey, token, 'POST', '/v1/product', {
        eshopId: eshop.id,
        name: 'Dětská',
        active: true,
        priceWithoutVat: 150,
        vat: 0.21,
        templateIds: [template.id],
        title: { cs: 'Dětská', en: 'Child' },
        period: { periodType: 'days', daysMaximalValidity: 30 },
      })
    ).id;
    // a paid order through the public checkout and the simulated bank
    const checkout = await fetch(`${journey.server.url}/api/ticket/public/v1/eshop/${eshop.id}/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jana@example.com', locale: 'cs', items: [{ productId, count: 2 }] }),
    });
    const order = await checkout.json();
    orderId = order.orderId;
    const paymentId = String(order.paymentUrl).split('/').pop();
    await fetch(`${journey.server.url}/api/ticket/public/v1/simulated-bank/${paymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    page = await journey.newPage(1400, 1000);
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('edits a product title, saves it and the API has it', async () => {
    await page.goto(`${journey.server.url}/ticket/ticketProduct/${productId}`);
    await page.getByRole('tab', { name: 'Localization' }).click();
    const title = page.getByLabel('Title (en)');
    await title.waitFor();
    expect(await page.getByTestId('priceWithVat').inputValue()).toBe('181.5');
    await title.fill('Child ticket');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-1-product.png') });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/ticket\/ticketProduct$/);
    const saved = await ticketApi(journey, token, 'GET', `/v1/product/${productId}`);
    expect(saved.title).toEqual({ cs: 'Dětská', en: 'Child ticket' });
    expect(saved.priceWithVat).toBe(181.5);
  }, 60_000);

  it('opens a new product with the defaults under the first e-shop, and the e-shop with its tabs', async () => {
    await page.goto(`${journey.server.url}/ticket/ticketProduct/new`);
    // the spec's default name in the console's language (English here), required
    expect(await page.getByLabel(/^Name\s*\*$/).inputValue()).toBe('Child');
    expect(await page.getByTestId('priceWithVat').inputValue()).toBe('150');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-3-new-product.png') });
    await page.goto(`${journey.server.url}/ticket/ticketEshop`);
    await page.getByText('Zoo e-shop').click();
    for (const tab of ['Basic', 'Basket', 'Localization', 'Email', 'Wysiwyg', 'JSON'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('tab', { name: 'Wysiwyg' }).click();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-4-eshop.png') });
  }, 60_000);

  it('lists the paid order and enables its invoice and mail', async () => {
    await page.goto(`${journey.server.url}/ticket/ticketOrder`);
    await page.getByText('Paid').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-5-orders.png') });
    await page.goto(`${journey.server.url}/ticket/ticketOrder/${orderId}`);
    const invoice = page.getByRole('button', { name: 'Invoice download' });
    await invoice.waitFor();
    expect(await invoice.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Resend mail' }).isEnabled()).toBe(true);
    await page.getByText('Dětská').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-6-order.png') });
  }, 60_000);

  it('opens accounting on Sales and switches to Transactions', async () => {
    await page.goto(`${journey.server.url}/ticket/ticketAccounting`);
    await page.getByRole('tab', { name: 'Sales', selected: true }).waitFor();
    await page.getByTestId('accounting-total').waitFor();
    expect(await page.getByTestId('accounting-total').getByRole('cell').nth(2).textContent()).toBe('2');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByRole('tab', { name: 'Transactions', selected: true }).waitFor();
    await page.getByTestId('accounting-total').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ticket-2-accounting.png') });
    expect(await page.getByRole('columnheader', { name: 'Discounted price', exact: true }).count()).toBe(1);
    // money as the Orders screen writes it: the console's language (English) and the e-shop's currency
    const paid = await page.getByTestId('accounting-total').getByRole('cell').last().textContent();
    expect(paid?.replace(/\u00a0/g, ' ')).toMatch(/^CZK [\d,]+\.\d{2}$/);
  }, 60_000);
});
