import { Right } from '../../domain/rights';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { GatewayError } from '../../server/features/ticket/gateways/checkoutGateway';
import { unpaidOrderTimeouts } from '../../server/features/ticket/paymentTimeouts';
import fs from 'node:fs';
import { createShop, type Shop } from './checkoutFixtures';
import { readEml } from './emlFiles';
import { PAYER } from './invoiceFixtures';
import { pdfLines } from './pdfText';
import { answersEventually, databaseKinds, expectError, startTestServer, type TestServer } from './harness';

jest.setTimeout(60_000);

const T = '/api/ticket/v1';
const PUBLIC = '/api/ticket/public/v1';

/** The queue retries a failed job at once here (the gateway's retry is seen through). */
const FAST_JOBS = { JOB_RETRY_BASE_MS: '20', JOB_POLL_MS: '20' };

describe.each(databaseKinds)('refunds and cancellations (%s)', (kind) => {
  let started: TestServer;
  const server = () => started;
  let shop: Shop;
  let admin: string;
  beforeAll(async () => {
    started = await startTestServer(kind, FAST_JOBS);
    shop = await createShop(server());
    admin = await server().adminToken();
  }, 60_000);
  afterAll(() => started?.close(), 30_000);

  const db = () => server().context.db;
  const bank = () => checkoutPartsOf(server().context)!.bank;

  /** Places an order of `count` tickets of a product (Adult: 121 with VAT) through the public checkout. */
  async function placeOrder(count = 1, productId = shop.product, locale = 'en') {
    const created = await server().call(undefined, {
      method: 'POST',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order`,
      payload: { email: 'buyer@example.com', locale, items: [{ productId, count }] },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    return { ...order, paymentId: new URL(order.paymentUrl).pathname.split('/').pop() as string };
  }

  /** A paid order with its issued tickets, oldest first. */
  async function paidOrder(count = 1, productId = shop.product, locale = 'en') {
    const order = await placeOrder(count, productId, locale);
    const paid = await server().call(undefined, {
      method: 'POST',
      url: new URL(order.paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    expect(paid.json().paymentState).toBe('paid');
    const items = await db()
      .selectFrom('orderItem')
      .selectAll()
      .where('orderId', '=', order.orderId)
      .orderBy('createdAt')
      .execute();
    return { orderId: order.orderId as string, items };
  }

  const refund = (orderId: string, payload: Record<string, unknown>, token = admin) =>
    server().call(token, { method: 'POST', url: `${T}/order/${orderId}/refund`, payload });
  const cancel = (orderId: string, payload: Record<string, unknown>, token = admin) =>
    server().call(token, { method: 'POST', url: `${T}/order/${orderId}/cancel`, payload });
  const getOrder = async (orderId: string) =>
    (await server().call(admin, { method: 'GET', url: `${T}/order/${orderId}` })).json();
  const getRefund = async (refundId: string) =>
    (await server().call(admin, { method: 'GET', url: `${T}/refund/${refundId}` })).json();
  const scan = (code: string) =>
    server().call(admin, { method: 'POST', url: `${T}/entry`, payload: { code } });

  it("shows the customer's order page what came back, with the credit note's signed link", async () => {
    const order = await placeOrder(2);
    await server().call(undefined, {
      method: 'POST',
      url: new URL(order.paymentUrl).pathname,
      payload: { outcome: 'paid' },
    });
    const refunded = (await refund(order.orderId, { reason: 'One visitor stayed home', amount: 50 })).json();
    const page = await server().call(undefined, {
      method: 'GET',
      url: `${PUBLIC}/eshop/${shop.eshopId}/order/${order.orderId}?token=${order.statusToken}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/CZK\s50\.00 refunded/);
    const link = new RegExp(
      `href="([^"]+/refund/${refunded.id}/creditNote\\?[^"]+)"[^>]*>Credit note ${refunded.creditNoteNumber} \\(PDF\\)`,
    ).exec(page.body);
    expect(link).not.toBeNull();
    const href = new URL((link as RegExpExecArray)[1].replace(/&amp;/g, '&'));
    const pdf = await server().call(undefined, { method: 'GET', url: `${href.pathname}${href.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refunds a whole order: every ticket voided, its pass voided and pushed, the gate refuses it', async () => {
    const { orderId, items } = await paidOrder(2);
    const answer = await refund(orderId, { reason: 'The event was canceled' });
    expect(answer.statusCode).toBe(201);
    const refunded = answer.json();
    expect(refunded).toMatchObject({
      orderId,
      amount: 242,
      currency: 'CZK',
      reason: 'The event was canceled',
      state: 'succeeded',
      failureReason: null,
      createdByName: expect.any(String),
    });
    expect(refunded.creditNoteNumber).toMatch(/^D\d{10}$/);
    expect(refunded.gatewayRefundId).toMatch(/^simulated-/);
    expect([...refunded.itemIds].sort()).toEqual(items.map((item) => item.id).sort());
    expect(await getOrder(orderId)).toMatchObject({ paymentState: 'paid', refundedAmount: 242 });

    for (const item of items) {
      const voided = await db()
        .selectFrom('orderItem')
        .selectAll()
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      expect(voided).toMatchObject({ state: 'invalidated', refundId: refunded.id });
      const pass = await server().call(admin, { method: 'GET', url: `/api/core/v1/pass/${item.passId}` });
      expect(pass.json().voided).toBe(true);
      const pushes = await db().selectFrom('job').select('payload').where('kind', '=', 'pushPass').execute();
      expect(pushes.map((job) => (job.payload as { passId: string }).passId)).toContain(item.passId);
      expect((await scan(item.ticketSecret)).json().result).toBe('voided');
    }
    // the trail names who refunded, on the refund, the items and the passes; the e-mail's stamp, the checkout
    await server().jobsIdle();
    const trail = await db()
      .selectFrom('audit')
      .select(['resource', 'action', 'userId'])
      .where('rowId', 'in', [refunded.id, items[0].id, items[0].passId as string])
      .where('at', '>=', new Date(refunded.createdAt))
      .execute();
    const adminId = refunded.createdBy;
    expect(
      trail.map((entry) => `${entry.resource} ${entry.action} ${entry.userId === adminId}`).sort(),
    ).toEqual([
      'orderItem update true',
      'orderItem update true',
      'pass update true',
      'refund create true',
      'refund update false',
      'refund update true',
    ]);

    // nothing is left: a second whole refund is refused, and so is any amount
    expectError(await refund(orderId, { reason: 'Again' }), 409, /Nothing is left to refund/);
    expectError(await refund(orderId, { reason: 'Again', amount: 1 }), 400, /At most CZK\s0\.00 is left/);
  });

  it('refunds chosen items by their prices; an item is refunded once', async () => {
    const { orderId, items } = await paidOrder(3);
    const first = await refund(orderId, { reason: 'One cannot come', itemIds: [items[0].id] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 121, itemIds: [items[0].id], state: 'succeeded' });
    expect((await scan(items[0].ticketSecret)).json().result).toBe('voided');
    const untouched = await db()
      .selectFrom('orderItem')
      .select('state')
      .where('id', '=', items[1].id)
      .executeTakeFirstOrThrow();
    expect(untouched.state).toBe('issued');

    expectError(
      await refund(orderId, { reason: 'Again', itemIds: [items[1].id, items[0].id] }),
      400,
      /was refunded already/,
    );
    const other = await paidOrder(1);
    expectError(
      await refund(orderId, { reason: 'Not ours', itemIds: [other.items[0].id] }),
      400,
      /is not an item of order/,
    );
    const rest = await refund(orderId, { reason: 'Both others', itemIds: [items[1].id, items[2].id] });
    expect(rest.json()).toMatchObject({ amount: 242, state: 'succeeded' });
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 363 });
  });

  it('refunds an amount, never more than is left, and voids no ticket', async () => {
    const { orderId, items } = await paidOrder(1);
    const part = await refund(orderId, { reason: 'Discount after the fact', amount: 21.5 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ amount: 21.5, itemIds: [], state: 'succeeded' });
    const item = await db()
      .selectFrom('orderItem')
      .selectAll()
      .where('id', '=', items[0].id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ state: 'issued', refundId: null });

    const above = await refund(orderId, { reason: 'Too much', amount: 100 });
    expectError(above, 400, /At most CZK\s99\.50 is left to refund of order \d+; CZK\s100\.00 was asked/);
    expect(above.json().errors).toEqual([expect.objectContaining({ path: '/amount' })]);
    expectError(await refund(orderId, { reason: 'Cents', amount: 0.001 }), 400, /two decimals/);
    expectError(
      await refund(orderId, { reason: 'Both', amount: 1, itemIds: [items[0].id] }),
      400,
      /not both/,
    );
    expectError(await refund(orderId, { reason: '   ' }), 400, /Say why/);
    expectError(await refund(orderId, { amount: 1 }), 400);
    expectError(await refund(orderId, { reason: 'x'.repeat(501) }), 400);
    expectError(await refund(orderId, { reason: 'Negative', amount: -5 }), 400);

    // the rest, whole: what is left
    const rest = await refund(orderId, { reason: 'The rest' });
    expect(rest.json()).toMatchObject({ amount: 99.5, itemIds: [items[0].id], state: 'succeeded' });
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 121 });
  });

  it('refuses to refund an unpaid order (409), another project’s order (404), without TICKET_ACCOUNTING (403)', async () => {
    const unpaid = await placeOrder(1);
    expectError(await refund(unpaid.orderId, { reason: 'Not paid' }), 409, /Only a paid order is refunded/);

    const { orderId } = await paidOrder(1);
    const elsewhere = await server().createUser();
    await server().setRights(
      await server().createProject('Elsewhere'),
      elsewhere.id,
      Right.TICKET_ACCOUNTING,
    );
    expectError(await refund(orderId, { reason: 'Not mine' }, elsewhere.token), 404);
    const reader = await server().createUser();
    await server().setRights(shop.projectId, reader.id, Right.TICKET_ESHOP_READ);
    expectError(await refund(orderId, { reason: 'No right' }, reader.token), 403, /TICKET_ACCOUNTING/);
    expectError(await cancel(orderId, { reason: 'No right' }, reader.token), 403, /TICKET_ACCOUNTING/);
    expectError(await refund('not-a-uuid', { reason: 'No order' }), 404);
    expect(
      (await db().selectFrom('refund').select('id').where('orderId', '=', orderId).execute()).length,
    ).toBe(0);

    // an accountant refunds, and reads the refund, without reading orders
    const accountant = await server().createUser();
    await server().setRights(shop.projectId, accountant.id, Right.TICKET_ACCOUNTING);
    const done = await refund(orderId, { reason: 'By the accountant' }, accountant.token);
    expect(done.statusCode).toBe(201);
    const read = await server().call(accountant.token, {
      method: 'GET',
      url: `${T}/refund/${done.json().id}`,
    });
    expect(read.json()).toMatchObject({ state: 'succeeded', createdBy: accountant.id });
    // refunds are made by the order's action only, and never changed or deleted through the API
    expectError(
      await server().call(admin, { method: 'POST', url: `${T}/refund`, payload: {} }),
      403,
      /POST \/api\/ticket\/v1\/order\/\{id\}\/refund/,
    );
    expectError(await server().call(admin, { method: 'DELETE', url: `${T}/refund/${done.json().id}` }), 403);
  });

  it('gives back at most what was paid when 20 refunds come at once', async () => {
    const { orderId } = await paidOrder(1, shop.family); // 605
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => refund(orderId, { reason: `Part ${index}`, amount: 50 })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.filter((status) => status === 400)).toHaveLength(8);
    const stored = await db()
      .selectFrom('refund')
      .select(['amount', 'state'])
      .where('orderId', '=', orderId)
      .execute();
    expect(stored.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(600);
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 600 });
  });

  it('keeps a refund requested when the gateway fails (502), and the queue completes it', async () => {
    const { orderId, items } = await paidOrder(1);
    const refundOfBank = jest
      .spyOn(bank(), 'refund')
      .mockRejectedValueOnce(new GatewayError('The simulated bank is down.'))
      .mockRejectedValueOnce(new TypeError('fetch failed'));
    try {
      const failed = await refund(orderId, { reason: 'Gateway down', itemIds: [items[0].id] });
      expectError(failed, 502, /The simulated bank is down\. The refund of order \d+ stays requested/);
      const [stored] = await db().selectFrom('refund').selectAll().where('orderId', '=', orderId).execute();
      expect(stored.state).toBe('requested');
      // the item is the refund's meanwhile: not refunded twice
      expectError(
        await refund(orderId, { reason: 'Again', itemIds: [items[0].id] }),
        400,
        /refunded already/,
      );
      // the queue's first try meets the network failing, its retry the bank back
      await answersEventually(async () => (await getRefund(stored.id)).state, 'succeeded');
      expect(refundOfBank.mock.calls.map(([, asked]) => asked)).toEqual([
        { refundId: stored.id, amount: 121 },
        { refundId: stored.id, amount: 121 },
        { refundId: stored.id, amount: 121 },
      ]);
      expect((await scan(items[0].ticketSecret)).json().result).toBe('voided');
    } finally {
      refundOfBank.mockRestore();
    }
  });

  it('stores the refusal of a gateway with its reason, and the items may be refunded again', async () => {
    const { orderId, items } = await paidOrder(1);
    const refused = jest
      .spyOn(bank(), 'refund')
      .mockResolvedValueOnce({ state: 'failed', reason: 'The card account is closed.' });
    try {
      const answer = await refund(orderId, { reason: 'Refused', itemIds: [items[0].id] });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ state: 'failed', failureReason: 'The card account is closed.' });
    } finally {
      refused.mockRestore();
    }
    expect(await getOrder(orderId)).toMatchObject({ refundedAmount: 0 });
    const again = await refund(orderId, { reason: 'Again', itemIds: [items[0].id] });
    expect(again.json()).toMatchObject({ state: 'succeeded', amount: 121 });
  });

  it('cancels an unpaid order: its payment closed at the bank and canceled', async () => {
    const { orderId, paymentUrl } = await placeOrder(1);
    const answer = await cancel(orderId, { reason: 'The customer called' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'canceled',
      refund: null,
      order: { paymentState: 'canceled' },
    });
    // the bank no longer takes the payment
    expectError(
      await server().call(undefined, {
        method: 'POST',
        url: new URL(paymentUrl).pathname,
        payload: { outcome: 'paid' },
      }),
      409,
    );
    expectError(await cancel(orderId, { reason: 'Again' }), 409, /is canceled already/);
  });

  it('fulfils instead of canceling an order the customer paid meanwhile', async () => {
    const { orderId, paymentId } = await placeOrder(1);
    await bank().decide(paymentId, 'paid');
    const answer = await cancel(orderId, { reason: 'Too late' });
    expect(answer.json()).toMatchObject({ outcome: 'fulfilled', order: { paymentState: 'paid' } });
    expect(answer.json().message).toMatch(/paid order \d+ meanwhile: it was fulfilled/);
    const items = await db().selectFrom('orderItem').select('state').where('orderId', '=', orderId).execute();
    expect(items.map((item) => item.state)).toEqual(['issued']);
  });

  it('cancels a paid order by refunding it whole', async () => {
    const { orderId, items } = await paidOrder(2);
    const answer = await cancel(orderId, { reason: 'The customer asked' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'refunded',
      order: { paymentState: 'paid', refundedAmount: 242 },
      refund: { amount: 242, state: 'succeeded', reason: 'The customer asked' },
    });
    for (const item of items) expect((await scan(item.ticketSecret)).json().result).toBe('voided');
  });

  it('lists a payment that came after its order timed out “to refund”, and refunds it in one call', async () => {
    const { orderId, paymentId, statusToken } = await placeOrder(1);
    await unpaidOrderTimeouts.run(server().context, new Date(Date.now() + 31 * 60_000), () => undefined);
    expect(await getOrder(orderId)).toMatchObject({
      paymentState: 'timeout',
      latePaymentAt: null,
      toRefund: false,
    });
    // what a real gateway could still report after the checkout closed the payment
    (await bank().payment(paymentId)).state = 'paid';
    const paymentResult = () =>
      server().call(undefined, {
        method: 'POST',
        url: `${PUBLIC}/eshop/${shop.eshopId}/order/${orderId}/paymentResult?token=${statusToken}`,
      });
    expectError(await paymentResult(), 409, /cannot move from timeout to paid/);
    const late = await getOrder(orderId);
    expect(late).toMatchObject({ paymentState: 'timeout', toRefund: true });
    expect(late.latePaymentAt).not.toBeNull();
    expectError(await paymentResult(), 409);
    expect((await getOrder(orderId)).latePaymentAt).toBe(late.latePaymentAt);

    const toRefund = async () => {
      const where = encodeURIComponent(JSON.stringify({ toRefund: true }));
      const list = await server().call(admin, { method: 'GET', url: `${T}/order?where=${where}&limit=100` });
      expect(list.statusCode).toBe(200);
      return list.json().data.map((order: { id: string }) => order.id);
    };
    expect(await toRefund()).toContain(orderId);

    const answer = await refund(orderId, { reason: 'Paid after the order timed out' });
    expect(answer.statusCode).toBe(201);
    const refunded = answer.json();
    // no ticket was issued and no invoice: nothing voided, no credit note
    expect(refunded).toMatchObject({ amount: 121, itemIds: [], state: 'succeeded', creditNoteNumber: null });
    expect(await getOrder(orderId)).toMatchObject({
      paymentState: 'timeout',
      refundedAmount: 121,
      toRefund: false,
    });
    expect(await toRefund()).not.toContain(orderId);
    expectError(
      await server().call(admin, { method: 'GET', url: `${T}/refund/${refunded.id}/creditNote` }),
      409,
      /late payment, which had no invoice/,
    );
    await server().jobsIdle();
    const [mail] = checkoutPartsOf(server().context)!.sentMail.filter(
      (sent) => sent.refundId === refunded.id,
    );
    expect(readEml(mail.receipt.file!).text).toContain('Your payment arrived after the order had timed out');
  });

  describe('credit notes', () => {
    beforeAll(async () => {
      // a VAT payer's credit notes break their VAT down
      await db()
        .updateTable('eshop')
        .set({ seller: JSON.stringify(PAYER) })
        .where('id', '=', shop.eshopId)
        .execute();
    });
    afterAll(async () => {
      await db().updateTable('eshop').set({ seller: '{}' }).where('id', '=', shop.eshopId).execute();
    });

    const creditNoteText = async (refundId: string) => {
      const pdf = await server().call(admin, { method: 'GET', url: `${T}/refund/${refundId}/creditNote` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      return pdfLines(pdf.rawPayload).join('\n');
    };

    it('prints the refunded items negative, referencing the invoice, with the VAT per rate', async () => {
      const { orderId, items } = await paidOrder(2);
      const { orderNumber } = await getOrder(orderId);
      const refunded = (await refund(orderId, { reason: 'Rain', itemIds: [items[1].id] })).json();
      const text = await creditNoteText(refunded.id);
      const number = refunded.creditNoteNumber as string;
      for (const line of [
        `Credit note – tax document No. ${number}`,
        'Zoologická zahrada hl. m. Prahy buyer@example.com',
        'VAT ID: CZ00064459',
        `Credit note number: ${number}`,
        `Corrected invoice: ${orderNumber}`,
        'Reason for the correction: Rain',
        `Adult 1 -CZK 100.00 21% -CZK 21.00 -CZK 121.00`,
        `No. ${items[1].itemNumber}`,
        '21% -CZK 100.00 -CZK 21.00 -CZK 121.00',
        'Total refunded: -CZK 121.00',
      ])
        expect(text.split('\n')).toContain(line);
      // the item kept is not on it
      expect(text).not.toContain(items[0].itemNumber as string);
      // each credit note takes the next number of the e-shop's series
      const next = (await refund(orderId, { reason: 'More rain', itemIds: [items[0].id] })).json();
      expect(Number(next.creditNoteNumber.slice(-6))).toBe(Number(number.slice(-6)) + 1);
    });

    it('splits an amount over the VAT rates, in the order’s language', async () => {
      const { orderId } = await paidOrder(1, shop.product, 'cs');
      const refunded = (await refund(orderId, { reason: 'Sleva', amount: 60.5 })).json();
      const text = await creditNoteText(refunded.id);
      expect(text).toContain(`Opravný daňový doklad č. ${refunded.creditNoteNumber}`);
      expect(text).toMatch(/^Vrácení části ceny 1 [-−]50,00 Kč 21 % [-−]10,50 Kč [-−]60,50 Kč$/m);
      expect(text).toMatch(/^Celkem vráceno: [-−]60,50 Kč$/m);
    });

    it('e-mails the customer the refund with its credit note, by a signed link too', async () => {
      const { orderId } = await paidOrder(1);
      const refunded = (await refund(orderId, { reason: 'The show was moved' })).json();
      await server().jobsIdle();
      const sent = checkoutPartsOf(server().context)!.sentMail.filter(
        (mail) => mail.refundId === refunded.id,
      );
      expect(sent).toHaveLength(1);
      const { subject, text } = readEml(sent[0].receipt.file!);
      expect(subject).toMatch(/Zoo: refund of order \d+$/);
      expect(text).toMatch(/We have refunded CZK\s121\.00 of your order \d+\./);
      expect(text).toContain('Reason: The show was moved');
      expect(text).toMatch(/These tickets are no longer valid:\nAdult, ticket no\. \d+/);
      const eml = fs.readFileSync(sent[0].receipt.file!, 'utf8');
      expect(eml).toMatch(new RegExp(`name=(3D)?"?credit-note-${refunded.creditNoteNumber}\\.pdf`));
      expect((await getRefund(refunded.id)).emailSentAt).not.toBeNull();

      const link = new URL(/Credit note D\d+: (\S+)/.exec(text)![1]);
      const opened = await server().call(undefined, { method: 'GET', url: `${link.pathname}${link.search}` });
      expect(opened.statusCode).toBe(200);
      expect(pdfLines(opened.rawPayload)).toContain(`Credit note number: ${refunded.creditNoteNumber}`);
      const changed = link.search.replace('signature=', 'signature=x');
      expectError(await server().call(undefined, { method: 'GET', url: `${link.pathname}${changed}` }), 403);
    });
  });

  it('shows the refunds in accounting: a refunds tab by refund time, and sales net of refunds', async () => {
    const hour = 60 * 60_000;
    const period = {
      eshopId: shop.eshopId,
      from: new Date(Date.now() - hour),
      to: new Date(Date.now() + hour),
    };
    const where = encodeURIComponent(JSON.stringify(period));
    const { orderId } = await paidOrder(1);
    const refunded = (await refund(orderId, { reason: 'For the books', amount: 20 })).json();
    const listed = await server().call(admin, {
      method: 'GET',
      url: `${T}/refundTransaction?where=${where}`,
    });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as Array<{ amount: number; orderId: string; latePayment: boolean }>;
    expect(rows).toContainEqual({
      eshopId: shop.eshopId,
      eshopName: 'Zoo',
      timestamp: refunded.refundedAt,
      orderNumber: refunded.orderNumber,
      orderId,
      creditNoteNumber: refunded.creditNoteNumber,
      reason: 'For the books',
      amount: -20,
      latePayment: false,
    });
    // every succeeded refund of the e-shop is a row; the late payment's is marked, and is no sale's refund
    const succeeded = await db()
      .selectFrom('refund')
      .select(['amount', 'creditNoteNumber'])
      .where('eshopId', '=', shop.eshopId)
      .where('state', '=', 'succeeded')
      .execute();
    const cents = (amount: number) => Math.round(amount * 100);
    const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + cents(amount), 0);
    expect(listed.json().totalCount).toBe(succeeded.length);
    expect(sum(rows.map((row) => row.amount))).toBe(-sum(succeeded.map((row) => Number(row.amount))));
    expect(rows.filter((row) => row.latePayment)).toHaveLength(1);
    const sales = (await server().call(admin, { method: 'GET', url: `${T}/sale?where=${where}` })).json();
    expect(sales.refunds).toEqual([
      {
        eshopId: shop.eshopId,
        eshopName: 'Zoo',
        count: succeeded.length - 1,
        amount: -sum(succeeded.filter((row) => row.creditNoteNumber).map((row) => Number(row.amount))) / 100,
      },
    ]);
    const reader = await server().createUser();
    await server().setRights(shop.projectId, reader.id, Right.TICKET_ESHOP_READ);
    expectError(
      await server().call(reader.token, { method: 'GET', url: `${T}/refundTransaction?where=${where}` }),
      403,
    );
  });
});
