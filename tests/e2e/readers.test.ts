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
  ticketProduct,
  zooShop,
  type Journey,
} from './browser';

jest.setTimeout(60_000);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `readers-${name}.png`) });

/** A user of the journey's server with one right on the project, signed in on a page of their own. */
async function signedInWith(
  journey: Journey,
  token: string,
  projectId: string,
  right: number,
  email: string,
) {
  const account = { email, password: 'Reader-Passw0rd!', displayName: email.split('@')[0] };
  const user = await api(journey, token, 'POST', '/v1/user', account);
  await api(journey, token, 'POST', `/v1/project/${projectId}/user/${user.id}/rights`, {
    accessRights: right,
  });
  const page = await journey.newPage();
  await signIn(page, journey.server.url, account.email, account.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

describe('the console for viewers with one right each, in Chromium against the built server', () => {
  let journey: Journey;
  let reader: Page;
  let gateStaff: Page;
  let passId: string;
  let itemId: string;
  let orderNumber: string;

  beforeAll(async () => {
    journey = await startJourney(18496);
    const token = await adminToken(journey);
    const { project, template, eshop } = await zooShop(journey, token);
    const product = await ticketProduct(journey, token, eshop.id, template.id);
    const [item] = await boughtTickets(journey, token, {
      eshopId: eshop.id,
      productId: product.id,
      count: 1,
    });
    passId = item.passId;
    itemId = item.id;
    orderNumber = (await api(journey, token, 'GET', `/v1/pass/${passId}`)).dynamicData.orderNumber;
    reader = await signedInWith(journey, token, project.id, Right.PASS_READ, 'reader@example.com');
    gateStaff = await signedInWith(journey, token, project.id, Right.TICKET_ENTRY, 'gate@example.com');
  }, 120_000);

  afterAll(async () => {
    await journey?.close();
  });

  it('lets a pass reader open a pass from its row, read-only: no Edit, no Save, no Apply', async () => {
    await reader.goto(`${journey.server.url}/passes/pass`);
    const row = reader.getByRole('row').filter({ hasText: 'Zoo ticket' });
    await row.waitFor();
    await shot(reader, '1-pass-list');
    expect(await row.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await row.click();
    await reader.waitForURL(new RegExp(`/passes/pass/${passId}$`));
    await reader.getByRole('button', { name: 'Back' }).waitFor();
    await shot(reader, '2-pass-page');
    expect(await reader.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: 'Apply' }).count()).toBe(0);
  });

  it('offers gate staff their work on the home page', async () => {
    await gateStaff.goto(`${journey.server.url}/`);
    await gateStaff.getByText('Ticket validation').first().waitFor();
    await shot(gateStaff, '3-gate-home');
  });

  it('shows gate staff the order items with no error icon and no link to an order, and opens an item from its row', async () => {
    await gateStaff.goto(`${journey.server.url}/ticket/ticketOrderItem`);
    const row = gateStaff.getByRole('row').filter({ hasText: orderNumber });
    await row.waitFor();
    await shot(gateStaff, '4-order-items');
    expect(
      await gateStaff.locator('[data-testid="ErrorIcon"], [data-testid="ErrorOutlineIcon"]').count(),
    ).toBe(0);
    expect(await row.getByRole('link', { name: orderNumber }).count()).toBe(0);
    await row.click();
    await gateStaff.waitForURL(new RegExp(`/ticket/ticketOrderItem/${itemId}$`));
    await gateStaff.getByRole('combobox', { name: /Entries/ }).waitFor();
    await shot(gateStaff, '5-order-item');
  });
});
