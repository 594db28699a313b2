import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, signIn, startJourney, type Journey } from './browser';

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
});
