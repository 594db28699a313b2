import path from 'node:path';
import type { Page } from 'playwright-core';
import { startReceiver } from '../server/webhookReceiver';
import { SCREENSHOTS, adminToken, api, startJourney, type Journey, adminPage } from './browser';

describe('Webhooks in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // a receiver on this machine: private addresses allowed, as for local receivers
    journey = await startJourney(18490, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
    const token = await adminToken(journey);
    await api(journey, token, 'POST', '/v1/project', { name: 'Hooked' });
    page = await adminPage(journey);
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
    await receiver?.close();
  });

  it('creates a webhook, shows its secret once, sends a test event and lists its delivery', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Hooked' }).click();
    await page.getByLabel('URL').fill(receiver.url('ok', 'console'));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'webhooks-0-new.png') });
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.waitFor();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'webhooks-1-secret.png') });
    await dialog.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('A test event was queued for this endpoint.').waitFor();
    const until = Date.now() + 30_000;
    while (receiver.at('ok', 'console').length === 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.at('ok', 'console')[0].json.type).toBe('webhook.test');

    await page.getByRole('tab', { name: 'Deliveries' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Deliveries' }).click();
    await page.getByRole('cell', { name: 'webhook.test' }).waitFor();
    await page.getByRole('cell', { name: 'Delivered' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'webhooks-2-deliveries.png') });
    expect(await page.getByText(secret).count()).toBe(0);
  }, 90_000);
});
