import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { checkoutPartsOf } from '../../server/features/ticket/checkout/routes';
import { unpaidOrderTimeouts } from '../../server/features/ticket/paymentTimeouts';
import { ticketServicesOf } from '../../server/features/ticket/ticketServices';
import { adultTicket, startGatewayTestServer, ticketTemplate, type Placed } from './gatewayFixtures';
import { answersEventually, databaseKinds, expectError, type TestServer } from './harness';
import { startGopayStandIn, type GopayStandIn } from './gopayStandIn';

const CHECKOUT = '/api/ticket/public/v1';
const GOID = '8123456789';
const CLIENT_ID = 'passbase-zoo-client';
const CLIENT_SECRET = 'gopay-secret-7f3c9a1e5b';
const WRONG_SECRET = 'gopay-wrong-secret-0d4e2a';
const MINUTE = 60_000;

describe.each(databaseKinds)('payments through GoPay (%s)', (kind) => {
  let logLines: string[] = [];
  const answers: string[] = [];
  let server: TestServer;
  let gopay: GopayStandIn;
  let projectId: string;
  let eshopId: string;
  let productId: string;
  let templateId: string;

  /** A call as a customer, GoPay or an administrator (`token`), its answer kept for the secrets check. */
  const call = async (options: InjectOptions, token?: string) => {
    const response = await server.call(token, options);
    answers.push(response.body);
    return response;
  };
  const admin = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    call({ method, url, payload }, await server.adminToken());

  const gopayShop = async (name: string, settings: Record<string, unknown> = {}) => {
    const created = await admin('POST', '/api/ticket/v1/eshop', {
      projectId,
      name,
      locales: ['cs', 'en'],
      paymentGateway: {
        kind: 'gopay',
        test: true,
        goid: GOID,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        apiBase: gopay.url,
        ...settings,
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  };

  const productOf = (shop: string) => adultTicket(server, shop, templateId);

  beforeAll(async () => {
    gopay = await startGopayStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      goid: GOID,
      // the app under test has no port: GoPay's notification reaches it through inject
      deliver: async (url) => {
        const { pathname, search } = new URL(url);
        return (await call({ method: 'GET', url: `${pathname}${search}` })).statusCode;
      },
    });
    ({ server, logLines } = await startGatewayTestServer(kind));
    projectId = await server.createProject('GoPay zoo');
    templateId = await ticketTemplate(server, projectId);
    eshopId = await gopayShop('GoPay zoo');
    productId = await productOf(eshopId);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await gopay?.close();
  }, 30_000);

  const buy = async (email = 'jana@example.com', shop = { eshopId, productId }) => {
    const created = await call({
      method: 'POST',
      url: `${CHECKOUT}/eshop/${shop.eshopId}/order`,
      payload: { email, locale: 'cs', items: [{ productId: shop.productId, count: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as Placed;
  };
  const paymentIdOf = (placed: Placed) => new URL(placed.paymentUrl).pathname.split('/').pop() as string;
  const statusPath = (placed: Placed) =>
    `${CHECKOUT}/eshop/${eshopId}/order/${placed.orderId}?token=${placed.statusToken}`;
  const paymentState = async (placed: Placed) =>
    (await call({ method: 'GET', url: statusPath(placed) })).json().paymentState as string;
  /** The customer's return from GoPay's page, as a browser opens it. */
  const returnTo = (url: string) =>
    call({
      method: 'GET',
      url: new URL(url).pathname + new URL(url).search,
      headers: { accept: 'text/html' },
    });
  /** A button of GoPay's page; answers GoPay's redirect back. */
  const pressOnPage = async (placed: Placed, action: 'pay' | 'cancel') => {
    const response = await fetch(`${gopay.origin}/gw/${paymentIdOf(placed)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location') ?? '' };
  };
  const notify = (id: string, shop = eshopId) =>
    call({ method: 'GET', url: `${CHECKOUT}/eshop/${shop}/gateway/gopay?id=${id}` });
  const mailsOf = async (orderId: string) => {
    await server.jobsIdle();
    return checkoutPartsOf(server.context)!.sentMail.filter((mail) => mail.orderId === orderId);
  };
  const passesOf = async (orderId: string) =>
    (
      await server.context.db
        .selectFrom('orderItem')
        .select('passId')
        .where('orderId', '=', orderId)
        .execute()
    ).map((item) => item.passId);
  const orderRow = (orderId: string) =>
    server.context.db.selectFrom('order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  it("answers the e-shop's GoPay settings without the secret", async () => {
    const shop = await admin('GET', `/api/ticket/v1/eshop/${eshopId}`);
    expect(shop.json().paymentGateway).toEqual({
      kind: 'gopay',
      test: true,
      apiBase: gopay.url,
      goid: GOID,
      clientId: CLIENT_ID,
      clientSecretSet: true,
    });
  });

  it("creates the payment with GoPay's token and sends the customer to GoPay's page", async () => {
    const placed = await buy();
    expect(placed.paymentUrl).toBe(`${gopay.origin}/gw/${paymentIdOf(placed)}`);
    const tokenCall = gopay.calls.find((one) => one.path === '/api/oauth2/token')!;
    expect(tokenCall.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(tokenCall.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(tokenCall.body).get('scope')).toBe('payment-all');
    expect(new URLSearchParams(tokenCall.body).get('grant_type')).toBe('client_credentials');

    const payment = gopay.payments.get(Number(paymentIdOf(placed)))!;
    expect(payment.created).toEqual({
      payer: { contact: { email: 'jana@example.com' } },
      target: { type: 'ACCOUNT', goid: Number(GOID) },
      amount: 12100,
      currency: 'CZK',
      order_number: placed.orderNumber,
      order_description: `Order ${placed.orderNumber}`,
      items: [{ type: 'ITEM', name: `Order ${placed.orderNumber}`, amount: 12100, count: 1 }],
      callback: {
        return_url: placed.statusUrl,
        notification_url: expect.stringMatching(new RegExp(`${CHECKOUT}/eshop/${eshopId}/gateway/gopay$`)),
      },
      lang: 'CS',
      additional_params: [{ name: 'orderId', value: placed.orderId }],
    });
    const page = await fetch(placed.paymentUrl);
    expect(await page.text()).toMatch(/>Pay<\/button>[\s\S]*>Cancel<\/button>/);
    expect(await paymentState(placed)).toBe('pending');
    // the order page offers GoPay's page while the payment waits
    expect((await returnTo(placed.statusUrl)).body).toContain(placed.paymentUrl);
  });

  it('asks for one token however many payments start together', async () => {
    const shop = await gopayShop('GoPay zoo, second till');
    const till = { eshopId: shop, productId: await productOf(shop) };
    const tokensBefore = gopay.tokensIssued.length;
    await Promise.all(Array.from({ length: 5 }, () => buy('crowd@example.com', till)));
    expect(gopay.tokensIssued.length - tokensBefore).toBe(1);
  });

  it("a payment notified before the customer's return, and again, is paid once: one set of passes, one email", async () => {
    const placed = await buy();
    const pressed = await pressOnPage(placed, 'pay');
    expect(pressed.status).toBe(303);
    expect(pressed.location).toBe(`${placed.statusUrl}&id=${paymentIdOf(placed)}`);
    expect(gopay.notifications.filter((sent) => sent.paymentId === Number(paymentIdOf(placed)))).toEqual([
      { paymentId: Number(paymentIdOf(placed)), status: 200 },
    ]);
    expect(await paymentState(placed)).toBe('paid');
    expect(await gopay.notify(paymentIdOf(placed))).toBe(200);
    const page = await returnTo(pressed.location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="panel ticket"');
    expect(await gopay.notify(paymentIdOf(placed))).toBe(200);
    expect(await mailsOf(placed.orderId)).toHaveLength(1);
    const passes = await passesOf(placed.orderId);
    expect(passes.every((passId) => typeof passId === 'string')).toBe(true);
  });

  it('the customer back before the notification: the order page asks GoPay, the late notification changes nothing', async () => {
    gopay.dropNotifications(true);
    try {
      const placed = await buy();
      const pressed = await pressOnPage(placed, 'pay');
      const page = await returnTo(pressed.location);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('class="panel ticket"');
      expect(await paymentState(placed)).toBe('paid');
      expect(await gopay.notify(paymentIdOf(placed))).toBe(200);
      expect(await mailsOf(placed.orderId)).toHaveLength(1);

      // the front's own return: POST …/paymentResult asks GoPay as well
      const other = await buy();
      await gopay.pay(paymentIdOf(other));
      const result = await call({
        method: 'POST',
        url: statusPath(other).replace('?', '/paymentResult?'),
      });
      expect(result.statusCode).toBe(200);
      expect(result.json().paymentState).toBe('paid');
      expect(await mailsOf(other.orderId)).toHaveLength(1);
    } finally {
      gopay.dropNotifications(false);
    }
  });

  it('a payment canceled on GoPay’s page cancels the order, and the page takes no payment after', async () => {
    const placed = await buy();
    const pressed = await pressOnPage(placed, 'cancel');
    expect(pressed.status).toBe(303);
    expect(await paymentState(placed)).toBe('canceled');
    expect((await returnTo(pressed.location)).statusCode).toBe(200);
    expect((await pressOnPage(placed, 'pay')).status).toBe(409);
    expect(await paymentState(placed)).toBe('canceled');
    expect(await passesOf(placed.orderId)).toEqual([null]);
  });

  it('a payment GoPay timed out times the order out', async () => {
    const placed = await buy();
    await gopay.timeOut(paymentIdOf(placed));
    expect(await paymentState(placed)).toBe('timeout');
  });

  it('answers 200 to a notification of a payment the e-shop does not hold, and logs it', async () => {
    const placed = await buy();
    const unknown = await notify('999999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true });
    expect(logLines.some((line) => line.includes('payment 999999999, which no order'))).toBe(true);
    // another e-shop's notification address does not reach this e-shop's order
    const other = await admin('POST', '/api/ticket/v1/eshop', { projectId, name: 'Simulated zoo' });
    gopay.dropNotifications(true);
    try {
      await gopay.pay(paymentIdOf(placed));
    } finally {
      gopay.dropNotifications(false);
    }
    const elsewhere = await notify(paymentIdOf(placed), other.json().id);
    expect(elsewhere.statusCode).toBe(200);
    expect(
      logLines.some((line) =>
        line.includes(`payment ${paymentIdOf(placed)}, which no order of e-shop ${other.json().id} holds`),
      ),
    ).toBe(true);
    expect((await notify(paymentIdOf(placed))).statusCode).toBe(200);
    expect(await paymentState(placed)).toBe('paid');
  });

  it('answers 400 to a notification without a payment id, or with one that is not GoPay’s, and changes nothing', async () => {
    const placed = await buy();
    for (const url of [
      `${CHECKOUT}/eshop/${eshopId}/gateway/gopay`,
      `${CHECKOUT}/eshop/${eshopId}/gateway/gopay?id=`,
      `${CHECKOUT}/eshop/${eshopId}/gateway/gopay?id=abc`,
      `${CHECKOUT}/eshop/${eshopId}/gateway/gopay?id=${paymentIdOf(placed)}%20or%201=1`,
      `${CHECKOUT}/eshop/not-an-eshop/gateway/gopay?id=${paymentIdOf(placed)}`,
    ])
      expectError(await call({ method: 'GET', url }), 400);
    expect(await paymentState(placed)).toBe('pending');
  });

  it('a token GoPay dropped early is replaced, and the call made again', async () => {
    const tokensBefore = gopay.tokensIssued.length;
    gopay.expireTokens();
    const placed = await buy();
    expect(gopay.tokensIssued.length).toBeGreaterThan(tokensBefore);
    expect(gopay.calls.some((one) => one.status === 401)).toBe(true);
    expect(gopay.payments.has(Number(paymentIdOf(placed)))).toBe(true);
  });

  it('GoPay failing to create the payment answers 502 and keeps the order', async () => {
    gopay.failNext(1, 'POST /api/payments/payment');
    const failed = await call({
      method: 'POST',
      url: `${CHECKOUT}/eshop/${eshopId}/order`,
      payload: { email: 'kept@example.com', locale: 'cs', items: [{ productId, count: 1 }] },
    });
    expectError(failed, 502, /did not answer; the order was kept/);
    const kept = await server.context.db
      .selectFrom('order')
      .select(['paymentState', 'paymentId'])
      .where('email', '=', 'kept@example.com')
      .execute();
    expect(kept).toEqual([{ paymentState: 'pending', paymentId: null }]);
    await buy(); // the next one goes through
  });

  it('GoPay failing to tell the state: the order waits, the notification answers 503, the job asks until paid', async () => {
    const placed = await buy();
    const id = paymentIdOf(placed);
    gopay.dropNotifications(true);
    gopay.failNext(Number.MAX_SAFE_INTEGER, `GET /api/payments/payment/${id}`);
    try {
      const returnUrl = await gopay.pay(id);
      const page = await returnTo(returnUrl);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(placed.paymentUrl);
      const down = expectError(await notify(id), 503, /notify again later/);
      expect(down.message).not.toContain(CLIENT_SECRET);
      expect(await paymentState(placed)).toBe('pending');
      // the paymentCheck job keeps asking while GoPay fails: two more failed calls than the page's and the notification's
      const failedCalls = () =>
        gopay.calls.filter((one) => one.path === `/api/payments/payment/${id}` && one.status === 500).length;
      await answersEventually(async () => failedCalls() >= 4, true);
      expect(await paymentState(placed)).toBe('pending');
    } finally {
      gopay.stopFailing();
      gopay.dropNotifications(false);
    }
    // nobody else asks: the job's next attempt finds the payment paid
    await answersEventually(() => paymentState(placed), 'paid');
    expect(await mailsOf(placed.orderId)).toHaveLength(1);
  });

  it("refunds in full and in part through GoPay, and a refund above what is left fails with GoPay's reason", async () => {
    const { refund } = ticketServicesOf(server.context).gateway;
    const paidOrder = async () => {
      const placed = await buy();
      await gopay.pay(paymentIdOf(placed));
      expect(await paymentState(placed)).toBe('paid');
      return { placed, row: await orderRow(placed.orderId), id: Number(paymentIdOf(placed)) };
    };
    const whole = await paidOrder();
    expect(await refund!(whole.row, { refundId: crypto.randomUUID(), amount: 121 })).toEqual({
      state: 'succeeded',
      gatewayRefundId: String(whole.id),
    });
    expect(gopay.payments.get(whole.id)?.state).toBe('REFUNDED');
    const refundCall = gopay.calls.find((one) => one.path === `/api/payments/payment/${whole.id}/refund`)!;
    expect(refundCall.contentType).toBe('application/x-www-form-urlencoded');
    expect(refundCall.body).toBe('amount=12100');

    const part = await paidOrder();
    expect((await refund!(part.row, { refundId: crypto.randomUUID(), amount: 50.5 })).state).toBe(
      'succeeded',
    );
    expect(gopay.payments.get(part.id)).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 5050 });
    const above = await refund!(part.row, { refundId: crypto.randomUUID(), amount: 71 });
    expect(above).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/exceeds the amount paid/),
    });
    expect(gopay.payments.get(part.id)?.refunded).toBe(5050);
    // a refunded payment was paid: the order stays paid
    const refreshed = await admin('POST', `/api/ticket/v1/order/${part.placed.orderId}/updatePaymentState`);
    expect(refreshed.json()).toMatchObject({ paymentState: 'paid', changed: false });

    const unpaid = await buy();
    const refused = await refund!(await orderRow(unpaid.orderId), {
      refundId: crypto.randomUUID(),
      amount: 1,
    });
    expect(refused).toMatchObject({ state: 'failed', reason: expect.stringMatching(/cannot be refunded/) });
  });

  it('tests the connection: GoPay accepts the client, and refuses a wrong secret without telling it', async () => {
    const tested = await admin('POST', `/api/ticket/v1/eshop/${eshopId}/testPaymentGateway`);
    expect(tested.json()).toEqual({
      kind: 'gopay',
      ok: true,
      message: `GoPay accepted the client (GoID ${GOID}, sandbox).`,
    });
    const wrong = await gopayShop('GoPay zoo, wrong secret', { clientSecret: WRONG_SECRET });
    const refused = await admin('POST', `/api/ticket/v1/eshop/${wrong}/testPaymentGateway`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      kind: 'gopay',
      ok: false,
      message: expect.stringMatching(/^GoPay refused the client id or secret/),
    });
  });

  it('our payment timeout closes the order; a payment made at GoPay after it is logged to refund', async () => {
    const placed = await buy();
    const logged: string[] = [];
    await unpaidOrderTimeouts.run(
      server.context,
      new Date(Date.now() + 31 * MINUTE),
      (_error, message) => void logged.push(message),
    );
    expect(await paymentState(placed)).toBe('timeout');
    expect(gopay.payments.get(Number(paymentIdOf(placed)))?.state).toBe('CREATED');
    await gopay.pay(paymentIdOf(placed));
    expect(gopay.notifications.at(-1)).toEqual({ paymentId: Number(paymentIdOf(placed)), status: 200 });
    expect(await paymentState(placed)).toBe('timeout');
    expect(
      logLines.some((line) =>
        line.includes(
          `order ${placed.orderNumber} was paid at the gateway after it timed out: refund the payment`,
        ),
      ),
    ).toBe(true);
    expect(await mailsOf(placed.orderId)).toHaveLength(0);
  });

  it('never puts the client secret, its Basic credentials or a token in an answer or a log line', async () => {
    const secrets = [
      CLIENT_SECRET,
      WRONG_SECRET,
      Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
      ...gopay.tokensIssued,
    ];
    const forms = secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]);
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of [...answers, ...logLines])
      for (const form of forms) expect(text.includes(form) ? text : '').toBe('');
  });
});
