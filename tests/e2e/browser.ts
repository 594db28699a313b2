import { chromium, type Browser, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { startProductServer } from '../../bench/processes';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../../domain/ticket/ticketTemplate';

export const SCREENSHOTS = path.resolve('test-results', 'screenshots');

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The built server on a port of its own (in a data directory the caller prepared, if given), and a browser; closed together. */
export async function startJourney(
  port: number,
  options: { dataDir?: string; env?: Record<string, string> } = {},
) {
  const server = await startProductServer(port, options.env ?? {}, options);
  const browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server,
    browser,
    async newPage(width = 1400, height = 900): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height } });
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export type Journey = Awaited<ReturnType<typeof startJourney>>;

/** A new page of the journey's browser with its first admin signed in, once the home page shows. */
export async function adminPage(journey: Journey): Promise<Page> {
  const page = await journey.newPage();
  await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
  await page.getByText('An application to view, manage and report passes.').waitFor();
  return page;
}

/** Signs the journey's first admin in through the API; answers the access token, for set-up calls with `api`. */
export async function adminToken(journey: Journey): Promise<string> {
  const login = await fetch(`${journey.server.url}/api/core/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(journey.server.admin),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** Calls the core API of the journey's server, for set-up and for checking what the console did. */
export async function api(journey: Journey, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${journey.server.url}/api/core${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Calls the ticket API of the journey's server. */
export async function ticketApi(
  journey: Journey,
  token: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${journey.server.url}/api/ticket${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A project "Zoo" with a ticket template and its e-shop "Zoo e-shop" (Czech and English): a ticket journey's start. */
export async function zooShop(journey: Journey, token: string) {
  const project = await api(journey, token, 'POST', '/v1/project', { name: 'Zoo' });
  const template = await api(journey, token, 'POST', '/v1/template', {
    name: 'Zoo ticket',
    projectId: project.id,
    languages: ['cs', 'en'],
    jsonTemplate: ticketJsonTemplate(),
    dynamicDataJsonSchema: ticketDynamicDataSchema(),
  });
  const eshop = await ticketApi(journey, token, 'POST', '/v1/eshop', {
    projectId: project.id,
    name: 'Zoo e-shop',
    locales: ['cs', 'en'],
  });
  return { project, template, eshop };
}

/** An e-shop's product on the ticket template `templateId`: active, valid 30 days. */
export async function ticketProduct(journey: Journey, token: string, eshopId: string, templateId: string) {
  return ticketApi(journey, token, 'POST', '/v1/product', {
    eshopId,
    name: 'Adult',
    active: true,
    priceWithoutVat: 150,
    vat: 0.21,
    templateIds: [templateId],
    title: { cs: 'Dospělá', en: 'Adult' },
    period: { periodType: 'days', daysMaximalValidity: 30 },
  });
}

/**
 * Buys `count` tickets of a product through the public checkout and pays them at the simulated bank, as a program
 * would; answers the order's items as the ticket API reads them.
 */
export async function boughtTickets(
  journey: Journey,
  token: string,
  order: { eshopId: string; productId: string; count: number },
) {
  const checkout = '/api/ticket/public/v1';
  const placed = await fetch(`${journey.server.url}${checkout}/eshop/${order.eshopId}/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'jana@example.com',
      locale: 'cs',
      items: [{ productId: order.productId, count: order.count }],
    }),
  });
  const { orderId, paymentUrl } = await placed.json();
  const paymentId = String(paymentUrl).split('/').pop();
  await fetch(`${journey.server.url}${checkout}/simulated-bank/${paymentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'paid' }),
  });
  const where = encodeURIComponent(JSON.stringify({ orderId }));
  const items = await ticketApi(journey, token, 'GET', `/v1/orderItem?where=${where}`);
  return items.data as Array<{ id: string; itemNumber: string; ticketSecret: string; passId: string }>;
}

/** Uploads a PNG through the core API (multipart), as the image screens do. */
export async function uploadImage(
  journey: Journey,
  token: string,
  fields: Record<string, string>,
  png: Buffer,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${fields.name}.png`);
  const response = await fetch(`${journey.server.url}/api/core/v1/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`image upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/**
 * Opens a section of the designer's inputs (an accordion) and waits until it has finished opening: a click while
 * sections above still expand could land elsewhere, and a click on an open section would close it.
 *
 * @example await openDesignerSection(page, 'Links')
 */
export async function openDesignerSection(page: Page, name: string): Promise<void> {
  const header = page.getByRole('button', { name, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await page.locator('.MuiAccordion-root', { has: header }).locator('.MuiCollapse-entered').first().waitFor();
}
