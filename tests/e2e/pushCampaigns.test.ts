import path from 'node:path';
import type { Page } from 'playwright-core';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { SCREENSHOTS, adminPage, adminToken, api, startJourney, type Journey } from './browser';

describe('Push campaigns in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    journey = await startJourney(18510);
    token = await adminToken(journey);
    page = await adminPage(journey);
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  it("lists a template's push under Pushes, and its page shows the campaign's counts", async () => {
    const projectId = (await api(journey, token, 'POST', '/v1/project', { name: 'Coffee House' })).id;
    const templateId = (
      await api(journey, token, 'POST', '/v1/template', {
        name: 'Loyalty card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
        dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      })
    ).id as string;
    await api(journey, token, 'POST', '/v1/pass', { templateId, dynamicData: {} });
    const pushed = await api(journey, token, 'GET', `/v1/template/${templateId}/push`);
    expect(pushed).toEqual(expect.objectContaining({ passes: 1, devices: 0, complete: true }));

    await page.getByRole('link', { name: 'Pushes', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Loyalty card' });
    await row.getByText('Template push').waitFor();
    await row.getByText('Done').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-campaigns-list.png') });

    // the row opens the campaign (its template's name links to the template)
    await row.getByText('Done').click();
    await page.getByText('0 sent, 0 failed, 0 left of 0 devices').waitFor();
    // an ended campaign cannot be cancelled
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-campaign-page.png') });
  }, 90_000);
});
