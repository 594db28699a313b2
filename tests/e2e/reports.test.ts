import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Right } from '../../domain/rights';
import { adminToken, api, SCREENSHOTS, signIn, startJourney, type Journey } from './browser';

const REPORTS = [
  { slug: 'passinwalletoverview', title: 'Pass in wallet' },
  { slug: 'passatleastonceregisterinwalletoverview', title: 'Registered at least once' },
  { slug: 'passdownloadrequestbytagsoverview', title: 'Downloads by tags' },
  { slug: 'passpreviewrequestbytagsoverview', title: 'Previews by tags' },
  { slug: 'activecardsoverview', title: 'Active cards' },
  { slug: 'links', title: 'Links' },
];

describe('reports on demo data in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    // `npm run demo-data` on an empty embedded database, then the server on it
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-reports-'));
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
    journey = await startJourney(18450, { dataDir });
    page = await journey.newPage(1400, 1000);
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 180_000);

  afterAll(async () => {
    await journey?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(REPORTS)(
    'opens $title with a chart of the demo project',
    async ({ slug, title }) => {
      await page.goto(`${journey.server.url}/report/${slug}`);
      await page
        .getByRole('heading', { name: new RegExp(title) })
        .first()
        .waitFor();
      await page.getByRole('combobox', { name: 'Project' }).filter({ hasText: 'Demo' }).waitFor();
      // every report draws an SVG chart with data; active cards also names the project in its table
      if (slug === 'activecardsoverview') await page.getByRole('cell', { name: 'Demo' }).waitFor();
      await page.locator('svg path, svg rect').first().waitFor();
      expect(await page.locator('svg circle, svg rect, svg path').count()).toBeGreaterThan(10);
      expect(await page.getByText('There are no relevant data for the specified parameters').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `report-${slug}.png`) });
    },
    60_000,
  );

  it('lets a reader of passes without TEMPLATE_READ pick the template by name, and says plainly when a filter is refused', async () => {
    const token = await adminToken(journey);
    const projects = (await api(journey, token, 'GET', '/v1/project')) as {
      data: Array<{ id: string; name: string }>;
    };
    const demo = projects.data.find((project) => project.name === 'Demo');
    if (!demo) throw new Error('no Demo project');
    const reader = { email: 'reader@example.com', password: 'Reader-Passw0rd!' };
    const user = await api(journey, token, 'POST', '/v1/user', {
      ...reader,
      displayName: 'Pass Reader',
      isAdmin: false,
    });
    await api(journey, token, 'POST', `/v1/project/${demo.id}/user/${user.id}/rights`, {
      accessRights: Right.PASS_READ,
    });

    const readerPage = await journey.newPage(1400, 1000);
    await signIn(readerPage, journey.server.url, reader.email, reader.password);
    await readerPage.getByText('An application to view, manage and report passes.').waitFor();
    await readerPage.goto(`${journey.server.url}/report/passinwalletoverview`);
    await readerPage.getByRole('combobox', { name: 'Project' }).filter({ hasText: 'Demo' }).waitFor();
    expect(await readerPage.getByRole('textbox', { name: 'Template id', exact: true }).count()).toBe(0);
    await readerPage.getByRole('combobox', { name: 'Template' }).click();
    const options = readerPage.getByRole('option');
    await options.nth(1).waitFor();
    const names = await options.allTextContents();
    expect(names[0]).toBe('All templates');
    expect(names.length).toBeGreaterThan(2);
    const chosen = names[1];
    await options.nth(1).click();
    await readerPage.getByRole('combobox', { name: 'Template' }).filter({ hasText: chosen }).waitFor();
    await readerPage.waitForURL(/templateId=[0-9a-f-]{36}/);
    await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'report-template-by-name.png') });

    // a shared link with a template of no project of the reader's: a plain message, never the broken page
    await readerPage.goto(
      `${journey.server.url}/report/passinwalletoverview?projectId=${demo.id}&templateId=00000000-0000-4000-8000-000000000000`,
    );
    await readerPage.getByText('The report cannot be shown for these filters').waitFor();
    expect(await readerPage.getByText('We are sorry but something is broken').count()).toBe(0);
    await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'report-refused-filter.png') });

    // in Czech, the server's words are Czech too
    await readerPage.getByRole('button', { name: /English/i }).click();
    await readerPage.getByRole('menuitem', { name: 'Čeština' }).click();
    await readerPage.reload();
    await readerPage.getByText('Pro tyto filtry nelze report zobrazit').waitFor();
    await readerPage.getByText(/Server říká: Šablona nebyla nalezena\./).waitFor();
    await readerPage.screenshot({ path: path.join(SCREENSHOTS, 'report-refused-filter-cs.png') });
    await readerPage.close();
  }, 90_000);
});
