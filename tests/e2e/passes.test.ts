import type { Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCREENSHOTS, api, startJourney, type Journey, adminPage } from './browser';
import { solidPng } from '../pngFiles';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('passes journeys in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;
  let projectId: string;
  let templateId: string;
  let passId: string;
  let imageId: string;
  let tempDir: string;
  let certificateId: string;
  const templateName = 'Loyalty card';
  const imageName = 'Gold icon';
  const certificateName = 'Acme signing';

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-e2e-'));
    journey = await startJourney(18410);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    adminToken = (await login.json()).token;
    projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Acme Loyalty' })).id;
    page = await adminPage(journey);
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('creates a template in the New dialog and opens its editor', async () => {
    await page.goto(`${journey.server.url}/passes/template`);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill(templateName);
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Acme Loyalty' }).click();
    await dialog.getByLabel('Languages').fill('English');
    await page.getByRole('option', { name: 'English (en)' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.waitForURL(new RegExp(`/passes/template/${UUID}$`));
    templateId = pathOf(page).split('/').pop() ?? '';
    await page.getByRole('tab', { name: 'General' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passes-1-template.png') });

    const template = await api(journey, adminToken, 'GET', `/v1/template/${templateId}`);
    expect(template).toMatchObject({
      name: templateName,
      projectId,
      languages: ['en'],
      jsonTemplate: {
        labelColor: 'rgb(255,255,255)',
        description: 'Description',
        backgroundColor: 'rgb(0,0,0)',
        foregroundColor: 'rgb(255,255,255)',
        organizationName: 'Organization name',
        storeCard: {},
      },
    });

    // the next journey's schema: a required name and integer points
    const writable = [
      'name',
      'projectId',
      'certificateId',
      'languages',
      'distributable',
      'jsonTemplate',
      'images',
      'translations',
    ];
    const body: Record<string, unknown> = Object.fromEntries(
      writable
        .filter((key) => template[key] !== undefined && template[key] !== null)
        .map((key) => [key, template[key]]),
    );
    body.dynamicDataJsonSchema = {
      type: 'object',
      title: 'DynamicData',
      required: ['name'],
      properties: { name: { type: 'string', title: 'name' }, points: { type: 'integer', title: 'points' } },
    };
    await api(journey, adminToken, 'PUT', `/v1/template/${templateId}`, body);
    const saved = await api(journey, adminToken, 'GET', `/v1/template/${templateId}`);
    expect(saved.dynamicDataJsonSchema.required).toEqual(['name']);
  }, 60_000);

  it('creates a pass from the schema form and shows a violation live', async () => {
    await page.goto(`${journey.server.url}/passes/pass`);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(/\/passes\/pass\/new$/);
    await page.getByLabel('Template').fill('Loyalty');
    await page.getByRole('option', { name: `${templateName} (Acme Loyalty)` }).click();

    const nameField = page.getByRole('textbox', { name: /^name/ });
    const pointsField = page.getByRole('spinbutton', { name: /^points/ });
    await nameField.fill('Jana Dvořák');
    await pointsField.fill('120');
    await nameField.fill('');
    await page.getByText("must have required property 'name'").first().waitFor();
    await nameField.fill('Jana Dvořák');
    await page.getByText("must have required property 'name'").first().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/passes/pass/${UUID}$`));
    passId = pathOf(page).split('/').pop() ?? '';
    await page.getByRole('tab', { name: 'Dynamic data' }).click();
    await expectValue(page.getByRole('textbox', { name: /^name/ }), 'Jana Dvořák');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passes-2-pass.png') });

    const pass = await api(journey, adminToken, 'GET', `/v1/pass/${passId}`);
    expect(pass).toMatchObject({ templateId, projectId, dynamicData: { name: 'Jana Dvořák', points: 120 } });
  }, 60_000);

  it('uploads an icon and finds it in the image picker of the pass', async () => {
    const file = path.join(tempDir, 'gold-icon.png');
    const png = solidPng(58, 58, [212, 175, 55]);
    fs.writeFileSync(file, png);

    await page.goto(`${journey.server.url}/passes/image`);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload image' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Acme Loyalty' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Icon' }).click();
    await dialog.getByLabel('Name').fill(imageName);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('PNG of 58 x 58 px, ready to upload.').waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: imageName }).waitFor();

    const where = encodeURIComponent(JSON.stringify({ name: imageName }));
    const images = await api(journey, adminToken, 'GET', `/v1/image?where=${where}`);
    expect(images.data).toHaveLength(1);
    expect(images.data[0]).toMatchObject({ projectId, type: 'icon', width: 58, height: 58 });
    imageId = images.data[0].id;
    const publicImage = await fetch(`${journey.server.url}/p/image/${imageId}`);
    expect(publicImage.status).toBe(200);
    expect(Buffer.from(await publicImage.arrayBuffer()).equals(png)).toBe(true);

    await page.goto(`${journey.server.url}/passes/pass/${passId}`);
    await page.getByRole('tab', { name: 'Dynamic images' }).click();
    const iconSection = page
      .getByRole('tabpanel', { name: 'Dynamic images' })
      .locator('.MuiPaper-root')
      .filter({ has: page.getByText('Icon', { exact: true }) });
    await iconSection.getByRole('button', { name: 'Choose' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image: Icon' });
    const tile = picker.getByRole('button', { name: imageName });
    await tile.waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passes-3-picker.png') });

    // choosing it shows it on the pass, and Save keeps it
    await tile.click();
    await picker.waitFor({ state: 'detached' });
    await iconSection.getByRole('img', { name: 'icon' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      waitUntil(
        async () => (await api(journey, adminToken, 'GET', `/v1/pass/${passId}`)).dynamicImages?.icon,
      ),
    ).resolves.toBe(imageId);
  }, 60_000);

  it('creates a certificate and downloads its CSR as {name}.pem', async () => {
    await page.goto(`${journey.server.url}/passes/certificate/new`);
    await page.getByLabel('Name').fill(certificateName);
    await expect(page.getByRole('combobox', { name: 'Project' }).textContent()).resolves.toContain(
      'Acme Loyalty',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/passes/certificate/${UUID}$`));
    certificateId = pathOf(page).split('/').pop() ?? '';

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSR download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${certificateName}.pem`);
    const saved = path.join(tempDir, download.suggestedFilename());
    await download.saveAs(saved);
    const pem = fs.readFileSync(saved, 'utf8');
    expect(pem.startsWith('-----BEGIN CERTIFICATE REQUEST-----')).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passes-4-certificate.png') });

    const certificate = await api(journey, adminToken, 'GET', `/v1/certificate/${certificateId}`);
    expect(certificate).toMatchObject({ name: certificateName, projectId });
    const csr = await fetch(`${journey.server.url}/api/core/v1/certificate/${certificateId}/csr`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect((await csr.text()).trim()).toBe(pem.trim());
  }, 60_000);

  it('uploads a .p12 exported with its key, asking for its password', async () => {
    // a development certificate (not Apple's) with its key, as openssl exports it
    const [key, cert, p12] = ['key.pem', 'cert.pem', 'Certificates.p12'].map((name) =>
      path.join(tempDir, name),
    );
    const subject =
      '/UID=pass.com.acme.loyalty/CN=Pass Type ID: pass.com.acme.loyalty/OU=ACMETEAM01/O=Acme/C=CZ';
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '365', '-subj', subject].concat([
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      key,
      '-in',
      cert,
      '-passout',
      'pass:keychain',
      '-out',
      p12,
    ]);
    await page.goto(`${journey.server.url}/passes/certificate/${certificateId}`);
    await page.getByLabel('Choose certificate file').setInputFiles(p12);
    await page.getByLabel('Password of the .p12').fill('wrong');
    await page.getByRole('button', { name: 'Upload certificate' }).click();
    await page.getByText('The password does not open the .p12 file.').waitFor();
    await page.getByLabel('Password of the .p12').fill('keychain');
    await page.getByRole('button', { name: 'Upload certificate' }).click();
    await page.getByText('Certificate uploaded').waitFor();
    await page.getByText('pass.com.acme.loyalty').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'passes-5-certificate-p12.png') });
    expect(await api(journey, adminToken, 'GET', `/v1/certificate/${certificateId}`)).toMatchObject({
      passTypeId: 'pass.com.acme.loyalty',
      teamId: 'ACMETEAM01',
      hasCertificate: true,
    });
  }, 60_000);
});

/** Waits until the input shows the value. */
async function expectValue(locator: ReturnType<Page['getByRole']>, value: string) {
  await waitUntil(async () => ((await locator.inputValue()) === value ? true : undefined));
  expect(await locator.inputValue()).toBe(value);
}

/** Polls until the check gives a value (the API answers after the console's save). */
async function waitUntil<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
