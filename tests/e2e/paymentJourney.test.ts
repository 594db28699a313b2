import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../server/stripeStandIn';
import {
  SCREENSHOTS,
  adminToken,
  signIn,
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
 * webhook told the server first); then the back office refunds one of the tickets from the order's page (Stripe is
 * asked), the credit note opens as a PDF correcting the invoice, and the gate refuses the refunded ticket while it
 * lets the other in.
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

  it('the back office refunds one ticket: Stripe gives it back, the credit note corrects the invoice, the gate refuses it', async () => {
    const where = encodeURIComponent(JSON.stringify({ orderId: order.orderId }));
    const items = (await ticketApi(journey, token, 'GET', `/v1/orderItem?where=${where}`)).data as Array<{
      id: string;
      itemNumber: string;
      ticketSecret: string;
    }>;
    const [refunded, kept] = [...items].sort((a, b) => a.itemNumber.localeCompare(b.itemNumber));

    const page = await journey.newPage();
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${journey.server.url}/ticket/ticketOrder/${order.orderId}`);
    await page.getByRole('button', { name: 'Refund' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Chosen tickets (their prices; they are voided)').check();
    await dialog.getByLabel(new RegExp(refunded.itemNumber)).check();
    await dialog.getByLabel('Reason').fill('The visitor could not come');
    await shot(page, 'refund-dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText(/was given back/).waitFor();
    await page.getByRole('tab', { name: 'Refunds' }).click();
    await page.getByText('The visitor could not come').waitFor();
    await shot(page, 'refund-done');
    await page.context().close();

    // Stripe was asked for the ticket's price, with the refund's id as its idempotency key
    const [stripeRefund] = [...stripe.refunds.values()] as Array<{ amount: number }>;
    expect(stripeRefund.amount).toBe(18150);
    const refunds = (await ticketApi(journey, token, 'GET', `/v1/refund?where=${where}`)).data;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ state: 'succeeded', amount: 181.5, itemIds: [refunded.id] });

    // the credit note, as the back office downloads it, read back and photographed
    const pdf = await fetch(`${journey.server.url}/api/ticket/v1/refund/${refunds[0].id}/creditNote`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const file = path.join(dataDir, 'credit-note.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      file,
      path.join(SCREENSHOTS, 'payment-credit-note'),
    ]);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(refunds[0].creditNoteNumber);
    expect(text).toContain(refunded.itemNumber);
    expect(text).not.toContain(kept.itemNumber);

    // the gate: the refunded ticket is refused, the other one lets its holder in
    const gate = await journey.newPage(390, 844);
    await signIn(gate, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await gate.waitForURL((url) => !url.pathname.startsWith('/login'));
    await gate.goto(`${journey.server.url}/ticket/validation`);
    await gate.getByLabel('E-shop').click();
    await gate.getByRole('option', { name: 'Zoo e-shop' }).click();
    const input = gate.getByLabel('Item number or code');
    const answer = gate.getByRole('status');
    await input.fill(refunded.ticketSecret);
    await input.press('Enter');
    await answer.getByText('Voided or refunded').waitFor();
    expect(await answer.getAttribute('data-result')).toBe('voided');
    await shot(gate, 'gate-refunded');
    await input.fill(kept.ticketSecret);
    await input.press('Enter');
    await answer.getByText('ACCEPTED').waitFor();
    await gate.context().close();
  });
});
