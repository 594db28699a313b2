import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { readEml } from '../server/emlFiles';
import {
  SCREENSHOTS,
  adminToken,
  boughtTickets,
  signIn,
  startJourney,
  ticketApi,
  ticketProduct,
  zooShop,
  type Journey,
} from './browser';

jest.setTimeout(120_000);

const PORT = 18520;

/** Every address of an e-mail: the HTML's links and the plain text's, each once. */
function linksOf(mail: { text: string; html: string }): string[] {
  const fromHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
  const fromText = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return [...new Set([...fromHtml, ...fromText])];
}

/**
 * A ticket sold end to end, as people meet it: an administrator makes the demo from the home page's card; a customer
 * buys two tickets with two names in the storefront on a phone and pays at the simulated bank; the order page shows
 * both tickets; the e-mail's every link opens; each pass's barcode carries its ticket's secret; the gate lets the
 * ticket in once, then says it was used, and refuses another e-shop's ticket. The storefront, order page, e-mail and
 * invoice are photographed in Czech and English.
 */
describe('a ticket sold end to end in Chromium', () => {
  let journey: Journey;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-journey-'));
  const mailDir = path.join(dataDir, 'mail');
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `journey-${name}.png`), fullPage: true });
  let eshopId: string;
  let czechOrder: { url: string; orderId: string };

  beforeAll(async () => {
    // the links the server hands out (e-mail, order page) are on the address the test reaches it at
    journey = await startJourney(PORT, { dataDir, env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` } });
    token = await adminToken(journey);
  }, 120_000);
  afterAll(async () => {
    await journey?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The e-mails written since `before` (file names), waiting for `count` of them. */
  async function newMails(before: Set<string>, count: number): Promise<string[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((file) => !before.has(file)) : [];
      if (files.length >= count) return files.map((file) => path.join(mailDir, file));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no e-mail came within 20 s (${count} expected)`);
  }
  /** The invoice the order page links, photographed; answers its text. */
  async function invoiceOf(page: Page, link: RegExp, language: string): Promise<string> {
    const href = await page.getByRole('link', { name: link }).getAttribute('href');
    const invoice = await fetch(new URL(href as string, journey.server.url));
    expect(invoice.status).toBe(200);
    const pdf = path.join(dataDir, `invoice-${language}.pdf`);
    fs.writeFileSync(pdf, Buffer.from(await invoice.arrayBuffer()));
    const picture = path.join(SCREENSHOTS, `journey-invoice-${language}`);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, picture]);
    return execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  }
  const mailsNow = () => new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);

  /** Moves the focus with Tab alone until it reaches the element (at most 40 steps). */
  async function tabTo(page: Page, target: ReturnType<Page['getByLabel']>) {
    for (let step = 0; step < 40; step += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('the element cannot be reached with Tab');
  }

  /**
   * Buys tickets in the storefront: a quantity of the first product, a name per ticket, the e-mail and the terms,
   * then Pay at the bank; with the mouse, or with the keyboard alone (Tab, typing, Space, Enter).
   */
  async function buy(page: Page, language: 'cs' | 'en', names: string[], by: 'mouse' | 'keyboard') {
    await page.goto(`${journey.server.url}/shop/${eshopId}?lang=${language}`);
    const fill = async (target: ReturnType<Page['getByLabel']>, value: string) => {
      if (by === 'mouse') return target.fill(value);
      await tabTo(page, target);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
    };
    await fill(page.getByRole('spinbutton').first(), String(names.length));
    for (const [index, name] of names.entries()) {
      const label = language === 'cs' ? `Jméno na vstupence ${index + 1}` : `Name on ticket ${index + 1}`;
      await fill(page.getByLabel(label, { exact: true }).first(), name);
    }
    const email = language === 'cs' ? 'E-mail pro zaslání vstupenek' : 'Email for your tickets';
    await fill(page.getByLabel(email), 'jana@example.com');
    const terms = page.getByRole('checkbox');
    if (by === 'mouse') await terms.check();
    else {
      await tabTo(page, terms);
      await page.keyboard.press('Space');
    }
    await shot(page, `storefront-${language}`);
    const pay = page.getByRole('button', { name: language === 'cs' ? 'Zaplatit' : 'Pay' });
    if (by === 'mouse') await pay.click();
    else {
      await tabTo(page, pay);
      await page.keyboard.press('Enter');
    }
    await page.waitForURL(/simulated-bank/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('link', { name: /order/i }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?token=/);
    const url = page.url();
    return { url, orderId: /\/order\/([0-9a-f-]{36})/.exec(url)?.[1] as string };
  }

  it('an administrator makes the demo from the home page', async () => {
    const page = await journey.newPage();
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('Try it with demo data').waitFor();
    await page.getByRole('button', { name: 'Create the demo project' }).click();
    await page.getByText(/The demo project is ready/).waitFor({ timeout: 60_000 });
    await shot(page, 'home-demo');
    const eshops = await ticketApi(journey, token, 'GET', '/v1/eshop');
    const demo = eshops.data.find((eshop: { name: string }) => eshop.name === 'Open Air Nights');
    expect(demo).toBeDefined();
    eshopId = demo.id;
    await page.context().close();
  });

  it('a customer buys two tickets with two names on a phone; the order page shows both with Add to Wallet', async () => {
    const page = await journey.newPage(390, 844);
    const before = mailsNow();
    czechOrder = await buy(page, 'cs', ['Eva Svobodová', 'Karel <b>Novák</b>'], 'mouse');
    const tickets = page.locator('.ticket, article');
    await page.getByText('Eva Svobodová').waitFor();
    await page.getByText('Karel <b>Novák</b>').waitFor();
    expect(await page.getByRole('link', { name: 'Přidat do Apple Wallet' }).count()).toBe(2);
    expect(await tickets.count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'order-cs');
    // the invoice, as the customer opens it from the order page, rendered to a picture
    const text = await invoiceOf(page, /Faktura/, 'cs');
    for (const expected of ['Faktura', 'Open Air Nights Demo s.r.o.', 'Eva Svobodová', 'Datum uskutečnění'])
      expect(text).toContain(expected);

    // the e-mail: every link in it opens
    const [file] = await newMails(before, 1);
    const mail = readEml(file);
    expect(mail.subject).toContain('Open Air Nights');
    const mailPage = await journey.newPage(390, 844);
    await mailPage.setContent(mail.html);
    await shot(mailPage, 'email-cs');
    await mailPage.context().close();
    const links = linksOf(mail);
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const link of links) {
      expect(link.startsWith(journey.server.url)).toBe(true);
      const answer = await fetch(link);
      expect(`${answer.status} ${link}`).toBe(`200 ${link}`);
    }
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:\/\/(?!127\.0\.0\.1)/);
    await page.context().close();
  });

  it("each pass's barcode carries its ticket's secret, which the gate lets in once, then calls used", async () => {
    const items = await ticketApi(
      journey,
      token,
      'GET',
      `/v1/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId: czechOrder.orderId }))}`,
    );
    expect(items.data).toHaveLength(2);
    for (const item of items.data as Array<{ passId: string; ticketSecret: string }>) {
      const pkpass = await fetch(`${journey.server.url}/p/${item.passId}?format=pkpass`);
      expect(pkpass.status).toBe(200);
      const files = unzipSync(new Uint8Array(await pkpass.arrayBuffer()));
      const passJson = JSON.parse(Buffer.from(files['pass.json']).toString('utf8'));
      expect(passJson.barcodes[0].message).toBe(item.ticketSecret);
    }
    const [first] = items.data as Array<{ ticketSecret: string }>;

    // another e-shop's ticket, bought through the API
    const other = await zooShop(journey, token);
    const product = await ticketProduct(journey, token, other.eshop.id, other.template.id);
    const [foreign] = await boughtTickets(journey, token, {
      eshopId: other.eshop.id,
      productId: product.id,
      count: 1,
    });

    const page = await journey.newPage(390, 844);
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${journey.server.url}/ticket/validation`);
    await page.getByLabel('E-shop').click();
    await page.getByRole('option', { name: 'Open Air Nights' }).click();
    const input = page.getByLabel('Item number or code');
    const check = async (code: string) => {
      await input.fill(code);
      await input.press('Enter');
    };
    const answer = page.getByRole('status');
    await check(first.ticketSecret);
    await answer.getByText('ACCEPTED').waitFor();
    await shot(page, 'gate-accepted');
    await check(first.ticketSecret);
    await answer.getByText(/Already used/).waitFor();
    await shot(page, 'gate-used');
    await check(foreign.ticketSecret);
    await answer.getByText(/another e-shop/i).waitFor();
    expect(await answer.getAttribute('data-result')).toBe('anotherEshop');
    await shot(page, 'gate-another-eshop');
    await page.context().close();
  });

  it('an English order, made with the keyboard alone, reads in English: storefront, order page, e-mail and invoice', async () => {
    const page = await journey.newPage(1280, 900);
    const before = mailsNow();
    const english = await buy(page, 'en', ['Jane Doe'], 'keyboard');
    await page.getByText('Jane Doe').waitFor();
    await page.getByRole('link', { name: 'Add to Apple Wallet' }).waitFor();
    await shot(page, 'order-en');
    const [file] = await newMails(before, 1);
    const mail = readEml(file);
    const mailPage = await journey.newPage(800, 900);
    await mailPage.setContent(mail.html);
    await mailPage.getByText('Add to Apple Wallet').waitFor();
    await shot(mailPage, 'email-en');
    await mailPage.context().close();
    expect(await invoiceOf(page, /Invoice/, 'en')).toContain('Date of taxable supply');
    expect(english.url).toContain(eshopId);
    await page.context().close();
  });
});
