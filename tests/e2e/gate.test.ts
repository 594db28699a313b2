import type { Page } from 'playwright-core';
import path from 'node:path';
import { Right } from '../../domain/rights';
import {
  SCREENSHOTS,
  adminToken,
  api,
  boughtTickets,
  signIn,
  startJourney,
  ticketApi,
  ticketProduct,
  zooShop,
  type Journey,
} from './browser';

jest.setTimeout(60_000);

describe('the gate on a phone (390×844) in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let itemNumber: string;
  let itemId: string;
  let adminBearer: string;
  let offlineTickets: string[];
  let zooEshopId: string;

  beforeAll(async () => {
    journey = await startJourney(18490);
    const token = await adminToken(journey);
    adminBearer = token;
    const { project, template, eshop } = await zooShop(journey, token);
    zooEshopId = eshop.id;
    const product = await ticketProduct(journey, token, eshop.id, template.id);
    const items = await boughtTickets(journey, token, { eshopId: eshop.id, productId: product.id, count: 3 });
    itemNumber = items[0].itemNumber;
    itemId = items[0].id;
    offlineTickets = items.slice(1).map((item) => item.itemNumber);
    // gate staff: TICKET_ENTRY on the project, not an administrator
    const staff = { email: 'gate@example.com', password: 'Gate-Passw0rd!', displayName: 'Gate staff' };
    const user = await api(journey, token, 'POST', '/v1/user', staff);
    await api(journey, token, 'POST', `/v1/project/${project.id}/user/${user.id}/rights`, {
      accessRights: Right.TICKET_ENTRY,
    });
    page = await journey.newPage(390, 844);
    await signIn(page, journey.server.url, staff.email, staff.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  const check = async (code: string) => {
    const input = page.getByLabel('Item number or code');
    await input.fill(code);
    await input.press('Enter');
  };

  it('types a ticket number: accepted, then used; an unknown code is refused; the input is ready again', async () => {
    await page.goto(`${journey.server.url}/ticket/validation`);
    const input = page.getByLabel('Item number or code');
    await input.waitFor();
    await check(itemNumber);
    const answer = page.getByRole('status');
    await answer.getByText('ACCEPTED').waitFor();
    await answer.getByText('Adult').waitFor();
    await answer.getByText('Entries left: 0').waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-accepted.png') });

    await check(itemNumber);
    await answer.getByText('Already used 1/1').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-used.png') });

    await check('NO-SUCH-TICKET');
    await answer.getByText('Unknown code').waitFor();
    expect(await answer.getAttribute('data-result')).toBe('unknown');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-unknown.png') });
  });

  it('says when the browser cannot scan with the camera', async () => {
    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByText('The camera scanner is not available in this browser').waitFor();
  });

  it('offline: checks against the downloaded tickets, queues, and shows the conflict found when back online', async () => {
    await page.goto(`${journey.server.url}/ticket/validation`);
    await page.getByLabel('Offline mode').check();
    await page.getByRole('combobox', { name: 'E-shop' }).click();
    await page.getByRole('option', { name: 'Zoo e-shop' }).click();
    await page.getByRole('button', { name: 'Download tickets' }).click();
    await page.getByText(/tickets of Zoo e-shop downloaded/).waitFor();
    // another gate lets the first of them in meanwhile
    const [taken, free] = offlineTickets;
    expect(
      (await ticketApi(journey, adminBearer, 'POST', '/v1/entry', { code: taken, eshopId: zooEshopId }))
        .result,
    ).toBe('accepted');

    await page.context().setOffline(true);
    const answer = page.getByRole('status');
    await check(taken);
    await answer.getByText('Checked offline').waitFor();
    await answer.getByText('ACCEPTED').waitFor();
    await check(free);
    await page.getByText('Entries waiting to be sent: 2').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-offline.png') });

    await page.context().setOffline(false);
    await page.getByText('Conflicts found when sending').waitFor();
    await page.getByText(`${taken}: already used at another gate`).waitFor();
    await page.getByText('Entries waiting to be sent: 0').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-conflict.png') });
  });

  it('lists the scans under Entries in the menu', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${journey.server.url}/ticket/ticketEntry`);
    await page.getByText('NO-SUCH-TICKET').waitFor();
    // names, not ids: who scanned, the e-shop, the product; the result translated
    const accepted = page.getByRole('row').filter({ hasText: 'Accepted' }).filter({ hasText: itemNumber });
    await accepted.first().waitFor();
    for (const text of ['Gate staff', 'Zoo e-shop', 'Adult'])
      await accepted.first().getByText(text).waitFor();
    await accepted.first().getByRole('link', { name: itemNumber }).waitFor();
    for (const header of ['When', 'Code', 'Result', 'Product', 'Item number', 'E-shop', 'Scanned by'])
      await page.getByRole('columnheader', { name: header }).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Recorded' }).count()).toBe(0);
    // the result filter offers the translated results
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Unknown code' }).click();
    await page.getByRole('row').filter({ hasText: 'NO-SUCH-TICKET' }).waitFor();
    await page.getByRole('row').filter({ hasText: itemNumber }).first().waitFor({ state: 'detached' });
    // the list keeps its filters: an address with an empty filter clears them
    const unfiltered = `${journey.server.url}/ticket/ticketEntry?filter=${encodeURIComponent('{}')}`;
    await page.goto(unfiltered);
    await page.getByText('NO-SUCH-TICKET').waitFor();
    await accepted.first().waitFor();
    // the e-shop filter offers the e-shops by name; the gate checks the staff's only e-shop, so even the unknown
    // code was scanned at that e-shop's gate
    await page.getByRole('combobox', { name: 'E-shop' }).click();
    await page.getByRole('option', { name: 'Zoo e-shop' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'NO-SUCH-TICKET' })
      .filter({ hasText: 'Zoo e-shop' })
      .waitFor();
    await accepted.first().waitFor();
    await page.goto(unfiltered);
    await page.getByText('NO-SUCH-TICKET').waitFor();
    await accepted.first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-entries.png') });
    // an entry's page reads as the row does
    await page.getByRole('row').filter({ hasText: 'NO-SUCH-TICKET' }).click();
    await page.waitForURL(/ticketEntry\/[0-9a-f-]{36}/);
    // read-only: entries are kept as scanned
    const entry = page.locator('form');
    await entry.getByText('Unknown code').waitFor();
    expect(await entry.getByLabel('Scanned by').inputValue()).toBe('Gate staff');
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByText('You do not have the right').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-entry.png') });
    await page.goBack();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('NO-SUCH-TICKET').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-entries-phone.png') });
  });

  it("shows the item's scans on its Entries tab", async () => {
    await page.goto(`${journey.server.url}/ticket/ticketOrderItem/${itemId}`);
    await page.getByRole('tab', { name: 'Entries' }).click();
    await page.getByText('Already used').first().waitFor();
    await page.getByText('Accepted').first().waitFor();
    await page.getByText('Gate staff').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gate-item-entries.png') });
  });
});
