import type { Page } from 'playwright-core';
import path from 'node:path';
import { defaultJsonTemplate } from '../../domain/template/defaults';
import { SCREENSHOTS, adminToken, api, signIn, startJourney, type Journey } from './browser';

/*
 * An administrator gives an API client rights on a project in the console (its Projects tab); the client then signs
 * in with grant_type=client_credentials, as an integration's program would, and creates a pass there.
 */
describe('machine client journey in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let admin: string;
  let projectId: string;
  let templateId: string;
  let client: { id: string; clientId: string; clientSecret: string };

  beforeAll(async () => {
    // the product server of the benches turns the API's limit off; this journey has it
    journey = await startJourney(18500, { env: { API_RATE_LIMIT: '1200' } });
    admin = await adminToken(journey);
    projectId = (await api(journey, admin, 'POST', '/v1/project', { name: 'Warehouse' })).id;
    templateId = (
      await api(journey, admin, 'POST', '/v1/template', {
        name: 'Member card',
        projectId,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
      })
    ).id;
    client = await api(journey, admin, 'POST', '/v1/apiClient', { name: 'Stock sync' });
    page = await journey.newPage();
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  it("gives the client rights on the project on its page's Projects tab", async () => {
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
    await page.goto(`${journey.server.url}/identity/apiClient/${client.id}`);
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByText('No project yet: the client can sign in but may do nothing.').waitFor();
    await page.getByRole('combobox', { name: 'Add project' }).click();
    await page.getByRole('option', { name: 'Warehouse' }).click();
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByRole('button', { name: 'Edit rights Warehouse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Read passes and reports').check();
    await dialog.getByLabel('Create passes').check();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Save Warehouse' }).click();
    await page.getByText('Rights saved').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'machine-client-rights.png') });
    expect(await api(journey, admin, 'GET', `/v1/apiClient/${client.id}/projects`)).toEqual({
      projects: { [projectId]: 1 | 2 },
    });
  }, 60_000);

  it('signs the client in with client_credentials, and its token creates a pass there', async () => {
    const token = await fetch(`${journey.server.url}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials&scope=pass:read%20pass:create',
    });
    expect(token.status).toBe(200);
    const granted = (await token.json()) as { access_token: string; scope: string };
    expect(granted.scope).toBe('pass:read pass:create');
    const created = await fetch(`${journey.server.url}/v1/pass`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${granted.access_token}`,
        'content-type': 'application/json',
        'idempotency-key': 'stock-sync-1',
      },
      body: JSON.stringify({ templateId, dynamicData: {} }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit-limit')).toBe('1200');
  }, 60_000);
});
