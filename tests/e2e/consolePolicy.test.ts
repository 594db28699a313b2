import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { startProductServer } from '../../bench/processes';
import { defaultJsonTemplate } from '../../domain/template/defaults';
import { SCREENSHOTS, launchBrowser, signIn } from './browser';

const PORT = 18460;
// another origin than the console's (127.0.0.1), over plain http: the policy must name it for the tiles to show
const TILES = `http://localhost:${PORT}/p/icon.png?z={z}&x={x}&y={y}`;

describe('the console under its Content-Security-Policy in Chromium', () => {
  let server: Awaited<ReturnType<typeof startProductServer>>;
  let browser: Browser;
  let page: Page;
  let templateId: string;
  let passId: string;
  /** what the browser refused, or failed to run, since the last check */
  const problems: string[] = [];

  async function call(token: string, method: string, url: string, body: unknown) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  beforeAll(async () => {
    server = await startProductServer(PORT, { MAP_TILE_URL: TILES });
    const login = await fetch(`${server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(server.admin),
    });
    const token = (await login.json()).token as string;
    const project = await call(token, 'POST', '/api/core/v1/project', { name: 'Acme' });
    templateId = (
      await call(token, 'POST', '/api/core/v1/template', {
        name: 'Card',
        projectId: project.id,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
        dynamicDataJsonSchema: { type: 'object', properties: { name: { type: 'string', title: 'name' } } },
      })
    ).id;
    passId = (await call(token, 'POST', '/api/core/v1/pass', { templateId, dynamicData: { name: 'Jana' } }))
      .id;
    await call(token, 'POST', '/api/ticket/v1/eshop', {
      projectId: project.id,
      name: 'Zoo',
      locales: ['en'],
    });

    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`),
      ),
    );
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves index.html without inline scripts, under the policy', async () => {
    const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'unsafe-eval';/);
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    // files of the console's own origin (its bundles under /assets/, public/warm-up-formatting.js)
    for (const script of scripts) expect(script).toMatch(/\ssrc="\/[^/"][^"]*\.js"/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('signs in with nothing refused', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'policy-1-home.png') });
    expect(problems.splice(0)).toEqual([]);
  }, 60_000);

  it("opens the designer, whose rules compile schemas, and shows the map's tiles from another origin", async () => {
    await page.goto(`${server.url}/passes/template/${templateId}`);
    await page.getByRole('button', { name: /Relevance$/ }).click();
    const map = page.getByRole('application', { name: 'Map of the locations' });
    await map.waitFor();
    await map.locator('img.leaflet-tile-loaded').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'policy-2-designer-map.png') });
    expect(problems.splice(0)).toEqual([]);
  }, 60_000);

  it("edits a pass's dynamic data in its schema form", async () => {
    await page.goto(`${server.url}/passes/pass/${passId}`);
    await page.getByRole('tab', { name: 'Dynamic data' }).click();
    const name = page.getByRole('textbox', { name: /^name/ });
    await name.fill('Jana Dvořák');
    expect(await name.inputValue()).toBe('Jana Dvořák');
    expect(problems.splice(0)).toEqual([]);
  }, 60_000);

  it('shows the ticket screens with their simulated payments warning', async () => {
    await page.goto(`${server.url}/ticket/ticketEshop`);
    await page.getByText(/^Payments are simulated/).waitFor();
    await page.getByText('Zoo').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'policy-3-ticket.png') });
    expect(problems.splice(0)).toEqual([]);
  }, 60_000);

  it('opens the API reference under its own policy', async () => {
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('Wallet pass platform API').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'policy-4-api-docs.png') });
    expect(problems.splice(0)).toEqual([]);
  }, 60_000);
});
