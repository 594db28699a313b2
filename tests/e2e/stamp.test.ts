import path from 'node:path';
import type { Page } from 'playwright-core';
import { Right } from '../../domain/rights';
import { loyaltyCardTemplate } from '../server/stampFixtures';
import { SCREENSHOTS, adminToken as signInAdmin, api, signIn, startJourney, type Journey } from './browser';

describe('The till on a phone in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let adminToken: string;
  let passId: string;
  let cardId: string;
  const cashier = { email: 'cashier@example.com', password: 'Cashier-Passw0rd!' };
  const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `stamp-${name}.png`) });

  beforeAll(async () => {
    journey = await startJourney(18493);
    adminToken = await signInAdmin(journey);
    const projectId = (await api(journey, adminToken, 'POST', '/v1/project', { name: 'Café' })).id;
    const cardTemplate = await api(
      journey,
      adminToken,
      'POST',
      '/v1/template',
      loyaltyCardTemplate(projectId, 'Coffee card'),
    );
    const coupon = await api(
      journey,
      adminToken,
      'POST',
      '/v1/template',
      loyaltyCardTemplate(projectId, 'Free coffee'),
    );
    cardId = (
      await api(journey, adminToken, 'POST', '/v1/stampCard', {
        name: 'Coffee',
        templateId: cardTemplate.id,
        stampsForReward: 3,
        rewardTemplateId: coupon.id,
      })
    ).id;
    await api(journey, adminToken, 'POST', '/v1/stampCard', {
      name: 'Bakery',
      templateId: coupon.id,
      stampsForReward: 8,
    });
    passId = (
      await api(journey, adminToken, 'POST', '/v1/pass', {
        templateId: cardTemplate.id,
        dynamicData: { name: 'Eva Nova', cardNumber: '0042' },
      })
    ).id;
    const user = await api(journey, adminToken, 'POST', '/v1/user', {
      ...cashier,
      displayName: 'Petr Cashier',
    });
    await api(journey, adminToken, 'POST', `/v1/project/${projectId}/user/${user.id}/rights`, {
      accessRights: Right.STAMP_MANAGE,
    });
    page = await journey.newPage(390, 844);
    await signIn(page, journey.server.url, cashier.email, cashier.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('chooses a card, remembered after a reload, and finds a pass by its typed code', async () => {
    await page.goto(`${journey.server.url}/stamp`);
    await page.getByLabel('Stamp card').click();
    await page.getByRole('option', { name: 'Coffee' }).click();
    await page.reload();
    await page.getByLabel('Card code').waitFor();
    await page.getByText('Coffee', { exact: true }).waitFor();
    await page.getByText('This browser cannot scan barcodes; type the code instead.').waitFor();
    await shot('1-till');

    await page.getByLabel('Card code').fill('CARD-0042');
    await page.getByLabel('Card code').press('Enter');
    await page.getByTestId('stamp-holder').getByText('Eva Nova').waitFor();
    await page.getByText('0 of 3 stamps').waitFor();
    await page.getByText('3 stamps more to the reward').waitFor();
    await shot('2-found');
  }, 60_000);

  it('adds 1 stamp, then 2 that issue the reward with its QR code, and undoes the last', async () => {
    await page.getByRole('button', { name: 'Add 1 stamp' }).click();
    await page.getByText('1 of 3 stamps').waitFor();
    await page.getByText('2 stamps more to the reward').waitFor();

    await page.getByLabel('Stamps', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add 2 stamps' }).click();
    await page.getByText('Reward issued').waitFor();
    await page.getByText('0 of 3 stamps').waitFor();
    const qr = page.getByRole('img', { name: 'Reward issued' });
    await qr.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[alt="Reward issued"]') as HTMLImageElement | null)?.naturalWidth,
    );
    await shot('3-reward');
    const pass = await api(journey, adminToken, 'GET', `/v1/pass/${passId}`);
    expect(pass.dynamicData.stamps).toBe(0);

    await page.getByRole('button', { name: 'Undo last stamp' }).click();
    await page.getByText('1 of 3 stamps').waitFor();
    await page.getByText('The reward pass it issued was voided.').waitFor();
    await shot('4-undone');
    expect((await api(journey, adminToken, 'GET', `/v1/pass/${passId}`)).dynamicData.stamps).toBe(1);
  }, 60_000);

  it('says so when a code is unknown', async () => {
    await page.getByRole('button', { name: 'Next card' }).click();
    await page.getByLabel('Card code').fill('CARD-9999');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('alert').getByText('No pass of this stamp card has this code.').waitFor();
    await shot('5-unknown');
  }, 60_000);

  it("lists the card's stamps below its form, the undone one marked", async () => {
    await page.goto(`${journey.server.url}/passes/stampCard/${cardId}`);
    const table = page.getByRole('table', { name: 'Stamps' });
    await table.waitFor();
    await table.getByText('Petr Cashier').first().waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await page.getByRole('heading', { name: 'Stamps' }).scrollIntoViewIfNeeded();
    await shot('6-card-stamps');
  }, 60_000);
});
