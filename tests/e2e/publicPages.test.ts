import type { Page } from 'playwright-core';
import path from 'node:path';
import { iconPng } from '../server/walletFixtures';
import { SCREENSHOTS, api, signIn, startJourney, type Journey } from './browser';

// The icon of the server suites' fixtures, without their in-process server (this suite talks to the built one).
jest.mock('../server/harness', () => ({}));

const PORT = 18475;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Asserts that the browser shows a page a person reads, never a JSON error, and answers its visible text. */
async function readablePage(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  expect(text.trim().startsWith('{')).toBe(false);
  expect(text).not.toContain('"statusCode"');
  return text;
}

describe('public pages of a pass that cannot be signed, in Chromium', () => {
  let journey: Journey;
  let token: string;
  let passId: string;

  beforeAll(async () => {
    // the default set-up: no signing certificate (WWDR_CERT unset: Apple's bundled G4)
    journey = await startJourney(PORT);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    token = (await login.json()).token;
    const projectId = (await api(journey, token, 'POST', '/v1/project', { name: 'Kavárna' })).id;
    const form = new FormData();
    for (const [name, value] of Object.entries({ projectId, type: 'icon', name: 'icon.png' }))
      form.append(name, value);
    form.append(
      'file',
      new Blob([new Uint8Array(iconPng([120, 60, 20]))], { type: 'image/png' }),
      'icon.png',
    );
    const icon = await (
      await fetch(`${journey.server.url}/api/core/v1/image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json();
    const template = await api(journey, token, 'POST', '/v1/template', {
      name: 'Věrnostní karta',
      projectId,
      languages: ['cs', 'en'],
      images: { icon: icon.id },
      dynamicDataJsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
      jsonTemplate: {
        description: 'Coffee loyalty card',
        organizationName: 'Kavárna',
        logoText: 'Kavárna',
        backgroundColor: 'rgb(92,51,23)',
        foregroundColor: 'rgb(255,255,255)',
        labelColor: 'rgb(240,200,150)',
        storeCard: {
          primaryFields: [
            { key: 'name', label: 'Member', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
          ],
        },
        barcodes: [
          {
            format: 'PKBarcodeFormatQR',
            message: { type: 'string', value: '#{name}', fallback: 'Guest' },
            messageEncoding: 'iso-8859-1',
          },
        ],
      },
    });
    passId = (
      await api(journey, token, 'POST', '/v1/pass', {
        templateId: template.id,
        dynamicData: { name: 'Jana' },
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('a customer opens the pass, follows an old Apple Wallet link and a broken one: readable pages, never JSON', async () => {
    const page = await journey.newPage(420, 900);
    await page.goto(`${journey.server.url}/p/${passId}`);
    await page.getByText('Jana').waitFor();
    const landing = await readablePage(page);
    expect(landing).toContain('This pass cannot be added to Apple Wallet yet');
    expect(await page.getByRole('link', { name: 'Add to Apple Wallet' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-1-landing-unsigned.png'), fullPage: true });

    // a link to the .pkpass sent before the issuer's set-up broke (or was finished)
    const refused = await page.goto(`${journey.server.url}/p/${passId}?format=pkpass`);
    expect(refused?.status()).toBe(409);
    await page.getByRole('heading', { name: 'This pass cannot be added to Apple Wallet yet' }).waitFor();
    expect(await readablePage(page)).toContain('contact the issuer of the pass');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-2-pkpass-refused.png'), fullPage: true });
    await page.getByRole('link', { name: 'Back to the pass' }).click();
    await page.getByText('Jana').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/p/${passId}`);

    const missing = await page.goto(`${journey.server.url}/p/${MISSING_ID}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Pass not found' }).waitFor();
    await readablePage(page);
    await page.context().close();
  }, 60_000);

  it('a Czech reader gets the same pages in Czech', async () => {
    const context = await journey.browser.newContext({
      locale: 'cs-CZ',
      viewport: { width: 420, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/p/${passId}`);
    await page.getByText('Tento pas zatím nelze přidat do Apple Wallet').waitFor();
    await page.goto(`${journey.server.url}/p/${passId}?format=pkpass`);
    await page.getByRole('heading', { name: 'Tento pas zatím nelze přidat do Apple Wallet' }).waitFor();
    await readablePage(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-3-pkpass-refused-cs.png'), fullPage: true });
    await context.close();
  }, 60_000);

  it("the pass's screen in the console disables Download pkpass and says why", async () => {
    const page = await journey.newPage();
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
    await page.goto(`${journey.server.url}/passes/pass/${passId}`);
    await page.getByText('The template has no signing certificate.').waitFor();
    const download = page.getByRole('button', { name: 'Download pkpass' });
    expect(await download.isDisabled()).toBe(true);
    await page.getByLabel(/Apple Wallet cannot take this pass yet/).hover();
    await page.getByRole('tooltip').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'public-4-console-download-disabled.png') });
    await page.context().close();
  }, 90_000);
});
