import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** GoPay's payment states. */
export type GopayState =
  | 'CREATED'
  | 'PAYMENT_METHOD_CHOSEN'
  | 'PAID'
  | 'AUTHORIZED'
  | 'CANCELED'
  | 'TIMEOUTED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

/** The body of `POST /payments/payment` as our server sends it (the fields the stand-in reads). */
export interface CreatedPayment {
  amount: number;
  currency: string;
  order_number: string;
  lang?: string;
  payer?: { contact?: { email?: string } };
  target?: { type?: string; goid?: number };
  callback: { return_url: string; notification_url: string };
  additional_params?: Array<{ name: string; value: string }>;
}

/** A payment the stand-in holds: GoPay's fields, what our server sent to create it, and what was refunded. */
export interface StandInPayment {
  id: number;
  state: GopayState;
  amount: number;
  refunded: number;
  payment_instrument?: string;
  created: CreatedPayment;
}

/** An API call the stand-in answered. */
export interface StandInCall {
  method: string;
  path: string;
  status: number;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface GopayStandInOptions {
  clientId: string;
  clientSecret: string;
  goid: string;
  /** how a notification_url is called: plain HTTP by default; a test of an app without a port injects the call */
  deliver?: (url: string) => Promise<number>;
}

export interface GopayStandIn {
  /** the API base, as an e-shop's `apiBase` takes it: http://127.0.0.1:{port}/api */
  url: string;
  origin: string;
  payments: Map<number, StandInPayment>;
  calls: StandInCall[];
  tokensIssued: string[];
  notifications: Array<{ paymentId: number; status: number }>;
  /** The customer pays (as the page's Pay button): PAID, notified unless dropped; answers the return URL. */
  pay(id: string | number): Promise<string>;
  /** The customer cancels (the page's Cancel button): CANCELED, notified unless dropped; answers the return URL. */
  cancel(id: string | number): Promise<string>;
  /** GoPay times the payment out (TIMEOUTED), notified unless dropped. */
  timeOut(id: string | number): Promise<void>;
  /** Sends the payment's notification now (again); answers the status our server gave. */
  notify(id: string | number): Promise<number>;
  /** The next `count` API calls (whose "METHOD /path" starts with `route`, when given) answer 500. */
  failNext(count: number, route?: string): void;
  /** The failures planned and not yet answered are forgotten: GoPay is back. */
  stopFailing(): void;
  /** Every token issued so far lapses early: the next call with one answers 401. */
  expireTokens(): void;
  /** While dropped, decisions notify nobody (GoPay's notification lost). */
  dropNotifications(drop: boolean): void;
  close(): Promise<void>;
}

/** GoPay's token lifetime. */
const TOKEN_SECONDS = 1800;
const OPEN: GopayState[] = ['CREATED', 'PAYMENT_METHOD_CHOSEN'];

const gopayErrors = (code: number, name: string, message: string, field?: string) => ({
  date_issued: new Date().toISOString(),
  errors: [{ scope: field ? 'F' : 'G', field, error_code: code, error_name: name, message }],
});

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });

const jsonOf = (text: string): Partial<CreatedPayment> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<CreatedPayment>) : undefined;
  } catch {
    return undefined;
  }
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string,
  );

/**
 * A local stand-in of GoPay's REST API (sandbox wire format): OAuth2 client credentials (HTTP Basic, scope
 * payment-all), payments created, read and refunded with a bearer token, and the customer's payment page `/gw/{id}`
 * whose Pay and Cancel forms decide the payment, call its notification_url (`?id=`) and send the customer back
 * (303 to return_url with `id`). Test hooks fail calls, lapse tokens, drop notifications and time payments out.
 *
 * @example const gopay = await startGopayStandIn({ clientId: 'c', clientSecret: 's', goid: '8123456789' })
 */
