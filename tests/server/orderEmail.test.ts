import { createShop, type Shop } from './checkoutFixtures';
import { readEml } from './emlFiles';
import { databaseKinds, expectError, startTestServer, type TestServer } from './harness';
import { orderItemRepository } from '../../server/repositories/orderItemRepository';
import { orderRepository } from '../../server/repositories/orderRepository';
import { checkoutPartsOf } from '../../server/ticket/checkout/routes';
import { orderEmail } from '../../server/ticket/checkout/orderEmail';
import { eshopTexts } from '../../domain/ticket/eshopVersions';

const BASE = '/api/ticket/public/v1';
const DAY = 24 * 60 * 60 * 1000;
/** Intl writes a no-break space inside amounts ("484,00 Kč"); a reader sees a space. */
const readable = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe.each(databaseKinds)('Order email and its invoice link (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  beforeAll(async () => {
    started = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const parts = () => checkoutPartsOf(server().context)!;
  /** Places an order of Adult tickets (121 with VAT each) and, unless told otherwise, pays it at the bank. */
  const buy = async (count: number, locale: 'cs' | 'en', pay = true) => {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'jana@example.com', locale, items: [{ productId: shop.product, count }] },
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    if (pay) {
      const paid = await server().call(undefined, {
        method: 'POST',
        url: new URL(answer.paymentUrl).pathname,
        payload: { outcome: 'paid' },
      });
      expect(paid.json().paymentState).toBe('paid');
      await server().jobsIdle(); // the email goes out from the job queue
    }
    return answer as { orderId: string; orderNumber: string };
  };
  const mailOf = (orderId: string) => {
    const sent = parts().sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent).toHaveLength(1);
    const { subject, text, html } = readEml(sent[0].receipt.file!);
    return { subject: readable(subject), text: readable(text), html: readable(html) };
  };
  const get = (url: string, accept?: string) => {
    const { pathname, search } = new URL(url);
    return server().call(undefined, {
      method: 'GET',
      url: `${pathname}${search}`,
      headers: accept ? { accept } : {},
    });
  };
  const invoiceLinkIn = (text: string, label: string) =>
    new RegExp(`${label}: (\\S+)`).exec(text)?.[1] as string;

  describe('texts in the e-shop locale', () => {
    it("writes a Czech order's email in Czech: subject, plain text, HTML and item lines, money as 484,00 Kč", async () => {
      const { orderId, orderNumber } = await buy(4, 'cs');
      const { subject, text, html } = mailOf(orderId);
      expect(subject).toContain(`Zoo 90: objednávka ${orderNumber}`);
      expect(text).toContain(`Děkujeme za vaši objednávku ${orderNumber} (484,00 Kč).`);
      expect(text).toContain('Vaše vstupenky (každý odkaz otevřete v telefonu');
      expect(text).toMatch(
        /Adult č\. 90\d{7,}, platnost od \d{1,2}\. \d{1,2}\. \d{4} do \d{1,2}\. \d{1,2}\. \d{4}: http/,
      );
      expect(text).toMatch(/Faktura: http/);
      expect(html).toContain(`Děkujeme za vaši objednávku ${orderNumber} (484,00 Kč).`);
      expect(html).toMatch(/<li>Adult č\. 90\d{7,}, platnost od /);
      expect(html).toMatch(/>Faktura<\/a>/);
      for (const english of [/Thank you/, /Your tickets/, / no\. /, /valid /, /Invoice/, /CZK/])
        for (const part of [subject, text, html]) expect(part).not.toMatch(english);
    });

    it("writes an English order's email of the same e-shop in English, money as CZK 484.00", async () => {
      const { orderId, orderNumber } = await buy(4, 'en');
      const { subject, text, html } = mailOf(orderId);
      expect(subject).toContain(`Zoo 90: order ${orderNumber}`);
      expect(text).toContain(`Thank you for your order ${orderNumber} (CZK 484.00).`);
      expect(text).toMatch(/Adult no\. 90\d{7,}, valid [A-Z][a-z]{2} \d{1,2}, \d{4} to /);
      expect(html).toMatch(/>Invoice<\/a>/);
      expect(text).not.toMatch(/Děkujeme|Faktura|Kč/);
    });
  });

  it('reads an order with its live items in one statement, as the order and its items read apart', async () => {
    const { orderId } = await buy(3, 'cs');
    const db = server().context.db;
    const [first, second, third] = await orderItemRepository.liveOfOrder(db, orderId);
    await db.updateTable('orderItem').set({ deletedAt: new Date() }).where('id', '=', second.id).execute();
    // a microsecond timestamp (the driver keeps milliseconds) and amounts whose scale a JSON number would drop
    await db
      .updateTable('orderItem')
      .set({ validFrom: '2026-03-04T05:06:07.891234Z', discountAmount: '10.5', discountPercentage: '7.5' })
      .where('id', '=', third.id)
      .execute();

    const found = await orderRepository.findLiveWithItems(db, orderId);
    const apart = await orderItemRepository.liveOfOrder(db, orderId);
    expect(found).toEqual({ order: await orderRepository.findLive(db, orderId), items: apart });
    expect(found!.items.map((item) => item.id)).toEqual([first.id, third.id]);
    found!.items.forEach((item, index) => expect(Object.keys(item)).toEqual(Object.keys(apart[index])));
    const read = found!.items[1];
    expect(read.validFrom).toEqual(new Date('2026-03-04T05:06:07.891Z'));
    expect(read.createdAt).toBeInstanceOf(Date);
    expect([read.discountAmount, read.discountPercentage, read.price, read.vat]).toEqual([
      '10.50',
      '7.50',
      third.price,
      third.vat,
    ]);

    await db.updateTable('orderItem').set({ deletedAt: new Date() }).where('orderId', '=', orderId).execute();
    expect((await orderRepository.findLiveWithItems(db, orderId))?.items).toEqual([]);
    await db.updateTable('order').set({ deletedAt: new Date() }).where('id', '=', orderId).execute();
    expect(await orderRepository.findLiveWithItems(db, orderId)).toBeUndefined();
  });

  it("writes the e-shop's name as it is when the email is sent: a rename shows in the next email", async () => {
    const admin = await server().adminToken();
    const rename = async (name: string) => {
      const renamed = await server().call(admin, {
        method: 'PATCH',
        url: `/api/ticket/v1/eshop/${shop.eshopId}`,
        payload: { name },
      });
      expect(renamed.statusCode).toBe(200);
    };
    const before = await buy(1, 'en');
    expect(mailOf(before.orderId).subject).toContain(`Zoo 90: order ${before.orderNumber}`);
    await rename('Zoo Ninety');
    try {
      const after = await buy(1, 'en');
      expect(mailOf(after.orderId).subject).toContain(`Zoo Ninety: order ${after.orderNumber}`);
    } finally {
      await rename('Zoo 90');
    }
    const again = await buy(1, 'en');
    expect(mailOf(again.orderId).subject).toContain(`Zoo 90: order ${again.orderNumber}`);
  });

  describe('signed invoice link', () => {
    let paid: { orderId: string; orderNumber: string };
    let link: string;
    beforeAll(async () => {
      paid = await buy(1, 'cs');
      link = invoiceLinkIn(mailOf(paid.orderId).text, 'Faktura');
    });

    it('links the invoice PDF itself, which opens without signing in', async () => {
      expect(link).toContain(`/order/${paid.orderId}/invoice?expires=`);
      expect(link).not.toContain('token=');
      const invoice = await get(link);
      expect(invoice.statusCode).toBe(200);
      expect(invoice.headers['content-type']).toBe('application/pdf');
      expect(invoice.headers['content-disposition']).toContain(`invoice-${paid.orderNumber}.pdf`);
      expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('expires after INVOICE_LINK_DAYS (90 by default)', () => {
      const expires = Number(new URL(link).searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(89 * DAY);
      expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(90 * DAY);
    });

    it("answers 403 to a changed signature, a changed expiry and another order's id, and gives nothing", async () => {
      const other = await buy(1, 'cs');
      const url = new URL(link);
      const signature = url.searchParams.get('signature') as string;
      const changed = (edit: (copy: URL) => void) => {
        const copy = new URL(url);
        edit(copy);
        return copy.toString();
      };
      const tampered = [
        changed((copy) =>
          copy.searchParams.set(
            'signature',
            `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
          ),
        ),
        changed((copy) =>
          copy.searchParams.set('expires', String(Number(copy.searchParams.get('expires')) + 1)),
        ),
        changed((copy) => (copy.pathname = copy.pathname.replace(paid.orderId, other.orderId))),
        changed((copy) => copy.searchParams.set('signature', '')),
      ];
      for (const wrong of tampered) {
        const answer = await get(wrong);
        expectError(answer, 403, /This invoice link is not valid: it was changed or cut short/);
      }
      const page = await get(tampered[2], 'text/html,application/xhtml+xml');
      expect(page.statusCode).toBe(403);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('This invoice link is not valid');
      expect(page.body).not.toContain('%PDF');
    });

    it('answers 410 to an expired link, as JSON to a program and as a page to a browser', async () => {
      const expired = parts().invoiceUrl(
        { id: paid.orderId, eshopId: shop.eshopId },
        new Date(Date.now() - 91 * DAY),
      );
      expectError(
        await get(expired),
        410,
        'This invoice link has expired. Please ask the e-shop to send you the invoice.',
      );
      const page = await get(expired, 'text/html');
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('This invoice link has expired.');
    });

    it('answers 409 for an order not paid, 404 under another e-shop, 400 without the signature', async () => {
      const pending = await buy(1, 'cs', false);
      const unpaid = parts().invoiceUrl({ id: pending.orderId, eshopId: shop.eshopId });
      expectError(await get(unpaid), 409, /only for a paid order/);
      const elsewhere = parts().invoiceUrl({
        id: paid.orderId,
        eshopId: '00000000-0000-4000-8000-000000000000',
      });
      expectError(await get(elsewhere), 404, 'Order was not found.');
      const bare = new URL(link);
      bare.search = '';
      expectError(await get(bare.toString()), 400, /signature|expires/);
    });
  });
});

describe('Order email dates', () => {
  const content = (locale: string) => ({
    to: 'jana@example.com',
    texts: eshopTexts({ eshopVersion: 'latest', locales: [locale], messages: {} }, locale),
    orderNumber: '9026000001',
    eshopName: 'Zoo 90',
    totalWithVat: 121,
    currency: 'CZK',
    items: [
      {
        productName: 'Adult',
        itemNumber: '902603040001',
        validFrom: new Date('2026-03-04T23:30:00Z'),
        validTo: null,
        passUrl: 'https://passes.example/p/1',
      },
    ],
    invoiceUrl: 'https://passes.example/invoice',
    email: {},
  });

  it('writes the UTC day the way each locale writes it, whichever locale came before', () => {
    for (let round = 0; round < 2; round++) {
      expect(orderEmail(content('cs')).text).toContain('Adult č. 902603040001, platnost od 4. 3. 2026 do —');
      expect(orderEmail(content('en')).text).toContain('Adult no. 902603040001, valid Mar 4, 2026 to —');
    }
  });

  it('fails for a malformed locale every time, sending nothing', () => {
    for (let round = 0; round < 2; round++)
      expect(() => orderEmail(content('not a locale!'))).toThrow(RangeError);
  });
});
