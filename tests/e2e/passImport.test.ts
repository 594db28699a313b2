import path from 'node:path';
import type { Page } from 'playwright-core';
import { defaultJsonTemplate } from '../../domain/template/defaults';
import { SCREENSHOTS, adminToken, api, startJourney, type Journey, adminPage } from './browser';

const PORT = 18557;

const csvFile = (text: string) => ({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('Passes → Import in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    journey = await startJourney(PORT);
    token = await adminToken(journey);
    const projectId = (await api(journey, token, 'POST', '/v1/project', { name: 'Club' })).id;
    await api(journey, token, 'POST', '/v1/template', {
      name: 'Member card',
      projectId,
      languages: ['en'],
      jsonTemplate: defaultJsonTemplate(),
      dynamicDataJsonSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, points: { type: 'integer', minimum: 0 } },
        required: ['name'],
      },
    });
    page = await adminPage(journey);
  }, 120_000);
  afterAll(async () => {
    await journey?.close();
  }, 30_000);

  it('previews a file, reports its errors by row, imports the fixed file and lists the passes', async () => {
    await page.goto(`${journey.server.url}/passes/pass`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import passes' }).waitFor();

    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Member card' }).click();
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles(csvFile('name;points\r\nŽluťoučký kůň;10\r\nBára;lots\r\nCyril;3\r\n'));
    const preview = page.getByRole('table', { name: 'The first rows of the file' });
    await preview.getByRole('cell', { name: 'Žluťoučký kůň' }).waitFor();

    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    await page.getByText('3 rows, 2 ready to import.').waitFor();
    const errors = page.getByRole('table', { name: 'Errors' });
    await errors.getByRole('cell', { name: 'Expected a whole number, got "lots".' }).waitFor();
    expect(await errors.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      '3',
      'points',
      'Expected a whole number, got "lots".',
    ]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pass-import-report.png'), fullPage: true });

    await fileInput.setInputFiles(csvFile('name;points\r\nŽluťoučký kůň;10\r\nBára;20\r\nCyril;3\r\n'));
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    await page.getByText('No errors.').waitFor();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByText('The import is done.').waitFor({ timeout: 60_000 });
    await page.getByText('3 of 3 rows: 3 created, 0 updated, 0 failed.').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Progress of the import' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pass-import-done.png'), fullPage: true });

    await page.getByRole('link', { name: 'Open the passes' }).click();
    await page.getByText('Žluťoučký kůň').first().waitFor();
    await page.getByText('Bára').first().waitFor();
  }, 120_000);

  it("updates passes by an id column; the import's pushes are one campaign, shown from the import", async () => {
    const listed = await api(journey, token, 'GET', '/v1/pass?limit=10');
    const rows = (listed.data ?? listed) as Array<{ id: string; dynamicData: { name: string } }>;
    const bara = rows.find((row) => row.dynamicData.name === 'Bára');
    expect(bara).toBeDefined();
    await page.goto(`${journey.server.url}/passes/pass`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import passes' }).waitFor();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Member card' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles(csvFile(`id;name;points\r\n${bara!.id};Bára;25\r\n`));
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    await page.getByText('No errors.').waitFor();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByText('1 of 1 rows: 0 created, 1 updated, 0 failed.').waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Show the pushes' }).click();
    await page.getByText('Import', { exact: true }).first().waitFor();
    await page.getByText('Done', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'pass-import-pushes.png'), fullPage: true });
  }, 120_000);
});
