import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import {
  SCREENSHOTS,
  api,
  openDesignerSection,
  signIn,
  startJourney,
  uploadImage,
  type Journey,
} from './browser';
import { solidPng } from '../pngFiles';

/** What the preview shows: its text and the images it draws (logo, barcode). */
async function previewState(preview: Locator) {
  const images = await preview
    .locator('img')
    .evaluateAll((elements) =>
      elements.map(
        (element) => `${element.getAttribute('alt')} ${(element as HTMLImageElement).src.slice(0, 120)}`,
      ),
    );
  return { text: await preview.innerText(), images };
}

describe('template designer journey in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let token: string;
  let templateId: string;
  let logoId: string;

  beforeAll(async () => {
    journey = await startJourney(18420);
    const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
      method: 'POST',
      body: JSON.stringify(journey.server.admin),
    });
    token = (await login.json()).token;
    const project = await api(journey, token, 'POST', '/v1/project', { name: 'Acme Coffee' });
    logoId = (
      await uploadImage(
        journey,
        token,
        { projectId: project.id, type: 'logo', name: 'Acme logo' },
        solidPng(200, 100, [230, 180, 40]),
      )
    ).id;
    templateId = (
      await api(journey, token, 'POST', '/v1/template', {
        name: 'Coffee card',
        projectId: project.id,
        languages: ['en'],
        jsonTemplate: defaultJsonTemplate(),
        dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      })
    ).id;
    page = await journey.newPage(1400, 1000);
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  const preview = () => page.getByTestId('pass-preview');

  /** Adds a field to an area of the front and gives it a label and a value in the field popup. */
  async function addField(area: string, label: string, value: string) {
    await page.getByRole('button', { name: `Add field to ${area}` }).click();
    const editor = page.getByRole('dialog', { name: /^Field / });
    await editor.getByRole('group', { name: 'Label' }).getByRole('textbox').first().fill(label);
    await editor.getByRole('group', { name: 'Value' }).getByRole('textbox').first().fill(value);
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'detached' });
  }

  it('builds a store card from the default template: fields, colours, a logo and a QR code', async () => {
    await page.goto(`${journey.server.url}/passes/template/${templateId}`);
    await page.getByRole('tab', { name: 'Designer', selected: true }).waitFor();
    await preview().waitFor();

    await addField('headerFields', 'Points', '120');
    await addField('primaryFields', 'Balance', '250 CZK');
    await addField('secondaryFields', 'Member', 'Jane Doe');
    await expectTexts(preview(), ['POINTS', '120', '250 CZK', 'BALANCE', 'MEMBER', 'Jane Doe']);

    await openDesignerSection(page, 'Colours');
    await page
      .getByRole('group', { name: 'Background colour' })
      .getByRole('textbox')
      .first()
      .fill('rgb(120,60,20)');
    await page
      .getByRole('group', { name: 'Label colour' })
      .getByRole('textbox')
      .first()
      .fill('rgb(255,220,150)');

    await openDesignerSection(page, 'Images');
    await page.getByTestId('image-slot-logo').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Acme logo' }).click();
    await preview().getByRole('img', { name: /logo/i }).waitFor();

    await openDesignerSection(page, 'Barcode');
    await page.getByRole('button', { name: 'Add barcode' }).click();
    await page.getByRole('group', { name: 'Message' }).getByRole('textbox').first().fill('COFFEE-0001');
    await preview().getByRole('img', { name: 'QR barcode' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'designer-1-built.png') });

    const background = await preview().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(120, 60, 20)');
    const built = await previewState(preview());

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Apply' }).and(page.locator('[disabled]')).waitFor();
    const saved = await api(journey, token, 'GET', `/v1/template/${templateId}`);
    expect(saved.jsonTemplate.backgroundColor).toBe('rgb(120,60,20)');
    expect(saved.jsonTemplate.storeCard.headerFields[0]).toMatchObject({ label: 'Points', value: '120' });
    expect(saved.jsonTemplate.storeCard.primaryFields[0]).toMatchObject({
      label: 'Balance',
      value: '250 CZK',
    });
    expect(saved.jsonTemplate.barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: 'COFFEE-0001', messageEncoding: 'UTF-8' },
    ]);
    expect(saved.images.logo).toBe(logoId);
    expect(saved.valid).toBe(true);

    await page.reload();
    await preview().getByRole('img', { name: 'QR barcode' }).waitFor();
    await preview().getByRole('img', { name: /logo/i }).waitFor();
    expect(await previewState(preview())).toEqual(built);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'designer-2-reloaded.png') });
  }, 120_000);

  it('edits a field in a full-screen modal below 1240 px and shows the Oops notice below 500 px', async () => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Edit field primary1' }).click();
    const modal = page.getByRole('dialog', { name: 'Field primary1' });
    await modal.waitFor();
    const box = await modal.boundingBox();
    expect(box?.width).toBe(1000);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'designer-3-modal.png') });
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 480, height: 900 });
    await page.getByText('Oops!').waitFor();
    expect(await preview().count()).toBe(0);
    await page.setViewportSize({ width: 1400, height: 1000 });
  }, 60_000);
});

/** The preview shows these texts, in this order (a primary value stands above its label, as in Wallet). */
async function expectTexts(locator: Locator, texts: string[]) {
  const shown = await locator.innerText();
  let from = 0;
  for (const text of texts) {
    const at = shown.indexOf(text, from);
    expect({ text, found: at >= 0 }).toEqual({ text, found: true });
    from = at + text.length;
  }
}
