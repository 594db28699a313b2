import type { Download, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { createSigningChain, iconPng, type SigningChain } from '../server/walletFixtures';
import { startProductServer } from '../../bench/processes';
import { SCREENSHOTS, api, launchBrowser, type Journey, adminPage } from './browser';
import { solidPng } from '../pngFiles';

// The test CA of the server suites, without their in-process server (this suite talks to the built one).
jest.mock('../server/harness', () => ({}));

const PORT = 18430;
const PNG_SIGNATURE = '89504e470d0a1a0a';

/** A multipart upload to the core API, as the console's forms send it. */
async function upload(
  journey: Journey,
  token: string,
  url: string,
  fields: Record<string, string>,
  file: Blob,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, fields.name ?? 'file');
  const response = await fetch(`${journey.server.url}/api/core${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Clicks one of the pass's link buttons (they open a new tab) and answers the bytes the tab received, whether
 * the browser shows them (a PDF viewer, an image) or saves them (a download).
 */
async function bytesDeliveredBy(page: Page, name: string): Promise<Buffer> {
  const context = page.context();
  // a file the tab shows (a PDF viewer wraps it in a page of its own): fetched again from the same address
  const viaResponse = context
    .waitForEvent('response', {
      predicate: (response) => /\/p\/[^/]+\?.*format=/.test(response.url()),
      timeout: 30_000,
    })
    .then(async (response) => {
      expect(response.status()).toBe(200);
      return Buffer.from(await (await context.request.get(response.url())).body());
    });
  // a download starts in the new tab, which Chromium closes at once: listen before it opens
  const viaDownload = new Promise<Buffer>((resolve, reject) => {
    const save = (download: Download) => {
      download
        .path()
        .then((file) => resolve(fs.readFileSync(file)))
        .catch(reject);
    };
    page.once('download', save);
    context.once('page', (popup) => popup.once('download', save));
    setTimeout(() => reject(new Error(`${name}: no download`)), 30_000).unref();
  });
  await page.getByRole('link', { name, exact: true }).click();
  // a download's response has no readable body, a shown file no download: the first that delivers wins
  const bytes = await Promise.any([viaResponse, viaDownload]);
  for (const other of context.pages()) if (other !== page) await other.close();
  return bytes;
}

/** The journey of browser.ts, on a server that can sign (WWDR_CERT of the test chain). */
async function startSigningJourney(port: number, wwdrFile: string): Promise<Journey> {
  const server = await startProductServer(port, { WWDR_CERT: wwdrFile });
  const browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server,
    browser,
    async newPage(width = 1400, height = 900) {
      const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

describe('public pass links in Chromium', () => {
  let journey: Journey;
  let chain: SigningChain;
  let page: Page;
  let token: string;
  let passId: string;

  beforeAll(async () => {
    chain = await createSigningChain();
    journey = await startSigningJourney(PORT, chain.wwdrFile);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    token = (await login.json()).token;
    const projectId = (await api(journey, token, 'POST', '/v1/project', { name: 'Coffee House' })).id;

    // a signing certificate as an operator makes one: CSR from the console's API, signed by the test CA
    const certificate = await api(journey, token, 'POST', '/v1/certificate', { name: 'Coffee', projectId });
    const csr = await fetch(`${journey.server.url}/api/core/v1/certificate/${certificate.id}/csr`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // it expires in 20 days: the console warns of it
    const der = await chain.issue(await csr.text(), {
      passTypeId: 'pass.test.coffee',
      notAfter: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000 - 60_000),
    });
    await upload(
      journey,
      token,
      `/v1/certificate/${certificate.id}/upload`,
      { name: 'pass.cer' },
      new Blob([new Uint8Array(der)], { type: 'application/pkix-cert' }),
    );

    const image = (type: string, png: Buffer) =>
      upload(
        journey,
        token,
        '/v1/image',
        { projectId, type, name: `${type}.png` },
        new Blob([new Uint8Array(png)], { type: 'image/png' }),
      );
    const icon = await image('icon', iconPng([120, 60, 20]));
    const logo = await image('logo', solidPng(320, 100, [240, 220, 180]));
    const template = await api(journey, token, 'POST', '/v1/template', {
      name: 'Coffee card',
      projectId,
      certificateId: certificate.id,
      languages: ['en'],
      images: { icon: icon.id, logo: logo.id },
      dynamicDataJsonSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, stamps: { type: 'integer' } },
      },
      jsonTemplate: {
        description: 'Coffee loyalty card',
        organizationName: 'Coffee House',
        logoText: 'Coffee House',
        backgroundColor: 'rgb(92,51,23)',
        foregroundColor: 'rgb(255,255,255)',
        labelColor: 'rgb(240,200,150)',
        storeCard: {
          headerFields: [
            {
              key: 'stamps',
              label: 'Stamps',
              value: { type: 'number', value: '#{stamps}', fallback: 0 },
              numberStyle: 'PKNumberStyleDecimal',
            },
          ],
          primaryFields: [
            { key: 'name', label: 'Member', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
          ],
          secondaryFields: [{ key: 'level', label: 'Level', value: 'Gold' }],
        },
        barcodes: [
          {
            format: 'PKBarcodeFormatQR',
            message: { type: 'string', value: '#{name}', fallback: 'Guest' },
            messageEncoding: 'iso-8859-1',
            altText: 'Show at the counter',
          },
        ],
      },
    });
    passId = (
      await api(journey, token, 'POST', '/v1/pass', {
        templateId: template.id,
        dynamicData: { name: 'Jana Dvořák', stamps: 7 },
      })
    ).id;

    page = await adminPage(journey);
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it("from a pass's edit screen, Download pkpass, Print pdf and QR code all deliver", async () => {
    await page.goto(`${journey.server.url}/passes/pass/${passId}`);
    await page.getByRole('link', { name: 'Download pkpass', exact: true }).waitFor();

    const pkpass = await bytesDeliveredBy(page, 'Download pkpass');
    expect(pkpass.subarray(0, 2).toString('latin1')).toBe('PK');

    const pdf = await bytesDeliveredBy(page, 'Print pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const qrCode = await bytesDeliveredBy(page, 'QR code');
    expect(qrCode.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);

    // the pkpass was counted (the helper may have fetched a shown file once more); counters are written a
    // fraction of a second after the answer
    let pass = await api(journey, token, 'GET', `/v1/pass/${passId}`);
    for (let attempt = 0; pass.downloads < 1 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pass = await api(journey, token, 'GET', `/v1/pass/${passId}`);
    }
    expect(pass.downloads).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('the console warns of the certificate expiring in 20 days above the screens, and its list shows the state', async () => {
    await page.goto(`${journey.server.url}/passes/pass/${passId}`);
    const warning = page.getByText(/The signing certificate "Coffee" \(pass\.test\.coffee\) expires on/);
    await warning.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'certificate-expiry-banner.png') });
    await page.goto(`${journey.server.url}/passes/certificate`);
    await page.getByText('Expires in 20 days').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'certificate-expiry-list.png') });
    // closed, it stays hidden for the session
    await page.getByTitle('Hide until the next sign-in').click();
    await warning.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Expires in 20 days').waitFor();
    expect(await warning.count()).toBe(0);
  }, 60_000);

  it('View opens the pass page with the card and the wallet buttons', async () => {
    await page.goto(`${journey.server.url}/passes/pass/${passId}`);
    const [landing] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'View', exact: true }).click(),
    ]);
    await landing.waitForLoadState();
    expect(new URL(landing.url()).pathname).toBe(`/p/${passId}`);
    await landing.setViewportSize({ width: 420, height: 1000 });
    await landing.getByText('Jana Dvořák').waitFor();
    await landing.getByRole('link', { name: 'Add to Apple Wallet' }).waitFor();
    await landing.getByText('Show at the counter').waitFor();
    expect(
      await landing
        .getByRole('img', { name: 'Coffee House' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(320);
    await landing.screenshot({ path: path.join(SCREENSHOTS, 'distribution-1-landing.png'), fullPage: true });
    await landing.close();
  }, 60_000);
});
