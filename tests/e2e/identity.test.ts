import type { Page } from 'playwright-core';
import path from 'node:path';
import { SCREENSHOTS, api, signIn, startJourney, type Journey } from './browser';

describe('identity journey in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;
  let projectId: string;
  const member = { email: 'anna@example.com', password: 'Anna-Passw0rd!' };

  beforeAll(async () => {
    journey = await startJourney(18400);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    adminToken = (await login.json()).token;
    projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Acme Loyalty' })).id;
    await api(journey, adminToken, 'POST', '/v1/user', { ...member, displayName: 'Anna Novak' });
    page = await journey.newPage();
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('signs in and shows the home page with the identity menu', async () => {
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'identity-1-home.png') });
    expect(new URL(page.url()).pathname).toBe('/');
  }, 60_000);

  it('opens the projects list and the project', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    await page.getByText('Acme Loyalty').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/identity/project');
    await page.getByText('Acme Loyalty').first().click();
    await page.getByText('User rights').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/identity/project/${projectId}`);
  }, 60_000);

  it("tells an unknown e-mail apart, then adds a user's rights and saves them", async () => {
    const emailField = page.getByLabel('E-mail of a user to add');
    await emailField.fill('nobody@example.com');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('User with email: nobody@example.com was not found.').waitFor();

    await emailField.fill(member.email);
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('Anna Novak').waitFor();
    await page.getByRole('button', { name: 'Edit rights' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Read passes and reports').check();
    await dialog.getByLabel('Read templates').check();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.getByText('Rights saved').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'identity-2-rights.png') });

    const project = await api(journey, adminToken, 'GET', `/v1/project/${projectId}`);
    const users = await api(
      journey,
      adminToken,
      'GET',
      `/v1/user?where=${encodeURIComponent(JSON.stringify({ email: member.email }))}`,
    );
    expect(project.users[users.data[0].id]).toBe(2 | 32);
  }, 60_000);

  it('signs out, and the console asks to sign in again', async () => {
    await page.getByText('Administrator').click();
    await page.getByRole('menuitem', { name: /logout/i }).click();
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    await page.goto(`${journey.server.url}/identity/project`);
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  }, 60_000);
});
