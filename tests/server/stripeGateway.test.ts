import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { GatewayError } from '../../server/features/ticket/gateways/checkoutGateway';
import { createStripeGateway } from '../../server/features/ticket/gateways/stripe/stripeGateway';
import { unpaidOrderTimeouts } from '../../server/features/ticket/paymentTimeouts';
import { ticketServicesOf } from '../../server/features/ticket/ticketServices';
import { adultTicket, startGatewayTestServer, ticketTemplate, type Placed } from './gatewayFixtures';
import { databaseKinds, expectError, type TestServer } from './harness';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from './stripeStandIn';

// orders paid over real HTTP round trips and the job queue's retries: a busy two-core machine needs time
jest.setTimeout(60_000);

const CHECKOUT = '/api/ticket/public/v1';
const SECRET_KEY = 'sk_test_51StandInSecretKey4b1f9e7d2c';
const WEBHOOK_SECRET = 'whsec_StandInSigningSecret93e1c7a5';
const WRONG_KEY = 'sk_test_51WrongKeyNobodyGave0a8d6f';
const MINUTE = 60_000;

describe.each(databaseKinds)('payments through Stripe (%s)', (kind) => {
  let logLines: string[] = [];
  const answers: string[] = [];
  let server: TestServer;
  let stripe: StripeStandIn;
  let projectId: string;
  let eshopId: string;
  let productId: string;
  let templateId: string;

  /** Calls the server as `call` does, keeping every answer to look for secrets in. */
  const call = async (token: string | undefined, options: InjectOptions) => {
    const response = await server.call(token, options);
    answers.push(response.body);
    return response;
  };
  const admin = async (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    call(await server.adminToken(), { method, url, payload });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const response = await admin('POST', `/api/ticket/v1/${url}`, payload);
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const stripeShop = (name: string, secretKey: string, extra: Record<string, unknown> = {}) =>
    created('eshop', {
      projectId,
      name,
      locales: ['en'],
      paymentGateway: {
        kind: 'stripe',
        test: true,
        secretKey,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: stripe.url,
      },
      ...extra,
    });

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    ({ server, logLines } = await startGatewayTestServer(kind));
    // Stripe's webhooks come over HTTP
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    projectId = await server.createProject('Stripe zoo');
    templateId = await ticketTemplate(server, projectId);
    eshopId = await stripeShop('Stripe zoo', SECRET_KEY);
    productId = await adultTicket(server, eshopId, templateId);
    stripe.setWebhookUrl(`${address}${CHECKOUT}/eshop/${eshopId}/gateway/stripe`);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  }, 30_000);

  beforeEach(() => {
    stripe.setWebhookMode('send');
    stripe.sendWebhooksTwice(false);
  });

  const buy = async (count = 1): Promise<Placed> => {
    const response = await call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'jana@example.com', locale: 'en', items: [{ productId, count }] },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const sessionIdOf = (placed: Placed) => new URL(placed.paymentUrl).pathname.split('/').pop() as string;
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  /** The customer back on the order's page (a browser), which asks Stripe at once. */
  const comeBack = async (url: string) => {
    const page = await call(undefined, { method: 'GET', url: pathOf(url), headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    return page;
  };
  const orderRow = (orderId: string) =>
    server.context.db.selectFrom('order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const paymentStateOf = async (orderId: string) => (await orderRow(orderId)).paymentState;
  const passIdsOf = async (orderId: string) =>
    (
      await server.context.db
        .selectFrom('orderItem')
        .select('passId')
        .where('orderId', '=', orderId)
        .execute()
    ).map((item) => item.passId);
  const passCount = async () =>
    Number(
      (
        await server.context.db
          .selectFrom('pass')
          .select(server.context.db.fn.countAll().as('n'))
          .where('templateId', '=', templateId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mailsOf = async (orderId: string) => {
    await server.jobsIdle();
    return checkoutPartsOf(server.context)!.sentMail.filter((mail) => mail.orderId === orderId);
  };
  /** Waits for a condition the server reaches on its own (the job queue's retries, a webhook sent after an answer). */
  const until = async <T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await server.jobsIdle();
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** Posts a body to the e-shop's webhook as Stripe would, with a signature header of the test's making. */
  const postWebhook = (body: string, signature?: string, shop = eshopId) =>
    call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${shop}/gateway/stripe`,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });
  const now = () => Math.floor(Date.now() / 1000);
  const eventAbout = (placed: Placed, type: string): StandInEvent => ({
    id: `evt_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: now(),
    livemode: false,
    data: { object: { ...stripe.sessions.get(sessionIdOf(placed))! } },
  });
  /** Asserts the order paid once: a pass per item, made once, and one email. */
  const expectPaidOnce = async (orderId: string, passesBefore: number, items = 1) => {
    expect(await paymentStateOf(orderId)).toBe('paid');
    const passIds = await passIdsOf(orderId);
    expect(passIds.every(Boolean)).toBe(true);
    expect(new Set(passIds).size).toBe(items);
    expect(await passCount()).toBe(passesBefore + items);
    expect(await mailsOf(orderId)).toHaveLength(1);
  };

  it('asks Stripe for a Checkout Session of the order and sends the customer to its page', async () => {
    const placed = await buy(2);
    expect(placed.paymentUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const session = stripe.sessions.get(sessionIdOf(placed))!;
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 24200,
      currency: 'czk',
      client_reference_id: placed.orderId,
      metadata: { orderId: placed.orderId, eshopId, orderNumber: placed.orderNumber },
      customer_email: 'jana@example.com',
      success_url: placed.statusUrl,
      cancel_url: placed.statusUrl,
    });
    expect(session.expires_at).toBeGreaterThanOrEqual(now() + 30 * 60);
    expect(
      stripe.requests.find(
        (request) => request.path === '/v1/checkout/sessions' && request.idempotencyKey === placed.orderId,
      ),
    ).toBeDefined();
    expect(await orderRow(placed.orderId)).toMatchObject({
      paymentGateway: 'stripe',
      paymentId: session.id,
      paymentUrl: placed.paymentUrl,
      paymentServiceBaseUrl: stripe.url,
      paymentState: 'pending',
    });
    const page = await fetch(placed.paymentUrl);
    expect(await page.text()).toMatch(/<button>Pay<\/button>[\s\S]*<button>Cancel<\/button>/);
  });

  it("counts a zero-decimal currency's amount in whole units", async () => {
    const yenShop = await stripeShop('Yen zoo', SECRET_KEY, {
      currency: 'JPY',
      currencyCode: 392,
      maxPriceWithVat: 100_000,
    });
    const yenProduct = await created('product', {
      eshopId: yenShop,
      name: 'Adult',
      active: true,
      priceWithoutVat: 1500,
      vat: 0,
      templateIds: [templateId],
      title: { en: 'Adult' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
    const response = await call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${yenShop}/order`,
      payload: { email: 'jana@example.com', locale: 'en', items: [{ productId: yenProduct, count: 1 }] },
    });
    expect(response.statusCode).toBe(201);
    const session = stripe.sessions.get(sessionIdOf(response.json()))!;
    expect(session).toMatchObject({ amount_total: 1500, currency: 'jpy' });
  });

  it('pays by the webhook before the customer is back: one paid order, its passes and one email', async () => {
    const passesBefore = await passCount();
    const placed = await buy();
    // the customer presses Pay on Stripe's page; Stripe tells the webhook before it redirects
    const paid = await fetch(`${placed.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(placed.statusUrl);
    const delivery = stripe.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(JSON.parse(delivery.body)).toEqual({ received: true, result: 'applied', paymentState: 'paid' });
    expect(await paymentStateOf(placed.orderId)).toBe('paid');
    await comeBack(placed.statusUrl);
    await expectPaidOnce(placed.orderId, passesBefore);
  });

  it('pays on the return before the webhook, and the late webhook changes nothing', async () => {
    const passesBefore = await passCount();
    stripe.setWebhookMode('hold');
    const placed = await buy();
    const backTo = await stripe.pay(sessionIdOf(placed));
    expect(await paymentStateOf(placed.orderId)).toBe('pending');
    await comeBack(backTo);
    expect(await paymentStateOf(placed.orderId)).toBe('paid');
    const [late] = await stripe.release();
    expect(late.status).toBe(200);
    expect(JSON.parse(late.body)).toMatchObject({ result: 'applied', paymentState: 'paid' });
    await expectPaidOnce(placed.orderId, passesBefore);
  });

  it('ends in one paid order when events come twice, out of order and beside the return', async () => {
    const passesBefore = await passCount();
    stripe.setWebhookMode('hold');
    const placed = await buy();
    const backTo = await stripe.pay(sessionIdOf(placed));
    const [completed] = stripe.held.splice(0);
    // an event that says the payment failed: the state is read back from Stripe, which says paid
    const failed = eventAbout(placed, 'checkout.session.async_payment_failed');
    const [first, second, third] = await Promise.all([
      stripe.deliver(failed),
      stripe.deliver(completed),
      stripe.deliver(completed),
      call(undefined, { method: 'POST', url: pathOf(backTo).replace('?', '/paymentResult?') }),
      comeBack(backTo),
    ]);
    expect([first, second, third].map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(JSON.parse(first.body).result).toBe('applied');
    expect([second, third].map((delivery) => JSON.parse(delivery.body).result).sort()).toEqual([
      'applied',
      'replayed',
    ]);
    await expectPaidOnce(placed.orderId, passesBefore);

    // Stripe sending each event twice at the same moment
    stripe.setWebhookMode('send');
    stripe.sendWebhooksTwice(true);
    const again = await buy();
    await stripe.pay(sessionIdOf(again));
    const results = stripe.deliveries.slice(-2).map((delivery) => JSON.parse(delivery.body).result);
    expect(results.sort()).toEqual(['applied', 'replayed']);
    await expectPaidOnce(again.orderId, passesBefore + 1);
  });

  it("cancels the order when the customer cancels on Stripe's page: no passes, no email", async () => {
    const passesBefore = await passCount();
    const placed = await buy();
    const canceled = await fetch(`${placed.paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(placed.statusUrl);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    await comeBack(placed.statusUrl);
    expect(await paymentStateOf(placed.orderId)).toBe('canceled');
    expect(await passIdsOf(placed.orderId)).toEqual([null]);
    expect(await passCount()).toBe(passesBefore);
    expect(await mailsOf(placed.orderId)).toHaveLength(0);
    expect((await fetch(`${placed.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(
      409,
    );
  });

  it("times the order out when Stripe's own clock closes the session", async () => {
    const placed = await buy();
    await stripe.expire(sessionIdOf(placed));
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect(await paymentStateOf(placed.orderId)).toBe('timeout');
  });

  it('refuses forged, unsigned and stale webhooks with 400, changing nothing; a replay answers 200 and does nothing', async () => {
    stripe.setWebhookMode('hold');
    const placed = await buy();
    // an event saying the order was paid, while the customer has not paid at Stripe
    const forged = JSON.stringify(eventAbout(placed, 'checkout.session.completed'));
    expectError(await postWebhook(forged), 400, /no Stripe-Signature header/);
    expectError(
      await postWebhook(forged, stripe.signature(forged, now(), 'whsec_forged')),
      400,
      /does not match/,
    );
    expect(await paymentStateOf(placed.orderId)).toBe('pending');

    await stripe.pay(sessionIdOf(placed));
    const [event] = stripe.held.splice(0);
    const body = JSON.stringify(event);
    expectError(await postWebhook(body), 400, /no Stripe-Signature header/);
    expectError(
      await postWebhook(body, stripe.signature(body, now(), 'whsec_forged')),
      400,
      /does not match/,
    );
    const tampered = body.replace('"checkout.session.completed"', '"checkout.session.expired"');
    expectError(await postWebhook(tampered, stripe.signature(body, now())), 400, /does not match/);
    expectError(
      await postWebhook(body, stripe.signature(body, now() - 301)),
      400,
      /made 30\d s away .*at most 300 s/,
    );
    expectError(await postWebhook(body, `t=${now()}`), 400, /not Stripe's/);
    expectError(await postWebhook('not json', stripe.signature('not json', now())), 400, /not JSON/);
    const huge = JSON.stringify({ ...event, padding: 'x'.repeat(1024 * 1024) });
    expectError(await postWebhook(huge, stripe.signature(huge, now())), 413);
    const heard = await server.context.db
      .selectFrom('gatewayEvent')
      .selectAll()
      .where('eventId', '=', event.id)
      .execute();
    expect(heard).toEqual([]);

    // several v1 signatures (a secret being rolled): one matching is enough
    const t = now();
    const rolled = `${stripe.signature(body, t, 'whsec_old')},${stripe.signature(body, t).split(',')[1]}`;
    const applied = await postWebhook(body, rolled);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ received: true, result: 'applied', paymentState: 'paid' });
    // Stripe's retry (signed anew) and the very same request again
    expect((await postWebhook(body, stripe.signature(body, now()))).json().result).toBe('replayed');
    expect((await postWebhook(body, rolled)).json().result).toBe('replayed');

    const other = JSON.stringify({ ...event, id: 'evt_other', type: 'payment_intent.created' });
    expect((await postWebhook(other, stripe.signature(other, now()))).json().result).toBe('ignored');
    // an e-shop not on Stripe, or none
    const simulated = await created('eshop', { projectId, name: 'Simulated zoo' });
    expectError(
      await postWebhook(body, stripe.signature(body, now()), simulated),
      404,
      /does not take payments through Stripe/,
    );
    expectError(await postWebhook(body, stripe.signature(body, now()), crypto.randomUUID()), 404);
    expectError(await postWebhook(body, stripe.signature(body, now()), 'not-an-id'), 400);
  });

  it('answers 200 to an event about a session no order of the e-shop holds, and logs it', async () => {
    const placed = await buy();
    const event = eventAbout(placed, 'checkout.session.completed');
    const strangers = [
      { ...event.data.object, id: 'cs_test_unknown' },
      { ...event.data.object, metadata: { orderId: crypto.randomUUID() }, client_reference_id: null },
      { ...event.data.object, metadata: { orderId: 'not-an-id' } },
    ];
    for (const session of strangers) {
      const eventId = `evt_${crypto.randomBytes(8).toString('hex')}`;
      const body = JSON.stringify({ ...event, id: eventId, data: { object: session } });
      const answer = await postWebhook(body, stripe.signature(body, now()));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().result).toBe('unknownPayment');
      const logged = logLines.filter((line) => line.includes(eventId));
      expect(logged).toEqual([expect.stringContaining('holds this Checkout Session')]);
    }
    expect(await paymentStateOf(placed.orderId)).toBe('pending');
    // a session Stripe no longer knows (404): the order keeps its state
    stripe.sessions.delete(sessionIdOf(placed));
    const asked = await call(undefined, {
      method: 'POST',
      url: pathOf(placed.statusUrl).replace('?', '/paymentResult?'),
    });
    expect(asked.json()).toMatchObject({ paymentState: 'pending', changed: false });
  });

  it('keeps the order when Stripe fails to make the payment: 502', async () => {
    const before = await server.context.db
      .selectFrom('order')
      .select('id')
      .where('eshopId', '=', eshopId)
      .execute();
    stripe.failNext(1, 'POST /v1/checkout/sessions');
    const response = await call(undefined, {
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'jana@example.com', locale: 'en', items: [{ productId, count: 1 }] },
    });
    expectError(response, 502, /did not answer; the order was kept/);
    const after = await server.context.db
      .selectFrom('order')
      .selectAll()
      .where('eshopId', '=', eshopId)
      .execute();
    const kept = after.filter((order) => !before.some((earlier) => earlier.id === order.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ paymentState: 'pending', paymentId: null });
  });

  it('keeps the order pending while Stripe fails, and the paymentCheck job retries until it is paid', async () => {
    const passesBefore = await passCount();
    stripe.setWebhookMode('drop');
    const placed = await buy();
    const sessionId = sessionIdOf(placed);
    stripe.failNext(3, `GET /v1/checkout/sessions/${sessionId}`);
    const backTo = await stripe.pay(sessionId);
    // back on the order's page while Stripe fails: the order waits
    await comeBack(backTo);
    const status = await call(undefined, { method: 'GET', url: pathOf(placed.statusUrl) });
    expect(status.json().paymentState).toBe('pending');
    await until(
      async () => (await paymentStateOf(placed.orderId)) === 'paid',
      'the paymentCheck job to pay the order',
    );
    const jobs = await server.context.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', 'paymentCheck')
      .execute();
    const job = jobs.find((one) => (one.payload as { orderId: string }).orderId === placed.orderId)!;
    expect(job.attempts).toBeGreaterThan(1);
    await expectPaidOnce(placed.orderId, passesBefore);
  });

  it('answers 503 to a webhook while Stripe cannot be asked back, and acts on the next delivery', async () => {
    stripe.setWebhookMode('hold');
    const placed = await buy();
    const sessionId = sessionIdOf(placed);
    await stripe.pay(sessionId);
    const [event] = stripe.held.splice(0);
    // the paymentCheck job asks too: Stripe fails every call about the session until told otherwise
    stripe.failNext(1000, `GET /v1/checkout/sessions/${sessionId}`);
    const failed = await stripe.deliver(event);
    expect(failed.status).toBe(503);
    expect(JSON.parse(failed.body).message).toMatch(/Stripe could not be asked about the payment now/);
    stripe.failNext(0, `GET /v1/checkout/sessions/${sessionId}`);
    const retried = await stripe.deliver(event);
    expect(JSON.parse(retried.body)).toMatchObject({ result: 'applied', paymentState: 'paid' });
  });

  describe('the order timeout', () => {
    const timeOut = () =>
      unpaidOrderTimeouts.run(server.context, new Date(Date.now() + 31 * MINUTE), (error, message) => {
        throw new Error(`${message}: ${String(error)}`);
      });

    it("closes the session at Stripe and times the order out; Stripe's expired event changes nothing", async () => {
      const placed = await buy();
      await timeOut();
      expect(await paymentStateOf(placed.orderId)).toBe('timeout');
      const session = stripe.sessions.get(sessionIdOf(placed))!;
      expect(session.status).toBe('expired');
      const expired = stripe.events.find(
        (event) => event.type === 'checkout.session.expired' && event.data.object.id === session.id,
      )!;
      const told = await until(
        async () => stripe.deliveries.find((delivery) => delivery.eventId === expired.id),
        "Stripe's expired event",
      );
      expect(told.status).toBe(200);
      expect(await paymentStateOf(placed.orderId)).toBe('timeout');
    });

    it('fulfils an order paid at Stripe whose return and webhook never came, instead of timing it out', async () => {
      const passesBefore = await passCount();
      stripe.setWebhookMode('drop');
      const placed = await buy();
      await stripe.pay(sessionIdOf(placed));
      await timeOut();
      await expectPaidOnce(placed.orderId, passesBefore);
    });

    it('answers 200 to a payment after the timeout, logging the order to refund', async () => {
      stripe.setWebhookMode('hold');
      const placed = await buy();
      await timeOut();
      expect(await paymentStateOf(placed.orderId)).toBe('timeout');
      // a Stripe that let the customer pay all the same
      const session = stripe.sessions.get(sessionIdOf(placed))!;
      Object.assign(session, { status: 'open' });
      await stripe.pay(session.id);
      const [paid] = await stripe
        .release()
        .then((deliveries) => deliveries.filter((one) => one.type === 'checkout.session.completed'));
      expect(paid.status).toBe(200);
      expect(JSON.parse(paid.body).result).toBe('refusedMove');
      expect(await paymentStateOf(placed.orderId)).toBe('timeout');
      expect(
        logLines.some((line) =>
          line.includes(`order ${placed.orderNumber} was paid at the gateway after it timed out`),
        ),
      ).toBe(true);
    });
  });

  describe('refunds', () => {
    const refund = async (orderId: string, amount: number, refundId: string = crypto.randomUUID()) =>
      ticketServicesOf(server.context).gateway.refund!(await orderRow(orderId), { refundId, amount });
    const paidOrder = async (count: number) => {
      const placed = await buy(count);
      await stripe.pay(sessionIdOf(placed));
      expect(await paymentStateOf(placed.orderId)).toBe('paid');
      return placed;
    };

    it('refunds part, then the rest; a refund beyond what is left fails with Stripe’s reason', async () => {
      const placed = await paidOrder(2);
      const refundId = crypto.randomUUID();
      const part = await refund(placed.orderId, 100, refundId);
      expect(part).toEqual({ state: 'succeeded', gatewayRefundId: expect.stringMatching(/^re_/) });
      const stored = stripe.refunds.get(part.gatewayRefundId!)!;
      expect(stored).toMatchObject({ amount: 10000, metadata: { refundId, orderId: placed.orderId } });
      // asked again with the same refund: Stripe answers the same refund (Idempotency-Key)
      expect(await refund(placed.orderId, 100, refundId)).toEqual(part);
      expect(await refund(placed.orderId, 142.01)).toEqual({
        state: 'failed',
        reason: expect.stringMatching(/greater than unrefunded amount/),
      });
      expect(await refund(placed.orderId, 142)).toMatchObject({ state: 'succeeded' });
      expect(await refund(placed.orderId, 1)).toEqual({
        state: 'failed',
        reason: expect.stringMatching(/has already been refunded/),
      });
    });

    it('refunds a whole order, and refuses one above its payment or of an unpaid order', async () => {
      const placed = await paidOrder(1);
      expect(await refund(placed.orderId, 300)).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/greater than unrefunded amount on charge \(12100\)/),
      });
      expect(await refund(placed.orderId, 121)).toMatchObject({ state: 'succeeded' });
      const unpaid = await buy();
      expect(await refund(unpaid.orderId, 121)).toEqual({
        state: 'failed',
        reason: `Stripe holds no payment of order ${unpaid.orderNumber}.`,
      });
    });
  });

  describe('Test connection', () => {
    const test = async (shop: string) => {
      const answer = await admin('POST', `/api/ticket/v1/eshop/${shop}/testPaymentGateway`);
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };

    it("says Stripe accepted the e-shop's key, in test mode", async () => {
      expect(await test(eshopId)).toEqual({
        kind: 'stripe',
        ok: true,
        message: 'Stripe accepted the key (test mode).',
      });
    });

    it('says Stripe refused a wrong key, without repeating any of it', async () => {
      const wrong = await stripeShop('Wrong key zoo', WRONG_KEY);
      const answer = await test(wrong);
      expect(answer).toMatchObject({
        kind: 'stripe',
        ok: false,
        message: expect.stringContaining('Stripe refused the secret key'),
      });
      expect(JSON.stringify(answer)).not.toMatch(/sk_test|0a8d6f/);
    });
  });

  // last: every call above has answered and logged
  describe('after every call above', () => {
    it('leaves no secret in any answer or log line', async () => {
      const shop = await admin('PATCH', `/api/ticket/v1/eshop/${eshopId}`, { name: 'Stripe zoo' });
      expect(shop.json().paymentGateway).toMatchObject({
        kind: 'stripe',
        secretKeySet: true,
        webhookSecretSet: true,
      });
      expect(logLines.length).toBeGreaterThan(0);
      const webhookAnswers = stripe.deliveries.map((delivery) => delivery.body);
      for (const secret of [SECRET_KEY, WEBHOOK_SECRET, WRONG_KEY]) {
        expect([...answers, ...webhookAnswers].filter((body) => body.includes(secret))).toEqual([]);
        expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
      }
    });
  });
});

describe('the Stripe adapter when Stripe is slow or away', () => {
  const adapter = (apiBase: string) =>
    createStripeGateway(
      { kind: 'stripe', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase },
      { fetch: (input, init) => fetch(input, init), timeoutMs: 100 },
    );
  const failureOf = (attempt: Promise<unknown>) =>
    attempt.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('counts a call unanswered within its time, or Stripe unreachable, as a failure to retry', async () => {
    const slow = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    try {
      slow.delayAnswers(1_000);
      const late = await failureOf(adapter(slow.url).testConnection());
      expect(late).toBeInstanceOf(GatewayError);
      expect(late).toMatchObject({ retry: true });
      expect(String(late)).toBe('GatewayError: Stripe did not answer within 0.1 s.');
    } finally {
      await slow.close();
    }
    const away = await failureOf(adapter('http://127.0.0.1:9').testConnection());
    expect(away).toMatchObject({ retry: true });
    expect(String(away)).toBe(`GatewayError: ${'Stripe could not be reached at http://127.0.0.1:9.'}`);
  });
});
