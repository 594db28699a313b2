import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { adminToken, api, SCREENSHOTS, signIn, startJourney, type Journey } from './browser';

interface DemoPass {
  id: string;
  dynamicData: Record<string, string | number>;
}

describe('first run: npm run demo-data in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let dataDir: string;
  let card: DemoPass;

  beforeAll(async () => {
    // `npm run demo-data` on an empty embedded database, then the server on it
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-demo-'));
    execFileSync(process.execPath, [path.resolve('dist/node/server/cli/demoData.js')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        FIRST_ADMIN_EMAIL: 'bench@localhost',
        FIRST_ADMIN_PASSWORD: 'Bench-Passw0rd!',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    journey = await startJourney(18470, { dataDir });
    const { email, password } = journey.server.admin;
    const token = await adminToken(journey);
    const passes = (await api(journey, token, 'GET', '/v1/pass?limit=50')) as { data: DemoPass[] };
    card = passes.data.find((pass) => 'cardNumber' in pass.dynamicData) as DemoPass;
    if (!card) throw new Error(`no store card pass among ${JSON.stringify(passes).slice(0, 800)}`);
    page = await journey.newPage(1400, 1000);
    await signIn(page, journey.server.url, email, password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 240_000);

  afterAll(async () => {
    await journey?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a demo pass with its Dynamic data form filled in and the development certificate in its Wallet check', async () => {
    await page.goto(`${journey.server.url}/passes/pass/${card.id}`);
    await page.getByRole('tab', { name: 'Dynamic data' }).click();

    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.waitFor();
    expect(await name.inputValue()).toBe(card.dynamicData.name);
    expect(await page.getByRole('textbox', { name: /^Card number/ }).inputValue()).toBe(
      card.dynamicData.cardNumber,
    );
    await page.getByText('The pass signs and downloads, but:').waitFor();
    await page.getByText(/"Demo development certificate" is a development certificate/).waitFor();
    await page
      .getByText(/iPhones do not accept them until a certificate issued by Apple is uploaded/)
      .waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'demo-pass-dynamic-data.png'), fullPage: true });
  }, 60_000);

  it("downloads the demo pass from its screen's Download pkpass link as a signed pass", async () => {
    await page.goto(`${journey.server.url}/passes/pass/${card.id}`);
    // signed with the development certificate: the button says so, and why on hover
    const link = page.getByRole('link', { name: 'Download pkpass (development)', exact: true });
    await link.waitFor();
    await link.hover();
    await page.getByText(/iPhones will not accept it until a certificate from Apple is uploaded/).waitFor();

    const response = await page
      .context()
      .request.get(new URL((await link.getAttribute('href')) as string, journey.server.url).toString());

    expect(response.status()).toBe(200);
    const files = unzipSync(new Uint8Array(await response.body()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'pass.json',
        'manifest.json',
        'signature',
        'icon.png',
        'logo.png',
        'strip.png',
      ]),
    );
    const json = JSON.parse(strFromU8(files['pass.json']));
    expect(json).toMatchObject({
      passTypeIdentifier: 'pass.dev.passbase.demo',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: card.dynamicData.cardNumber }],
      storeCard: { primaryFields: [{ key: 'name', value: card.dynamicData.name }] },
    });
  }, 60_000);

  it("a customer opening a demo pass's page is told it is signed for development, and can download the file", async () => {
    const customer = await journey.newPage(480, 900);
    await customer.goto(`${journey.server.url}/p/${card.id}`);
    await customer
      .getByText(
        'This pass is signed for development only: iPhones will not accept it until its issuer uploads a certificate from Apple.',
        { exact: false },
      )
      .waitFor();
    expect(await customer.getByRole('link', { name: 'Add to Apple Wallet' }).count()).toBe(0);
    const download = customer.getByRole('link', { name: 'Download the pass file (for inspection)' });
    await download.waitFor();
    const response = await customer
      .context()
      .request.get(new URL((await download.getAttribute('href')) as string, customer.url()).toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    await customer.screenshot({
      path: path.join(SCREENSHOTS, 'demo-pass-landing-development.png'),
      fullPage: true,
    });
    await customer.close();
  }, 60_000);
});
