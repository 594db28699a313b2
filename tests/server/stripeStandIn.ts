import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  stripeError,
  stripeId,
  stripeResources,
  unixSeconds,
  type Answer,
  type StandInSession,
} from './stripeStandInResources';

export type { StandInSession } from './stripeStandInResources';

/** An event as Stripe sends it to a webhook endpoint. */
export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: StandInSession };
}

/** A webhook the stand-in sent, with the endpoint's answer (status 0: not reached). */
export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

/** How events go: sent at once (awaited before the customer is redirected), kept back in `held`, or lost. */
export type WebhookMode = 'send' | 'hold' | 'drop';

/**
 * A local stand-in of Stripe Checkout over real HTTP, for tests, the browser journey and the benchmark: the API of
 * stripeStandInResources.ts, and the hosted payment page `/pay/{id}` with Pay and Cancel buttons (forms POSTing to
 * `/pay/{id}/pay|cancel`), after which it sends the event to the webhook URL, signed as Stripe signs
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "{t}.{body}")`), and redirects (303) to success_url or cancel_url.
 * Unlike Stripe, whose session stays open when the customer leaves, Cancel closes the session (as a merchant who
 * expires it would): the tests drive the canceled path with it. Test hooks: failNext (500s), delayAnswers, the
 * webhook mode (hold, drop), sendWebhooksTwice, deliver (an event again, signed at any time), expire (Stripe's clock).
 *
 * @example const stripe = await startStripeStandIn({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' })
 * stripe.setWebhookUrl(`${address}/api/ticket/public/v1/eshop/${eshopId}/gateway/stripe`)
 */
