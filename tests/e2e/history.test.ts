import path from 'node:path';
import type { Page } from 'playwright-core';
import { defaultJsonTemplate } from '../../domain/template/defaults';
import { SCREENSHOTS, api, startJourney, type Journey, adminPage } from './browser';

describe('History of a template in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;
  let templateId: string;

  beforeAll(async () => {
    journey = await startJourney(18460);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    adminToken = (await login.json()).token;
    const projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Season sales' })).id;
    templateId = (
      await api(journey, adminToken, 'POST', '/v1/template', {
        name: 'Season ticket',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      })
    ).id;
    await api(journey, adminToken, 'PATCH', `/v1/template/${templateId}`, { name: 'Season ticket 2027' });
    page = await adminPage(journey);
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('lists the changes and restores the first version through the normal save', async () => {
    await page.goto(`${journey.server.url}/passes/template/${templateId}`);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('name: Season ticket → Season ticket 2027').waitFor();
    await page.getByText('name: — → Season ticket', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'history-1-template.png') });

    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('The version was restored').waitFor();
    const template = await api(journey, adminToken, 'GET', `/v1/template/${templateId}`);
    expect(template.name).toBe('Season ticket');
    await page.getByText('name: Season ticket 2027 → Season ticket').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'history-2-restored.png') });
  }, 60_000);
});
