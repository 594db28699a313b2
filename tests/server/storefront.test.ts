import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { formatMoney } from '../../domain/ticket/money';
import { ticketQrSvg } from '../../server/features/distribution/barcodes';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { createShop, type Shop } from './checkoutFixtures';
import { databaseKinds, startTestServer, type TestServer } from './harness';

type Fields = Array<[string, string]>;

/** A fresh form key, as the page renders one. */
const newKey = () => crypto.randomBytes(18).toString('base64url');

/** The page's text as a reader sees it (the entities escapeHtml writes, undone). */
const shown = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const expectPage = (response: LightMyRequestResponse, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  return shown(response.body);
};

describe.each(databaseKinds)('Storefront (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  /** a second shop, whose e-shop, products and styles the tests below make hostile */
  let hostile: Shop;

  beforeAll(async () => {
    // the many buyers below come from one address: no rate limit here
    started = await startTestServer(kind, { CHECKOUT_RATE_LIMIT: '0' });
    shop = await createShop(server());
    hostile = await createShop(server());
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  }, 30_000);

  const db = () => server().context.db;
  const eshopOf = async (productId: string) =>
    (await db().selectFrom('product').select('eshopId').where('id', '=', productId).executeTakeFirstOrThrow())
      .eshopId;
  const view = (url: string, headers: Record<string, string> = {}) =>
    server().call(undefined, { method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const send = (fields: Fields, eshopId = shop.eshopId) =>
    server().call(undefined, {
      method: 'POST',
      url: `/shop/${eshopId}/order`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** `count` tickets of a product, each with a name. */
  const tickets = (productId: string, count: number, name = 'Jana Nováková'): Fields => [
    [`quantity.${productId}`, String(count)],
    ...Array.from({ length: count }, (_, index): [string, string] => [
      `holder.${productId}.${index + 1}`,
      `${name} ${index + 1}`,
    ]),
  ];
  /** A complete form of one ticket, with what `changes` puts instead or beside. */
  const form = (changes: Fields = [], lines: Fields = tickets(shop.product, 1)): Fields => {
    const fields = new Map<string, string>([
      ['submission', newKey()],
      ['lang', 'en'],
      ...lines,
      ['email', 'buyer@example.com'],
      ['terms', 'yes'],
    ]);
    for (const [name, value] of changes) fields.set(name, value);
    return [...fields];
  };
  const orderCount = async () =>
    Number((await db().selectFrom('order').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('the page', () => {
    it('lists the active products in their order with prices with VAT, in Czech and in English', async () => {
      const czech = expectPage(await view(`/shop/${shop.eshopId}?lang=cs`), 200);
      expect(czech).toContain('<html lang="cs">');
      expect(czech).toContain('<h1>Vstupenky</h1>');
      expect(czech).toContain(`${formatMoney(121, 'CZK', 'cs')} vč. DPH`);
      expect(czech).toContain(`${formatMoney(12.1, 'CZK', 'cs')} vč. DPH`);
      expect(czech).toContain('Platí 30 dní od nákupu');
      const english = expectPage(
        await view(`/shop/${shop.eshopId}`, { 'accept-language': 'en-GB,en;q=0.9' }),
        200,
      );
      expect(english).toContain('<html lang="en">');
      expect(english).toContain(`${formatMoney(121, 'CZK', 'en')} incl. VAT`);
      expect(english).toContain('Valid for 30 days from purchase');
      const titles = [...english.matchAll(/<legend>([^<]*)<\/legend>/g)].map((match) => match[1]);
      expect(titles).toEqual(['Adult', 'Child', 'Family', 'Invoice for a company (optional)']);
      expect(english).not.toContain('Senior'); // inactive
      expect(english).not.toContain('Other zoo'); // another e-shop's
      // each quantity at most the product's and the e-shop's limit
      expect(english).toContain(`name="quantity.${shop.product}" type="number" value="0"`);
      expect(english).toMatch(new RegExp(`id="q-${shop.product}"[^>]*max="5"`));
      expect(english).toMatch(new RegExp(`id="q-${shop.cheap}"[^>]*max="10"`));
    });

    it("speaks ?lang= when the e-shop has it, else the reader's language among its locales, else its first", async () => {
      const asked = expectPage(await view(`/shop/${shop.eshopId}?lang=en`, { 'accept-language': 'cs' }), 200);
      expect(asked).toContain('<html lang="en">');
      // the switch leads to the other language
      expect(asked).toContain(`href="/shop/${shop.eshopId}?lang=cs" lang="cs" hreflang="cs">Čeština</a>`);
      const unknown = expectPage(
        await view(`/shop/${shop.eshopId}?lang=de`, { 'accept-language': 'en' }),
        200,
      );
      expect(unknown).toContain('<html lang="en">');
      const first = expectPage(await view(`/shop/${shop.eshopId}`), 200);
      expect(first).toContain('<html lang="cs">');
      // a repeated or strange ?lang= is no error
      expectPage(await view(`/shop/${shop.eshopId}?lang=en&lang=cs`), 200);
    });

    it('is usable by keyboard and screen reader: every input has its label, the script runs under the nonce only', async () => {
      const response = await view(`/shop/${shop.eshopId}?lang=en`);
      const page = expectPage(response, 200);
      const inputs = [...page.matchAll(/<input id="([^"]+)"[^>]*type="(?!hidden)/g)].map((match) => match[1]);
      expect(inputs.length).toBeGreaterThan(5);
      for (const id of inputs) expect(page).toContain(`<label for="${id}">`);
      expect(page).toContain('<button class="pay" type="submit">Pay</button>');
      const policy = response.headers['content-security-policy'] as string;
      const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(policy).not.toContain('unsafe-inline');
      const scripts = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0][1]).toBe(` nonce="${nonce}"`);
      expect(scripts[0][2].length).toBeLessThan(50_000);
      expect(response.body).not.toMatch(/<script[^>]*src=/); // no console code, nothing loaded
    });

    it('says loudly that payments are simulated', async () => {
      const page = expectPage(await view(`/shop/${shop.eshopId}?lang=en`), 200);
      expect(page).toContain('TEST PAYMENTS: this shop pays through a simulated bank');
    });

    it('sees a change of the products at once, though it reads them from memory', async () => {
      await view(`/shop/${hostile.eshopId}?lang=en`); // now in memory
      await db().updateTable('product').set({ order: 0 }).where('id', '=', hostile.family).execute();
      const page = expectPage(await view(`/shop/${hostile.eshopId}?lang=en`), 200);
      expect(page.indexOf('<legend>Family</legend>')).toBeLessThan(page.indexOf('<legend>Adult</legend>'));
      expect(page.indexOf('<legend>Family</legend>')).toBeGreaterThan(0);
    });

    it('answers 404 with a page for an unknown, deleted or malformed e-shop', async () => {
      const spare = await createShop(server());
      await db()
        .updateTable('eshop')
        .set({ deletedAt: new Date() })
        .where('id', '=', spare.eshopId)
        .execute();
      for (const eshopId of [crypto.randomUUID(), spare.eshopId, 'not-a-uuid', "'%20or%201=1"]) {
        const page = expectPage(await view(`/shop/${eshopId}`, { 'accept-language': 'en' }), 404);
        expect(page).toContain('Not found');
        expectPage(await send(form(), eshopId), 404);
      }
      expectPage(await view(`/shop/${shop.eshopId}/no/such/page`), 404);
    });

    it('tells that a closed e-shop does not sell now, and refuses its form', async () => {
      const closedId = await eshopOf(hostile.foreign);
      await db().updateTable('eshop').set({ active: false }).where('id', '=', closedId).execute();
      const page = expectPage(await view(`/shop/${closedId}?lang=en`), 200);
      expect(page).toContain('Other zoo does not sell tickets at the moment.');
      expect(page).not.toContain('<form');
      const before = await orderCount();
      const refused = expectPage(await send(form([], tickets(hostile.foreign, 1)), closedId), 409);
      expect(refused).toContain('does not sell tickets at the moment');
      expect(await orderCount()).toBe(before);
    });
  });

  describe('refuses a bad form with the form again, each problem at its field, and writes nothing', () => {
    const refusedWith = async (fields: Fields, message: string, eshopId = shop.eshopId) => {
      const before = await orderCount();
      const response = await send(fields, eshopId);
      const page = expectPage(response, 400);
      expect(page).toContain(message);
      expect(page).toContain('Please correct the following:');
      expect(page).toContain('<form id="order"');
      expect(await orderCount()).toBe(before);
      return page;
    };

    it.each([
      ["more than the product's limit", () => tickets(shop.product, 6), 'Enter a whole number from 0 to 5.'],
      [
        'a negative quantity',
        () => [[`quantity.${shop.product}`, '-1']],
        'Enter a whole number from 0 to 5.',
      ],
      ['a fraction', () => [[`quantity.${shop.product}`, '1.5']], 'Enter a whole number from 0 to 5.'],
      [
        'a huge quantity',
        () => [[`quantity.${shop.product}`, '99999999999']],
        'Enter a whole number from 0 to 5.',
      ],
      ['no ticket at all', () => [[`quantity.${shop.product}`, '0']], 'Choose at least one ticket.'],
      [
        "another e-shop's product",
        () => tickets(shop.foreign, 1),
        'The form asked for a ticket that is not sold here.',
      ],
      [
        'an inactive product',
        () => tickets(shop.inactive, 1),
        'The form asked for a ticket that is not sold here.',
      ],
      [
        'an unknown product',
        () => tickets(crypto.randomUUID(), 1),
        'The form asked for a ticket that is not sold here.',
      ],
      [
        'a product id that is no id',
        () => [['quantity.nope', '1']],
        'The form asked for a ticket that is not sold here.',
      ],
    ] as Array<[string, () => Fields, string]>)('%s', async (_case, lines, message) => {
      await refusedWith(form([], lines()), message);
    });

    it("more than the e-shop's tickets or total, refused by the checkout: on the form, not as JSON", async () => {
      const tooMany = await refusedWith(
        form([], [...tickets(shop.cheap, 6), ...tickets(shop.product, 5)]),
        `One order holds at most 10 tickets and costs at most ${formatMoney(1000, 'CZK', 'en')}.`,
      );
      // the names typed are kept
      expect(tooMany).toContain('value="Jana Nováková 6"');
      await refusedWith(
        form([], tickets(shop.family, 2)),
        `One order holds at most 10 tickets and costs at most ${formatMoney(1000, 'CZK', 'en')}.`,
      );
      const czech = expectPage(await send(form([['lang', 'cs']], tickets(shop.family, 2))), 400);
      expect(czech).toContain('<html lang="cs">');
      expect(czech).toContain('Opravte prosím:');
      expect(czech).toContain(
        `Jedna objednávka může mít nejvýše 10 ks vstupenek v celkové ceně nejvýše ${formatMoney(1000, 'CZK', 'cs')}.`,
      );
    });

    it('asks for the name on each ticket of the quantities chosen (the form without its script)', async () => {
      const page = await refusedWith(
        form([], [[`quantity.${shop.product}`, '2']]),
        'Enter the name of the ticket holder.',
      );
      for (const number of [1, 2]) {
        expect(page).toContain(`<label for="q-${shop.product}-h${number}">Name on ticket ${number}</label>`);
        expect(page).toMatch(
          new RegExp(
            `name="holder\\.${shop.product}\\.${number}" type="text" value="" [^>]*aria-invalid="true"`,
          ),
        );
      }
      // the rest as the buyer filled it in
      expect(page).toContain('value="buyer@example.com"');
      expect(page).toMatch(/id="terms"[^>]*checked/);
    });

    it('a holder name of 10 kB, or with a NUL', async () => {
      const long = 'x'.repeat(10_000);
      await refusedWith(form([[`holder.${shop.product}.1`, long]]), 'Use at most 100 characters.');
      await refusedWith(
        form([[`holder.${shop.product}.1`, 'Jana\u0000Nováková']]),
        'Remove the control characters from this field.',
      );
      await refusedWith(form([[`holder.${shop.product}.1`, '   ']]), 'Enter the name of the ticket holder.');
    });

    it('the e-mail, the VAT ID, the company, the terms', async () => {
      await refusedWith(form([['email', 'not-an-email']]), 'Enter a valid email address');
      await refusedWith(form([['email', 'a\u0000@example.com']]), 'Enter a valid email address');
      await refusedWith(form([['vatId', 'C']]), "Enter the VAT ID as the country's two letters");
      await refusedWith(form([['company', 'x'.repeat(201)]]), 'Use at most 200 characters.');
      await refusedWith(form([['company', 'Acme\u0000']]), 'Remove the control characters from this field.');
      const page = await refusedWith(form([['terms', '']]), 'Agree to the terms and conditions to order.');
      expect(page).toMatch(/<input id="terms"[^>]*aria-invalid="true"/);
    });

    it('a form without its key: a new key to send it again', async () => {
      const page = await refusedWith(form([['submission', '']]), 'The form was not complete.');
      expect(page).toMatch(/name="submission" value="[A-Za-z0-9_-]{24}"/);
    });

    it('escapes what the buyer typed', async () => {
      const page = await send(
        form([
          [`holder.${shop.product}.1`, '<script>alert(1)</script>'],
          ['terms', ''],
        ]),
      );
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(page.body.match(/<script/g)).toHaveLength(1);
    });
  });

  describe('takes any input without failing', () => {
    it('answers 4xx, never 5xx, for bodies no browser sends', async () => {
      const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
        server().call(undefined, {
          method: 'POST',
          url: `/shop/${shop.eshopId}/order`,
          headers: { 'content-type': contentType, accept: 'text/html' },
          payload,
        });
      const before = await orderCount();
      expectPage(
        await post(
          JSON.stringify({ email: ['a@b.cz'], terms: ['yes'], submission: [1] }),
          'application/json',
        ),
        400,
      );
      expectPage(await post('{"not json'), 400);
      expectPage(await post('%%%&&&==='), 400);
      expectPage(await post(''), 400);
      expectPage(await post('a=%00&b=%ZZ&quantity.%00=1'), 400);
      expectPage(await post('x'.repeat(200_000)), 413);
      expectPage(
        await post(new URLSearchParams([[`holder.${shop.product}.1`, 'y'.repeat(150_000)]]).toString()),
        413,
      );
      expect(await orderCount()).toBe(before);
      // a field sent twice counts with its last value, as the form parser reads it
      const twice = await send([...form(), [`quantity.${shop.product}`, '1'], ['email', 'x']]);
      expectPage(twice, 400);
      expect(shown(twice.body)).toContain('Enter a valid email address');
      expectPage(await view(`/shop/${shop.eshopId}?lang=%00`), 400);
    });
  });

  it('makes one order of a form sent twice (a double click), even at the same moment', async () => {
    const before = await orderCount();
    const fields = form();
    const first = await send(fields);
    expect(first.statusCode).toBe(303);
    const again = await send(fields);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await orderCount()).toBe(before + 1);
    const together = form();
    const answers = await Promise.all([send(together), send(together), send(together)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303, 303]);
    expect(await orderCount()).toBe(before + 2);
    // each to that order: its payment, or its page (a racer that found it before its payment was asked for)
    const order = await db()
      .selectFrom('order')
      .select(['id', 'paymentId'])
      .where('submissionKey', '=', together[0][1])
      .executeTakeFirstOrThrow();
    for (const answer of answers) {
      const location = answer.headers.location as string;
      const toPayment = location.endsWith(`/simulated-bank/${order.paymentId}`);
      const toOrder = location.includes(`/order/${order.id}?token=`);
      expect(toPayment || toOrder).toBe(true);
    }
  });

  it("keeps the buyer's company and VAT ID for the invoice, the VAT ID typed with spaces", async () => {
    const submission = newKey();
    const placed = await send(
      form([
        ['submission', submission],
        ['company', '  Acme s.r.o. '],
        ['vatId', 'cz 1234 5678'],
      ]),
    );
    expect(placed.statusCode).toBe(303);
    const order = await db()
      .selectFrom('order')
      .selectAll()
      .where('submissionKey', '=', submission)
      .executeTakeFirstOrThrow();
    expect(order).toEqual(
      expect.objectContaining({ buyerCompany: 'Acme s.r.o.', buyerVatId: 'CZ12345678', locale: 'en' }),
    );
  });

  it('sells end to end: form, bank, and the order page with both tickets, their wallet buttons and QR codes', async () => {
    const shopPage = await view(`/shop/${shop.eshopId}?lang=en`);
    const submission = /name="submission" value="([^"]+)"/.exec(shopPage.body)?.[1] as string;
    const placed = await send(
      form(
        [['submission', submission]],
        [
          [`quantity.${shop.product}`, '1'],
          [`holder.${shop.product}.1`, 'Jana Nováková'],
          [`quantity.${shop.cheap}`, '1'],
          [`holder.${shop.cheap}.1`, '<b>Petr</b> Novák'],
        ],
      ),
    );
    expect(placed.statusCode).toBe(303);
    const bankPath = new URL(placed.headers.location as string).pathname;
    expect(bankPath).toMatch(/^\/api\/ticket\/public\/v1\/simulated-bank\//);
    const paid = await server().call(undefined, {
      method: 'POST',
      url: bankPath,
      payload: { outcome: 'paid' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentState).toBe('paid');

    // the bank's "Back to the order" opens the order's page in a browser
    const bankPage = await view(bankPath);
    const back = new URL(shown(/href="([^"]+)">Back to the order/.exec(bankPage.body)?.[1] as string));
    const orderUrl = `${back.pathname}${back.search}`;
    const response = await view(orderUrl, { 'accept-language': 'cs' });
    const page = expectPage(response, 200);
    expect(response.headers['content-security-policy']).not.toContain('script-src');
    const order = await db()
      .selectFrom('order')
      .selectAll()
      .where('submissionKey', '=', submission)
      .executeTakeFirstOrThrow();
    expect(page).toContain('<html lang="en">'); // the order's language, not the reader's
    expect(page).toContain(`<h1>Order ${order.orderNumber}</h1>`);
    expect(page).toContain('Payment succeeded.');
    expect(page).toContain('Jana Nováková');
    expect(page).toContain('<b>Petr</b> Novák');
    expect(response.body).toContain('&lt;b&gt;Petr&lt;/b&gt; Novák');
    const items = await db()
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', order.id)
      .orderBy('createdAt')
      .execute();
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(page).toContain(item.itemNumber as string);
      expect(page).toContain(`/p/${item.passId}?format=pkpass&tag=shop">Add to Apple Wallet</a>`);
      expect(page).toContain(`/p/${item.passId}?format=pdf&tag=shop">Download PDF</a>`);
      expect(response.body).toContain(ticketQrSvg(item.ticketSecret));
    }
    expect(page.match(/Add to Apple Wallet/g)).toHaveLength(2);
    expect(page).toContain(`/order/${order.id}/invoice?expires=`);
    expect(response.body.match(/<script/g)).toBeNull();

    // a program gets the JSON it always got
    const json = await server().call(undefined, {
      method: 'GET',
      url: orderUrl,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toEqual(
      expect.objectContaining({ orderId: order.id, paymentState: 'paid', simulatedPayments: true }),
    );
    expect(json.json().items).toHaveLength(2);

    // a changed, missing or another order's token: 404, and nothing of the order
    const token = back.searchParams.get('token') as string;
    const tampered = `${back.pathname}?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [tampered, back.pathname, `${back.pathname}?token=`]) {
      const refused = await view(url);
      const refusedPage = expectPage(refused, 404);
      expect(refusedPage).not.toContain(order.orderNumber);
      expect(refusedPage).not.toContain('Nováková');
      expect(
        (await server().call(undefined, { method: 'GET', url, headers: { accept: 'application/json' } }))
          .statusCode,
      ).toBe(404);
    }
  });

  it("shows an order waiting for its payment with a Pay link, in the order's language", async () => {
    const submission = newKey();
    const placed = await send(
      form([
        ['submission', submission],
        ['lang', 'cs'],
      ]),
    );
    expect(placed.statusCode).toBe(303);
    const order = await db()
      .selectFrom('order')
      .selectAll()
      .where('submissionKey', '=', submission)
      .executeTakeFirstOrThrow();
    const statusUrl = new URL(checkoutPartsOf(server().context)!.service.statusUrl(order));
    const page = expectPage(await view(`${statusUrl.pathname}${statusUrl.search}`), 200);
    expect(page).toContain('<html lang="cs">');
    expect(page).toContain('Čekáme na výsledek platby.');
    expect(page).toContain(`href="${placed.headers.location}">Zaplatit</a>`);
    expect(page).not.toContain('Přidat do Apple Wallet');
    expect(page).not.toContain('/invoice?');
  });

  it("escapes the e-shop's and products' texts, filters its styles and never injects its overrides", async () => {
    await db()
      .updateTable('eshop')
      .set({
        name: '<b>Zoo</b> & "friends"<script>alert(1)</script>',
        headOverrides: '<script>evilHead()</script>',
        bodyOverrides: '<script>evilBody()</script>',
        styles: JSON.stringify({
          brandPrimary: '#123456',
          headerColor: 'rgb(1, 2, 3)',
          backgroundColor: 'red;} body{display:none',
          fontFamily: 'x;}</style><script>alert(2)</script>',
          contentColor: 'url(https://evil.example/x.png)',
          footerHeight: '40px',
        }),
        termsUrl: 'https://zoo.example/terms',
        // the e-shop's own words over the defaults, escaped as any other text
        messages: JSON.stringify({
          en: { 'shop.tickets': 'Our <em>tickets</em>', 'checkout.pay': 'Buy now' },
        }),
      })
      .where('id', '=', hostile.eshopId)
      .execute();
    await db()
      .updateTable('product')
      .set({
        title: JSON.stringify({ en: '<img src=x onerror=alert(3)>', cs: 'Dospělý' }),
        warningEnabled: true,
        warningTitle: JSON.stringify({
          en: '<script>alert(4)</script> Bring your ID',
          cs: 'Vezměte si průkaz',
        }),
        event: JSON.stringify({ name: '<i>Gala</i>', venue: 'Hall "A"', startsAt: '2027-06-20T19:00:00Z' }),
      })
      .where('id', '=', hostile.product)
      .execute();
    await db()
      .updateTable('product')
      .set({
        period: JSON.stringify({
          periodType: 'interval',
          intervalFrom: '2027-01-01T00:00:00Z',
          intervalTo: '2027-12-31T00:00:00Z',
        }),
      })
      .where('id', '=', hostile.cheap)
      .execute();
    const response = await view(`/shop/${hostile.eshopId}?lang=en`);
    const page = expectPage(response, 200);
    const raw = response.body;
    expect(raw.match(/<script/g)).toHaveLength(1);
    expect(raw).not.toContain('evilHead');
    expect(raw).not.toContain('evilBody');
    expect(raw).not.toContain('<img');
    expect(raw).not.toContain('<b>Zoo');
    expect(raw).toContain('&lt;b&gt;Zoo&lt;/b&gt; &amp; &quot;friends&quot;&lt;script&gt;');
    expect(raw).toContain('&lt;img src=x onerror=alert(3)&gt;');
    expect(page).toContain('<script>alert(4)</script> Bring your ID');
    expect(page).toContain('<dt>Event</dt><dd><i>Gala</i></dd><dt>Venue</dt><dd>Hall "A"</dd>');
    expect(page).toContain('Jun 20, 2027');
    expect(page).toContain('UTC');
    expect(page).toContain('Valid from Jan 1, 2027 to Dec 31, 2027');
    expect(page).toContain('href="https://zoo.example/terms"');
    const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(raw)?.[1] as string;
    expect(style).toContain(
      ':root{--brand:#123456;--header:rgb(1, 2, 3);--footer-height:40px;--on-header:#ffffff;}',
    );
    expect(style).not.toContain('display:none');
    expect(style).not.toContain('evil.example');
    expect(style).not.toContain('<');
    expect(raw).toContain('<h1>Our &lt;em&gt;tickets&lt;/em&gt;</h1>');
    expect(raw).toContain('<button class="pay" type="submit">Buy now</button>');
  });
});

// the limit is counted in memory, per address: one database shows it
describe('Storefront rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer('pglite', { CHECKOUT_RATE_LIMIT: '3' });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  }, 30_000);

  it('answers 429 with a page after CHECKOUT_RATE_LIMIT requests a minute from one address', async () => {
    const ask = () =>
      limited.call(undefined, {
        method: 'GET',
        url: `/shop/${crypto.randomUUID()}`,
        headers: { accept: 'text/html', 'accept-language': 'en' },
        remoteAddress: '203.0.113.7',
      });
    for (let request = 0; request < 3; request++) expect((await ask()).statusCode).toBe(404);
    const refused = await ask();
    expect(expectPage(refused, 429)).toContain('Too many requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