export async function startGopayStandIn(options: GopayStandInOptions): Promise<GopayStandIn> {
  const deliver = options.deliver ?? (async (url: string) => (await fetch(url)).status);
  const payments = new Map<number, StandInPayment>();
  const tokens = new Map<string, number>();
  const failures: Array<{ route: string; left: number }> = [];
  const calls: StandInCall[] = [];
  const tokensIssued: string[] = [];
  const notifications: GopayStandIn['notifications'] = [];
  let dropping = false;
  let nextId = 3_000_000_001;
  let origin = '';

  const view = (payment: StandInPayment) => ({
    id: payment.id,
    order_number: payment.created.order_number,
    state: payment.state,
    amount: payment.amount,
    currency: payment.created.currency,
    ...(payment.payment_instrument ? { payment_instrument: payment.payment_instrument } : {}),
    payer: payment.created.payer,
    target: payment.created.target,
    additional_params: payment.created.additional_params,
    lang: payment.created.lang,
    gw_url: `${origin}/gw/${payment.id}`,
  });
  const find = (id: string | number) => payments.get(Number(id));
  const withId = (url: string, id: number) => `${url}${url.includes('?') ? '&' : '?'}id=${id}`;

  async function notify(id: string | number): Promise<number> {
    const payment = find(id);
    if (!payment) throw new Error(`the stand-in holds no payment ${id}`);
    const status = await deliver(withId(payment.created.callback.notification_url, payment.id));
    notifications.push({ paymentId: payment.id, status });
    return status;
  }
  async function decide(id: string | number, state: GopayState): Promise<string> {
    const payment = find(id);
    if (!payment) throw new Error(`the stand-in holds no payment ${id}`);
    if (!OPEN.includes(payment.state)) throw new Error(`payment ${id} is ${payment.state}, no longer open`);
    payment.state = state;
    if (state === 'PAID') payment.payment_instrument = 'PAYMENT_CARD';
    if (!dropping) await notify(payment.id);
    return withId(payment.created.callback.return_url, payment.id);
  }

  type Answer = [number, unknown];
  function token(request: http.IncomingMessage, body: string): Answer {
    const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic)
      return [401, gopayErrors(202, 'AUTH_WRONG_CREDENTIALS', 'Wrong client credentials')];
    const form = new URLSearchParams(body);
    if (
      form.get('grant_type') !== 'client_credentials' ||
      !['payment-all', 'payment-create'].includes(form.get('scope') ?? '')
    )
      return [400, gopayErrors(111, 'INVALID', 'Unsupported grant type or scope', 'scope')];
    const value = crypto.randomBytes(24).toString('base64url');
    tokens.set(value, Date.now() + TOKEN_SECONDS * 1000);
    tokensIssued.push(value);
    return [200, { token_type: 'bearer', access_token: value, expires_in: TOKEN_SECONDS }];
  }
  function createPayment(body: string): Answer {
    const created = jsonOf(body);
    if (!created) return [400, gopayErrors(110, 'MANDATORY', 'Expected a JSON body')];
    if (String(created.target?.goid) !== options.goid || created.target?.type !== 'ACCOUNT')
      return [403, gopayErrors(303, 'PAYMENT_CREATE_FORBIDDEN', 'Not allowed for this GoID', 'target.goid')];
    const amount =
      Number.isInteger(created.amount) && Number(created.amount) > 0 ? created.amount : undefined;
    const required: Array<[string, unknown]> = [
      ['amount', amount],
      ['currency', created.currency],
      ['order_number', created.order_number],
      ['callback.return_url', created.callback?.return_url],
      ['callback.notification_url', created.callback?.notification_url],
    ];
    const missing = required.find(([, value]) => value === undefined || value === '');
    if (missing) return [400, gopayErrors(110, 'MANDATORY', 'Required value missing or wrong', missing[0])];
    const payment: StandInPayment = {
      id: nextId++,
      state: 'CREATED',
      amount: Number(amount),
      refunded: 0,
      created: created as CreatedPayment,
    };
    payments.set(payment.id, payment);
    return [200, view(payment)];
  }
  function refund(payment: StandInPayment, body: string): Answer {
    const amount = Number(new URLSearchParams(body).get('amount'));
    if (!Number.isInteger(amount) || amount <= 0)
      return [400, gopayErrors(111, 'INVALID', 'Amount must be a positive whole number', 'amount')];
    const refused = (message: string): Answer => [409, gopayErrors(330, 'PAYMENT_REFUND_FAILED', message)];
    if (payment.state !== 'PAID' && payment.state !== 'PARTIALLY_REFUNDED')
      return refused(`Payment in state ${payment.state} cannot be refunded`);
    if (amount > payment.amount - payment.refunded)
      return refused('Refund amount exceeds the amount paid and not yet refunded');
    payment.refunded += amount;
    payment.state = payment.refunded === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return [200, { id: payment.id, result: 'FINISHED' }];
  }
  function api(request: http.IncomingMessage, path: string, body: string): Answer {
    const route = `${request.method} ${path}`;
    const failure = failures.find((planned) => planned.left > 0 && route.startsWith(planned.route));
    if (failure) {
      failure.left -= 1;
      return [500, gopayErrors(500, 'SERVER_ERROR', 'Internal error, try again later')];
    }
    if (route === 'POST /api/oauth2/token') return token(request, body);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if ((tokens.get(bearer) ?? 0) <= Date.now())
      return [401, gopayErrors(202, 'AUTH_WRONG_TOKEN', 'Access token missing, wrong or expired')];
    if (route === 'POST /api/payments/payment') return createPayment(body);
    const match = /^\/api\/payments\/payment\/(\d+)(\/refund)?$/.exec(path);
    const payment = match ? find(match[1]) : undefined;
    if (!match) return [404, gopayErrors(404, 'NOT_FOUND', 'No such resource')];
    if (!payment) return [404, gopayErrors(111, 'PAYMENT_NOT_FOUND', 'Payment not found', 'id')];
    if (request.method === 'GET' && !match[2]) return [200, view(payment)];
    if (request.method === 'POST' && match[2]) return refund(payment, body);
    return [405, gopayErrors(405, 'METHOD_NOT_ALLOWED', 'Method not allowed')];
  }

  function page(payment: StandInPayment, notice = ''): string {
    const open = OPEN.includes(payment.state);
    const form = (action: string, label: string) =>
      `<form method="post" action="/gw/${payment.id}"><input type="hidden" name="action" value="${action}"><button>${label}</button></form>`;
    return `<!doctype html><title>GoPay stand-in</title><h1>Order ${escapeHtml(String(payment.created.order_number))}</h1>
<p>${(payment.amount / 100).toFixed(2)} ${escapeHtml(String(payment.created.currency))} — ${payment.state}</p>${notice}
${open ? form('pay', 'Pay') + form('cancel', 'Cancel') : ''}`;
  }
  async function gateway(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    path: string,
    body: string,
  ) {
    const payment = find(/^\/gw\/(\d+)$/.exec(path)?.[1] ?? '');
    const html = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(text);
    };
    if (!payment) return html(404, '<!doctype html><p>No such payment</p>');
    if (request.method !== 'POST') return html(200, page(payment));
    const action = new URLSearchParams(body).get('action');
    if (!OPEN.includes(payment.state) || (action !== 'pay' && action !== 'cancel'))
      return html(409, page(payment, '<p role="alert">This payment is no longer open.</p>'));
    const returnUrl = await decide(payment.id, action === 'pay' ? 'PAID' : 'CANCELED');
    response.writeHead(303, { location: returnUrl });
    response.end();
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = new URL(request.url ?? '/', origin).pathname;
      if (!path.startsWith('/api/')) return gateway(request, response, path, body);
      const [status, answer] = api(request, path, body);
      calls.push({
        method: request.method ?? '',
        path,
        status,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/api`,
    origin,
    payments,
    calls,
    tokensIssued,
    notifications,
    pay: (id) => decide(id, 'PAID'),
    cancel: (id) => decide(id, 'CANCELED'),
    timeOut: async (id) => {
      await decide(id, 'TIMEOUTED');
    },
    notify,
    failNext(count, route = '') {
      failures.push({ route, left: count });
    },
    stopFailing: () => {
      failures.length = 0;
    },
    expireTokens: () => tokens.clear(),
    dropNotifications(drop) {
      dropping = drop;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