export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const events: StandInEvent[] = [];
  const held: StandInEvent[] = [];
  const deliveries: Delivery[] = [];
  const requests: Array<{ method: string; path: string; idempotencyKey?: string }> = [];
  /** start of "METHOD /path" -> how many more calls answer 500 */
  const failures = new Map<string, number>();
  let webhookUrl: string | undefined;
  let mode: WebhookMode = 'send';
  let twice = false;
  let delayMs = 0;

  const signature = (body: string, t: number, secret = options.webhookSecret) =>
    `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

  /** Sends an event (again) to the webhook URL, signed at `signedAt` (Unix seconds, default now). */
  async function deliver(event: StandInEvent, signedAt = unixSeconds()): Promise<Delivery> {
    const body = JSON.stringify(event);
    const delivery: Delivery = { eventId: event.id, type: event.type, status: 0, body: '' };
    try {
      const response = await fetch(webhookUrl ?? 'http://127.0.0.1:9/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature(body, signedAt),
        },
        body,
      });
      Object.assign(delivery, { status: response.status, body: await response.text() });
    } catch (error) {
      delivery.body = String(error);
    }
    deliveries.push(delivery);
    return delivery;
  }

  /** The event of a session's change, sent as the mode says. */
  async function tell(type: string, session: StandInSession): Promise<void> {
    const data = { object: { ...session } };
    const event: StandInEvent = {
      id: stripeId('evt'),
      object: 'event',
      type,
      created: unixSeconds(),
      livemode: false,
      data,
    };
    events.push(event);
    if (mode === 'hold') held.push(event);
    if (mode === 'send') await Promise.all(Array.from({ length: twice ? 2 : 1 }, () => deliver(event)));
  }

  // Stripe tells of a session expired through the API after answering the call
  const stripe = stripeResources(options.secretKey, (session) =>
    setImmediate(() => void tell('checkout.session.expired', session)),
  );

  const openSession = (sessionId: string) => {
    const session = stripe.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`The stand-in holds no open session ${sessionId}.`);
    return session;
  };

  /** The customer pays on the hosted page: answers where the customer is sent back. */
  async function pay(sessionId: string): Promise<string> {
    const session = openSession(sessionId);
    stripe.pay(session);
    await tell('checkout.session.completed', session);
    return session.success_url;
  }

  /** The session closes: by Cancel on the page, or by Stripe's clock (`expiresAt` reached). */
  async function close(sessionId: string, expiresAt?: number): Promise<StandInSession> {
    const session = openSession(sessionId);
    Object.assign(session, { status: 'expired', url: null }, expiresAt ? { expires_at: expiresAt } : {});
    await tell('checkout.session.expired', session);
    return session;
  }

  /** An API call: recorded, failed as planned, or answered. */
  function api(request: http.IncomingMessage, path: string, body: string): Answer {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path, idempotencyKey });
    const call = `${request.method} ${path}`;
    const failing = [...failures].find(([start, count]) => count > 0 && call.startsWith(start));
    if (failing) {
      failures.set(failing[0], failing[1] - 1);
      return stripeError(500, 'api_error', 'An unknown error occurred while processing your request.');
    }
    return stripe.answer(
      request.method ?? 'GET',
      path,
      request.headers,
      body,
      `http://${request.headers.host}`,
    );
  }

  /** The hosted page, and its Pay and Cancel. */
  async function page(method: string, path: string): Promise<[number, string, string?]> {
    const [, sessionId, action] = /^\/pay\/(\w+)(?:\/(pay|cancel))?$/.exec(path) ?? [];
    const session = sessionId ? stripe.sessions.get(sessionId) : undefined;
    if (!session) return [404, 'No such Checkout Session'];
    const button = (name: string) =>
      `<form method="post" action="/pay/${sessionId}/${name.toLowerCase()}"><button>${name}</button></form>`;
    if (method === 'GET' && !action)
      return [
        200,
        `<!doctype html><title>Stripe stand-in</title><p>${session.amount_total} ${session.currency}: ` +
          `${session.status}</p>${button('Pay')}${button('Cancel')}`,
      ];
    if (method !== 'POST' || !action) return [405, 'Method not allowed'];
    if (session.status !== 'open') return [409, `This Checkout Session is ${session.status}.`];
    return [303, '', action === 'pay' ? await pay(sessionId) : (await close(sessionId)).cancel_url];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0];
      void (async () => {
        if (path.startsWith('/v1/')) {
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const [status, body] = api(request, path, Buffer.concat(chunks).toString());
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
          return;
        }
        const [status, html, location] = await page(request.method ?? 'GET', path);
        const headers = { 'content-type': 'text/html; charset=utf-8', ...(location ? { location } : {}) };
        response.writeHead(status, headers).end(html);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    /** e.g. http://127.0.0.1:40123: the e-shop's `apiBase` */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** where events go: the e-shop's `…/eshop/{eshopId}/gateway/stripe` */
    setWebhookUrl: (url: string) => void (webhookUrl = url),
    setWebhookMode: (next: WebhookMode) => void (mode = next),
    /** each event is sent twice at the same moment */
    sendWebhooksTwice: (next: boolean) => void (twice = next),
    pay,
    /** The customer cancels on the hosted page: answers where the customer is sent back. */
    cancel: async (sessionId: string) => (await close(sessionId)).cancel_url,
    /** Stripe's own clock closes the session. */
    expire: async (sessionId: string) => void (await close(sessionId, unixSeconds())),
    deliver,
    /** events kept back in 'hold' mode, oldest first */
    held,
    /** Sends the held events and forgets them. */
    release: () => Promise.all(held.splice(0).map((event) => deliver(event))),
    /** `Stripe-Signature` of a body signed at `t` (Unix seconds) with `secret` (default the endpoint's) */
    signature,
    sessions: stripe.sessions,
    refunds: stripe.refunds,
    events,
    deliveries,
    /** the API calls received */
    requests,
    /** The next n API calls whose "METHOD /path" starts with `call` (default: any) answer 500; 0: none more. */
    failNext: (n: number, call = '') => void failures.set(call, n),
    /** Every API answer waits `ms` first. */
    delayAnswers: (ms: number) => void (delayMs = ms),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
