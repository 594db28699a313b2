import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, api, startJourney, type Journey, adminPage } from './browser';

describe('the JSON and History tabs of an item page in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;
  let projectId: string;

  beforeAll(async () => {
    journey = await startJourney(18470);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    adminToken = (await login.json()).token;
    projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Zoo' })).id;
    page = await adminPage(journey);
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('checks the JSON against the write schema as it is typed, then saves it through the form', async () => {
    await page.goto(`${journey.server.url}/identity/project/${projectId}`);
    await page.getByRole('tab', { name: 'JSON' }).click();
    const json = page.getByRole('textbox', { name: 'JSON' });
    await json.fill(JSON.stringify({ name: '   ', description: 'x'.repeat(2001) }, null, 2));
    await page.getByText('/name: Please, fill this mandatory field: Name').waitFor();
    await page.getByText('Please enter a correct value (must be at most 2000 characters long)').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'item-tabs-1-json-problems.png') });

    await json.fill(JSON.stringify({ name: 'Zoo Praha', description: 'Tickets', active: true }, null, 2));
    await page.getByRole('button', { name: 'Apply' }).click();
    // the Detail tab shows the saved name once the save answered
    await page.getByRole('tab', { name: 'Detail' }).click();
    await page.locator('input[name="name"][value="Zoo Praha"]').waitFor();
    const project = await api(journey, adminToken, 'GET', `/v1/project/${projectId}`);
    expect(project).toMatchObject({ name: 'Zoo Praha', description: 'Tickets' });
  }, 60_000);

  it('lists the change on the History tab', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('name: Zoo → Zoo Praha').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'item-tabs-2-history.png') });
  }, 30_000);

  it('names a blank mandatory field in the spec words on Save', async () => {
    // the same form as the saved JSON: a refused save after a successful one is announced too
    await page.getByRole('tab', { name: 'Detail' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('   ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Please, fill this mandatory field: Name').waitFor();
    await page.getByText('Some fields are required!').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'item-tabs-3-mandatory.png') });
  }, 30_000);
});
