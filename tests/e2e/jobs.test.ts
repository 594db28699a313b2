import path from 'node:path';
import type { Page } from 'playwright-core';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../../domain/ticket/ticketTemplate';
import { SCREENSHOTS, api, startJourney, type Journey, adminPage } from './browser';

/** Polls the API until the job list answers what `check` wants (a safety limit, not a measure). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Background jobs in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    // no mail server answers: the order's email job fails at once and stays failed
    journey = await startJourney(18480, {
      env: { SMTP_URL: 'smtp://127.0.0.1:9', JOB_MAX_ATTEMPTS: '1', CHECKOUT_RATE_LIMIT: '0' },
    });
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    adminToken = (await login.json()).token;
    const projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Zoo' })).id;
    const templateId = (
      await api(journey, adminToken, 'POST', '/v1/template', {
        name: 'Zoo ticket',
        projectId,
        languages: ['en'],
        jsonTemplate: ticketJsonTemplate(),
        dynamicDataJsonSchema: ticketDynamicDataSchema(),
      })
    ).id;
    const ticketApi = (method: string, url: string, body: unknown) =>
      fetch(`${journey.server.url}/api/ticket${url}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json());
    const eshop = await ticketApi('POST', '/v1/eshop', { projectId, name: 'Zoo', locales: ['en'] });
    const product = await ticketApi('POST', '/v1/product', {
      eshopId: eshop.id,
      name: 'Adult',
      active: true,
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [templateId],
      title: { en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
    const order = await ticketApi('POST', `/public/v1/eshop/${eshop.id}/order`, {
      email: 'buyer@example.com',
      locale: 'en',
      items: [{ productId: product.id, count: 1 }],
    });
    await ticketApi('POST', new URL(order.paymentUrl).pathname.replace('/api/ticket', ''), {
      outcome: 'paid',
    });
    await eventually(
      () => api(journey, adminToken, 'GET', '/v1/job?where={"state":"failed"}'),
      (list: { data: unknown[] }) => list.data.length > 0,
    );
    page = await adminPage(journey);
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('lists the failed email job with its error under Identity, and retries it', async () => {
    await page.getByRole('link', { name: 'Background jobs' }).click();
    await page.getByRole('cell', { name: 'Order email' }).waitFor();
    await page.getByText('Failed', { exact: true }).first().waitFor();
    await page
      .getByText(/ECONNREFUSED/)
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'jobs-1-list.png') });

    await page.getByRole('cell', { name: 'Order email' }).click();
    await page.getByText('Latest error').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'jobs-2-job.png') });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('The Order email job runs again').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'jobs-3-retried.png') });
  }, 90_000);
});
