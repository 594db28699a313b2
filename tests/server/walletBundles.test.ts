import { strFromU8, unzipSync } from 'fflate';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { createShop, type Shop } from './checkoutFixtures';
import { readEml } from './emlFiles';
import { databaseKinds, expectError, type TestServer } from './harness';
import {
  setUpSigningWithIcon,
  startSigningTestServer,
  verifyManifestSignature,
  type SigningSetUp,
} from './walletFixtures';

// signing up to a dozen passes a test on a busy two-core machine
jest.setTimeout(90_000);

const PUBLIC = '/api/ticket/public/v1';
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** An attribute's value as the browser reads it. */
const unescaped = (value: string) => value.replace(/&amp;/g, '&');
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/** Whether openssl verifies a .pkpass's signature of its manifest against the test chain, as Wallet does Apple's. */
function signatureHolds(files: Record<string, Uint8Array>, caFile: string): boolean {
  try {
    verifyManifestSignature(files, caFile);
    return true;
  } catch {
    return false;
  }
}

describe.each(databaseKinds)('Add all to Apple Wallet: an order as one .pkpasses (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  let signing: SigningSetUp & { iconId: string };
  let admin: string;

  beforeAll(async () => {
    started = await startSigningTestServer(kind, { CHECKOUT_RATE_LIMIT: '0', PUBLIC_RATE_LIMIT: '0' });
    shop = await createShop(server());
    admin = await server().adminToken();
    // the shop's template signs; an order may hold a dozen tickets
    signing = await setUpSigningWithIcon(server(), admin, shop.projectId);
    const signable = await server().call(admin, {
      method: 'PATCH',
      url: `/api/core/v1/template/${shop.templateId}`,
      payload: { certificateId: signing.certificateId, images: { icon: signing.iconId } },
    });
    expect(signable.statusCode).toBe(200);
    const db = server().context.db;
    await db
      .updateTable('eshop')
      .set({ maxItems: 20, maxPriceWithVat: 10_000 })
      .where('id', '=', shop.eshopId)
      .execute();
    await db.updateTable('product').set({ maxItems: 20 }).where('id', '=', shop.cheap).execute();
  }, 120_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const db = () => server().context.db;
  const get = (url: string, accept?: string) =>
    server().call(undefined, { method: 'GET', url, headers: accept ? { accept } : {} });

  /** Places an order of `count` Child tickets and, unless told otherwise, pays it; its items oldest first. */
  const buy = async (count: number, locale: 'cs' | 'en' = 'en', pay = true) => {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
      payload: { email: 'jana@example.com', locale, items: [{ productId: shop.cheap, count }] },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as {
      orderId: string;
      orderNumber: string;
      statusUrl: string;
      paymentUrl: string;
    };
    if (pay) {
      const paid = await server().call(undefined, {
        method: 'POST',
        url: new URL(order.paymentUrl).pathname,
        payload: { outcome: 'paid' },
      });
      expect(paid.json().paymentState).toBe('paid');
      await server().jobsIdle(); // the email goes out from the job queue
    }
    const items = await db()
      .selectFrom('orderItem')
      .select(['id', 'passId', 'itemNumber'])
      .where('orderId', '=', order.orderId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return { ...order, items };
  };
  const orderPage = async (statusUrl: string) => {
    const response = await get(pathOf(statusUrl), 'text/html');
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  /** The "Add all" links of a page, each with its label. */
  const bundleLinksIn = (html: string) =>
    [...html.matchAll(/<a class="button" href="([^"]+\/pkpasses\?[^"]+)">([^<]+)<\/a>/g)].map((match) => ({
      url: unescaped(match[1]),
      label: match[2],
    }));
  const mailOf = (orderId: string) => {
    const sent = checkoutPartsOf(server().context)!.sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent).toHaveLength(1);
    return readEml(sent[0].receipt.file!);
  };
  /** The passes of a .pkpasses answer: each entry's files, its pass.json and whether its signature holds. */
  const passesIn = (body: Buffer) =>
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => {
      const files = unzipSync(data);
      return {
        name,
        files,
        passJson: JSON.parse(strFromU8(files['pass.json'])) as Record<string, unknown>,
        signed: signatureHolds(files, signing.caFile),
      };
    });
  const refund = (orderId: string, itemIds: string[]) =>
    server().call(admin, {
      method: 'POST',
      url: `/api/ticket/v1/order/${orderId}/refund`,
      payload: { reason: 'Cannot come', itemIds },
    });

  it("gives the order's passes as one file: each entry a signed .pkpass of one of its tickets", async () => {
    const order = await buy(3);
    const [link] = bundleLinksIn(await orderPage(order.statusUrl));
    expect(link.label).toBe('Add all to Apple Wallet');
    const response = await get(pathOf(link.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpasses');
    expect(response.headers['content-disposition']).toContain(
      `filename="Order ${order.orderNumber}.pkpasses"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const passes = passesIn(response.rawPayload);
    expect(passes.map((pass) => pass.name).sort()).toEqual(
      order.items.map((item) => `${item.itemNumber}.pkpass`).sort(),
    );
    expect(passes.map((pass) => pass.passJson.serialNumber).sort()).toEqual(
      order.items.map((item) => item.passId).sort(),
    );
    for (const pass of passes) {
      expect(pass.signed).toBe(true);
      expect(pass.passJson.passTypeIdentifier).toBe(signing.passTypeId);
      expect(Object.keys(pass.files)).toEqual(
        expect.arrayContaining(['pass.json', 'manifest.json', 'signature']),
      );
    }
    // each pass counts the download, tagged where the link was
    await server().context.events.flush();
    const events = await db()
      .selectFrom('passEvent')
      .select(['passId', 'type', 'format', 'tag'])
      .where(
        'passId',
        'in',
        order.items.map((item) => item.passId as string),
      )
      .where('format', '=', 'pkpasses')
      .execute();
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.type === 'download' && event.tag === 'shop')).toBe(true);
    const counted = await db()
      .selectFrom('pass')
      .select('downloads')
      .where(
        'id',
        'in',
        order.items.map((item) => item.passId as string),
      )
      .execute();
    expect(counted.map((row) => Number(row.downloads))).toEqual([1, 1, 1]);
  });

  it('offers the file in the order e-mail, in its plain text and its HTML, in the order language', async () => {
    const order = await buy(2, 'cs');
    const { text, html } = mailOf(order.orderId);
    const url = /Přidat vše do Apple Wallet: (\S+)/.exec(text)?.[1] as string;
    expect(url).toMatch(new RegExp(`/order/${order.orderId}/pkpasses\\?token=[\\w-]+&tag=email$`));
    expect(html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Přidat vše do Apple Wallet');
    // each ticket keeps its own link
    expect(text.match(/Přidat do Apple Wallet: /g)).toHaveLength(2);
    const passes = passesIn((await get(pathOf(url))).rawPayload);
    expect(passes.map((pass) => pass.passJson.serialNumber).sort()).toEqual(
      order.items.map((item) => item.passId).sort(),
    );
    const page = await orderPage(order.statusUrl);
    expect(bundleLinksIn(page).map((link) => link.label)).toEqual(['Přidat vše do Apple Wallet']);
  });

  it('offers nothing more for an order of one pass: its own link stays', async () => {
    const order = await buy(1);
    const page = await orderPage(order.statusUrl);
    expect(bundleLinksIn(page)).toEqual([]);
    expect(page).toContain(`/p/${order.items[0].passId}?format=pkpass&amp;tag=shop`);
    const { text, html } = mailOf(order.orderId);
    expect(text).not.toContain('Add all to Apple Wallet');
    expect(html).not.toContain('pkpasses');
    expect(text).toContain('Add to Apple Wallet: ');
  });

  it('leaves a refunded ticket out, and offers nothing once one pass is left', async () => {
    const order = await buy(3);
    const refunded = await refund(order.orderId, [order.items[1].id]);
    expect(refunded.statusCode).toBe(201);
    const [link] = bundleLinksIn(await orderPage(order.statusUrl));
    const passes = passesIn((await get(pathOf(link.url))).rawPayload);
    expect(passes.map((pass) => pass.passJson.serialNumber).sort()).toEqual(
      [order.items[0].passId, order.items[2].passId].sort(),
    );
    expect(passes.every((pass) => pass.passJson.voided !== true)).toBe(true);

    expect((await refund(order.orderId, [order.items[0].id])).statusCode).toBe(201);
    expect(bundleLinksIn(await orderPage(order.statusUrl))).toEqual([]);
    expect(passesIn((await get(pathOf(link.url))).rawPayload)).toHaveLength(1);

    // none left: 409 with the reason, a page for a browser
    expect((await refund(order.orderId, [order.items[2].id])).statusCode).toBe(201);
    expectError(await get(pathOf(link.url)), 409, /has no valid ticket to add/);
    const page = await get(pathOf(link.url), NAVIGATION);
    expect(page.statusCode).toBe(409);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`Order ${order.orderNumber} has no valid ticket to add`);
    expect(page.body).toContain('Back to the order');
  });

  it('answers 404 for a wrong, missing or another order’s token, and 409 for an unpaid order', async () => {
    const order = await buy(2);
    const other = await buy(2);
    const [link] = bundleLinksIn(await orderPage(order.statusUrl));
    const url = new URL(link.url);
    const token = url.searchParams.get('token') as string;
    const otherToken = new URL(other.statusUrl).searchParams.get('token') as string;
    const bundlePath = url.pathname;
    for (const query of [
      `?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      '',
      '?token=',
      `?token=${otherToken}`,
    ]) {
      expectError(await get(`${bundlePath}${query}`), 404);
      const page = await get(`${bundlePath}${query}`, NAVIGATION);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(order.orderNumber);
    }
    // a part the order does not have, and a malformed one
    expectError(await get(`${bundlePath}?token=${token}&part=2`), 404);
    expectError(await get(`${bundlePath}?token=${token}&part=0`), 400);
    expectError(await get(`${bundlePath}?token=${token}&part=x`), 400);

    const unpaid = await buy(2, 'cs', false);
    const unpaidUrl = new URL(unpaid.statusUrl);
    const unpaidBundle = `${unpaidUrl.pathname}/pkpasses${unpaidUrl.search}`;
    expectError(await get(unpaidBundle), 409, /is not paid yet/);
    const page = await get(unpaidBundle, NAVIGATION);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain(`Objednávka ${unpaid.orderNumber} ještě není zaplacená`);
  });

  it('gives a dozen passes in two parts of ten and two, as Apple Wallet takes them', async () => {
    const order = await buy(12);
    const links = bundleLinksIn(await orderPage(order.statusUrl));
    expect(links.map((link) => link.label)).toEqual([
      'Add all to Apple Wallet (1 of 2)',
      'Add all to Apple Wallet (2 of 2)',
    ]);
    const serials = [];
    for (const [index, link] of links.entries()) {
      const response = await get(pathOf(link.url));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(`(${index + 1} of 2).pkpasses`);
      const passes = passesIn(response.rawPayload);
      expect(passes).toHaveLength(index === 0 ? 10 : 2);
      serials.push(...passes.map((pass) => pass.passJson.serialNumber));
    }
    expect(serials.sort()).toEqual(order.items.map((item) => item.passId).sort());
    const { text } = mailOf(order.orderId);
    expect(text).toContain('Add all to Apple Wallet (1 of 2): ');
    expect(text).toContain('Add all to Apple Wallet (2 of 2): ');
  });
});
