import fs from 'node:fs';
import { createShop, type Shop } from './checkoutFixtures';
import { readEml } from './emlFiles';
import { databaseKinds, expectError, type TestServer } from './harness';
import { pdfLines } from './pdfText';
import { setUpSigningWithIcon, startSigningTestServer } from './walletFixtures';
import { orderItemRepository } from '../../server/features/ticket/orderItemRepository';
import { orderRepository } from '../../server/features/ticket/orderRepository';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { orderEmail, type OrderEmailContent } from '../../server/features/ticket/checkout/orderEmail';
import { ticketLinks } from '../../server/features/ticket/orderTickets';
import { eshopTexts } from '../../domain/ticket/eshopVersions';

// signing passes (every Add to Apple Wallet link is opened) on a busy two-core machine
jest.setTimeout(60_000);

const BASE = '/api/ticket/public/v1';
const DAY = 24 * 60 * 60 * 1000;
/** Intl writes a no-break space inside amounts ("484,00 Kč"); a reader sees a space. */
const readable = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
/** An attribute's value as the browser reads it. */
const unescaped = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** Every address the HTML points at: links, sources, CSS url(); and every address of the plain text. */
const hrefsOf = (html: string) => [...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => unescaped(match[1]));
const addressesOf = (html: string) => [
  ...hrefsOf(html),
  ...[...html.matchAll(/\b(?:src|background|action|poster)="([^"]*)"/gi)].map((match) => unescaped(match[1])),
  ...[...html.matchAll(/url\(\s*['"]?([^'")]*)/gi)].map((match) => unescaped(match[1])),
];
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

describe.each(databaseKinds)('Order email and its invoice link (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  beforeAll(async () => {
    started = await startSigningTestServer(kind, { CHECKOUT_RATE_LIMIT: '0', PUBLIC_RATE_LIMIT: '0' });
    shop = await createShop(server());
    const db = server().context.db;
    // the product's title differs by language; the shop's template signs, so that Add to Apple Wallet opens
    await db
      .updateTable('product')
      .set({ title: JSON.stringify({ cs: 'Dospělý', en: 'Adult' }) })
      .where('id', '=', shop.product)
      .execute();
    const { projectId } = await db
      .selectFrom('eshop')
      .select('projectId')
      .where('id', '=', shop.eshopId)
      .executeTakeFirstOrThrow();
    const admin = await server().adminToken();
    const { certificateId, iconId } = await setUpSigningWithIcon(server(), admin, projectId);
    const signable = await server().call(admin, {
      method: 'PATCH',
      url: `/api/core/v1/template/${shop.templateId}`,
      payload: { certificateId, images: { icon: iconId } },
    });
    expect(signable.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const parts = () => checkoutPartsOf(server().context)!;
  /**
   * Places an order of Adult tickets (121 with VAT each) and, unless told otherwise, pays it at the bank; each
   * holder given is the holder of one ticket.
   */
  const buy = async (count: number, locale: 'cs' | 'en', pay = true, holders: string[] = []) => {
    const items = [
      ...holders.map((holderName) => ({ productId: shop.product, count: 1, data: { holderName } })),
      ...(count > holders.length ? [{ productId: shop.product, count: count - holders.length }] : []),
    ];
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${BASE}/eshop/${shop.eshopId}/order`,
      payload: { email: 'jana@example.com', locale, items },
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
    return answer as { orderId: string; orderNumber: string; statusUrl: string };
  };
  const emlOf = (orderId: string) => {
    const sent = parts().sentMail.filter((mail) => mail.orderId === orderId);
    expect(sent).toHaveLength(1);
    return sent[0].receipt.file!;
  };
  const mailOf = (orderId: string) => {
    const { subject, text, html } = readEml(emlOf(orderId));
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
  /** Changes the e-shop (as its admin), runs `then`, and puts the old values back. */
  const withEshop = async (changes: Record<string, unknown>, then: () => Promise<void>) => {
    const admin = await server().adminToken();
    const url = `/api/ticket/v1/eshop/${shop.eshopId}`;
    const before = (await server().call(admin, { method: 'GET', url })).json();
    const patch = async (payload: Record<string, unknown>) =>
      expect((await server().call(admin, { method: 'PATCH', url, payload })).statusCode).toBe(200);
    await patch(changes);
    try {
      await then();
    } finally {
      await patch(Object.fromEntries(Object.keys(changes).map((key) => [key, before[key]])));
    }
  };

  describe('texts in the e-shop locale', () => {
    it("writes a Czech order's email in Czech: subject, plain text, HTML and ticket lines, money as 484,00 Kč", async () => {
      const { orderId, orderNumber } = await buy(4, 'cs');
      const { subject, text, html } = mailOf(orderId);
      expect(subject).toContain(`Zoo: objednávka ${orderNumber}`);
      expect(text).toContain(`Děkujeme za vaši objednávku ${orderNumber} (484,00 Kč).`);
      expect(text).toContain('Vaše vstupenky (každou si přidejte do peněženky v telefonu):');
      expect(text).toMatch(
        /\nDospělý\nVstupenka č\. 90\d{7,}, platnost od \d{1,2}\. \d{1,2}\. \d{4} do \d{1,2}\. \d{1,2}\. \d{4}\nPřidat do Apple Wallet: http\S+format=pkpass&tag=email\nZobrazit vstupenku: http\S+\?tag=email\n/,
      );
      expect(text.match(/Přidat do Apple Wallet: /g)).toHaveLength(4);
      expect(text).toMatch(/\nZobrazit objednávku: http\S+\nFaktura: http/);
      expect(html).toContain(`Děkujeme za vaši objednávku ${orderNumber} (484,00 Kč).`);
      expect(html.match(/>Dospělý<\/div>/g)).toHaveLength(4);
      expect(html).toMatch(/>Vstupenka č\. 90\d{7,}, platnost od /);
      expect(html.match(/>Přidat do Apple Wallet<\/a>/g)).toHaveLength(4);
      expect(html).toMatch(/>Zobrazit objednávku<\/a>/);
      expect(html).toMatch(/>Faktura<\/a>/);
      expect(html).toContain('<html lang="cs">');
      for (const english of [
        /Thank you/,
        /Your tickets/,
        / no\. /,
        /valid /,
        /Invoice/,
        /CZK/,
        /Adult/,
        /Add to/,
      ])
        for (const part of [subject, text, html]) expect(part).not.toMatch(english);
    });

    it("writes an English order's email of the same e-shop in English, the product's English title", async () => {
      const { orderId, orderNumber } = await buy(4, 'en');
      const { subject, text, html } = mailOf(orderId);
      expect(subject).toContain(`Zoo: order ${orderNumber}`);
      expect(text).toContain(`Thank you for your order ${orderNumber} (CZK 484.00).`);
      expect(text).toMatch(/\nAdult\nTicket no\. 90\d{7,}, valid [A-Z][a-z]{2} \d{1,2}, \d{4} to /);
      expect(text).toMatch(/\nAdd to Apple Wallet: http/);
      expect(text).toMatch(/\nView your order: http/);
      expect(html).toMatch(/>Add to Apple Wallet<\/a>/);
      expect(html).toMatch(/>Invoice<\/a>/);
      expect(text).not.toMatch(/Děkujeme|Faktura|Kč|Dospělý/);
    });
  });

  describe('the message', () => {
    let order: { orderId: string; orderNumber: string; statusUrl: string };
    let mail: { subject: string; text: string; html: string };
    beforeAll(async () => {
      order = await buy(2, 'cs', true, ['Jana Nováková', 'Petr Novák']);
      mail = mailOf(order.orderId);
    });

    it('is multipart: a plain text and an HTML alternative, and the invoice PDF attached', () => {
      const eml = fs.readFileSync(emlOf(order.orderId), 'utf8');
      expect(eml).toMatch(/Content-Type: multipart\/alternative/);
      expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/);
      expect(eml).toMatch(/Content-Type: application\/pdf; name=(3D)?"?invoice-\d+\.pdf/);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.html).toMatch(/^<!doctype html>/);
    });

    it("names each ticket's holder, in the HTML and the text", () => {
      for (const holder of ['Jana Nováková', 'Petr Novák']) {
        expect(mail.text).toContain(`Držitel: ${holder}`);
        expect(mail.html).toContain(`Držitel: ${holder}`);
      }
    });

    it('loads nothing: inline styles only, no image, font, style sheet or script, every address on our server', () => {
      const { publicUrl } = server().context.config;
      for (const banned of [/<img\b/i, /<link\b/i, /<style\b/i, /<script\b/i, /@import/i, /<iframe\b/i])
        expect(mail.html).not.toMatch(banned);
      const addresses = addressesOf(mail.html);
      expect(addresses.length).toBeGreaterThanOrEqual(6);
      for (const address of [...addresses, ...urlsIn(mail.text)])
        expect(new URL(address).origin).toBe(new URL(publicUrl).origin);
    });

    it('links the order page (its status link), the invoice, and per ticket Apple Wallet and its page', () => {
      const links = hrefsOf(mail.html);
      expect(links).toContain(order.statusUrl);
      expect(mail.text).toContain(`Zobrazit objednávku: ${order.statusUrl}`);
      expect(links.filter((link) => link.includes('format=pkpass&tag=email'))).toHaveLength(2);
      expect(links.filter((link) => /\/p\/[^?]+\?tag=email$/.test(link))).toHaveLength(2);
      expect(links.filter((link) => link.includes('/invoice?expires='))).toHaveLength(1);
      // the ticket's template offers no Google Wallet: no button for it
      expect(links.some((link) => link.includes('savetogooglepayjwt'))).toBe(false);
      expect(mail.html).not.toContain('Google');
    });

    it('has every link of the HTML and every address of the text answer 200', async () => {
      const addresses = [...new Set([...hrefsOf(mail.html), ...urlsIn(mail.text)])];
      // Add all to Apple Wallet, 2 × (Apple Wallet, ticket page), the order page, the invoice
      expect(addresses).toHaveLength(7);
      for (const address of addresses) {
        const answer = await get(address);
        if (answer.statusCode !== 200)
          throw new Error(`${address} answered ${answer.statusCode}: ${answer.body}`);
        if (address.includes('format=pkpass'))
          expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
        if (address.includes('/pkpasses?'))
          expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpasses');
      }
    });

    it("sends the invoice, by link, in Czech with the tickets' holders", async () => {
      const invoice = await get(invoiceLinkIn(mail.text, 'Faktura'));
      const lines = pdfLines(invoice.rawPayload).join('\n');
      expect(lines).toContain(`Faktura č. ${order.orderNumber}`);
      expect(lines).toContain('Dospělý – Jana Nováková');
      expect(lines).toContain('Dospělý – Petr Novák');
      expect(lines).toContain('Prodávající není plátcem DPH.');
    });
  });

  it('escapes HTML in the names of holders and of the e-shop, and lets only safe colours into the styles', async () => {
    await withEshop(
      {
        name: 'Zoo <script>alert(1)</script>',
        styles: { brandPrimary: '#0a7d3b', headerColor: 'red;background:url(https://evil.example/x.png)' },
      },
      async () => {
        const { orderId } = await buy(1, 'en', true, ['Jana <b>Nováková</b> & "syn"']);
        const { text, html } = mailOf(orderId);
        expect(html).toContain('Holder: Jana &lt;b&gt;Nováková&lt;/b&gt; &amp; &quot;syn&quot;');
        expect(html).toContain('Zoo &lt;script&gt;alert(1)&lt;/script&gt;');
        expect(html).not.toMatch(/<script|<b>/);
        expect(text).toContain('Holder: Jana <b>Nováková</b> & "syn"');
        expect(html).not.toContain('evil.example');
        // the header takes the brand colour when its own is not a colour
        expect(html).toContain('background-color:#0a7d3b;color:#ffffff;font-size:22px');
      },
    );
  });

  it("fills the e-shop's own template: {{items}} as the ticket blocks, {{orderUrl}} and {{invoiceUrl}} as links", async () => {
    await withEshop(
      {
        email: {
          template: {
            cs: '<p>Vítá vás {{eshopName}}, objednávka {{orderNumber}} za {{total}}.</p>{{items}}<p>{{orderUrl}} · {{invoiceUrl}} · {{unknown}}</p>',
          },
        },
      },
      async () => {
        const { orderId, orderNumber, statusUrl } = await buy(1, 'cs', true, ['Jana {{total}} $&']);
        const { html } = mailOf(orderId);
        expect(html).toContain(`<p>Vítá vás Zoo, objednávka ${orderNumber} za 121,00 Kč.</p>`);
        expect(html).toContain('>Dospělý</div>');
        expect(html).toContain('Držitel: Jana {{total}} $&amp;');
        expect(html).toMatch(/>Přidat do Apple Wallet<\/a>/);
        expect(hrefsOf(html)).toContain(statusUrl);
        expect(html).toMatch(/>Zobrazit objednávku<\/a> · <a [^>]*>Faktura<\/a> · \{\{unknown\}\}<\/p>/);
      },
    );
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
    expect(mailOf(before.orderId).subject).toContain(`Zoo: order ${before.orderNumber}`);
    await rename('Zoo Ninety');
    try {
      const after = await buy(1, 'en');
      expect(mailOf(after.orderId).subject).toContain(`Zoo Ninety: order ${after.orderNumber}`);
    } finally {
      await rename('Zoo');
    }
    const again = await buy(1, 'en');
    expect(mailOf(again.orderId).subject).toContain(`Zoo: order ${again.orderNumber}`);
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

describe('Order email content', () => {
  const PASSES = { publicUrl: 'https://passes.example', passBase: 'https://passes.example/p' };
  const content = (locale: string, googleWallet = false): OrderEmailContent => ({
    to: 'jana@example.com',
    texts: eshopTexts({ eshopVersion: 'latest', locales: [locale], messages: {} }, locale),
    orderNumber: '9026000001',
    eshopName: 'Zoo 90',
    totalWithVat: 121,
    currency: 'CZK',
    tickets: [
      {
        productName: 'Adult',
        holderName: '',
        itemNumber: '902603040001',
        validFrom: new Date('2026-03-04T23:30:00Z'),
        validTo: null,
        links: ticketLinks(PASSES, 'pass-1', googleWallet, 'email'),
      },
    ],
    orderUrl: 'https://passes.example/order',
    invoiceUrl: 'https://passes.example/invoice',
    email: {},
  });

  it('writes the UTC day the way each locale writes it, whichever locale came before', () => {
    for (let round = 0; round < 2; round++) {
      expect(orderEmail(content('cs')).text).toContain(
        'Vstupenka č. 902603040001, platnost od 4. 3. 2026 do —',
      );
      expect(orderEmail(content('en')).text).toContain('Ticket no. 902603040001, valid Mar 4, 2026 to —');
    }
  });

  it('fails for a malformed locale every time, sending nothing', () => {
    for (let round = 0; round < 2; round++)
      expect(() => orderEmail(content('not a locale!'))).toThrow(RangeError);
  });

  it('adds an Add to Google Wallet button and line only for a ticket whose template offers it', () => {
    const google = 'https://passes.example/p/pass-1?format=savetogooglepayjwt&amp;tag=email';
    for (const [locale, label] of [
      ['en', 'Add to Google Wallet'],
      ['cs', 'Přidat do Peněženky Google'],
    ]) {
      const offered = orderEmail(content(locale, true));
      expect(offered.html).toMatch(
        new RegExp(`<a href="${google.replace(/[?.]/g, '\\$&')}"[^>]*>${label}</a>`),
      );
      expect(offered.text).toContain(
        `${label}: https://passes.example/p/pass-1?format=savetogooglepayjwt&tag=email`,
      );
      const without = orderEmail(content(locale));
      expect(without.html).not.toContain('Google');
      expect(without.text).not.toContain('Google');
    }
  });

  it('draws the wallet badges as black rounded buttons, without an image', () => {
    const { html } = orderEmail(content('en', true));
    const badges = [...html.matchAll(/<a [^>]*style="([^"]*)"[^>]*>Add to (Apple|Google) Wallet<\/a>/g)];
    expect(badges).toHaveLength(2);
    for (const [, style] of badges) {
      expect(style).toContain('background-color:#000000');
      expect(style).toContain('color:#ffffff');
      expect(style).toContain('border-radius:8px');
    }
    expect(html).not.toMatch(/<img\b/);
  });

  it('puts the test-payment notice in the subject and first, before the e-shop header', () => {
    const message = orderEmail({ ...content('en'), testPayment: true });
    expect(message.subject).toBe('[TEST PAYMENT - no money was taken] Zoo 90: order 9026000001');
    expect(message.text.split('\n')[0]).toBe('TEST PAYMENT - no money was taken');
    expect(message.html.indexOf('TEST PAYMENT')).toBeLessThan(message.html.indexOf('Zoo 90</td>'));
  });
});
