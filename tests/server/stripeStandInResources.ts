import crypto from 'node:crypto';
import type http from 'node:http';

/** A Checkout Session as the stand-in holds and answers it (the fields of Stripe's object that matter here). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  url: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
}

/** An answer of the API: status and JSON body. */
export type Answer = [number, unknown];

export const stripeId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
export const unixSeconds = () => Math.floor(Date.now() / 1000);
const DAY_SECONDS = 24 * 3600;

/** Stripe's error body: {error: {type, message, code}}. */
export const stripeError = (status: number, type: string, message: string, code?: string): Answer => [
  status,
  { error: { type, message, code } },
];
const invalid = (message: string, code?: string) => stripeError(400, 'invalid_request_error', message, code);

/** Stripe's form body with nested keys (`line_items[0][price_data][currency]`) as nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let at = form;
    path.slice(0, -1).forEach((part) => (at = (at[part] ??= {}) as Record<string, unknown>));
    at[path[path.length - 1]] = value;
  }
  return form;
}

/**
 * What the Stripe stand-in holds and how its API answers (`/v1/…`), without HTTP: the Bearer key (401 with Stripe's
 * masked-key message), Idempotency-Key (a repeated POST answers the first answer), Checkout Sessions (create with
 * Stripe's rules on `expires_at`, read, expire: 400 unless open), refunds (400 `charge_already_refunded` or
 * `amount_too_large` beyond what was paid and not refunded) and the balance (livemode from the key's prefix).
 *
 * @example const stripe = stripeResources('sk_test_x', (session) => tell('checkout.session.expired', session))
 */
export function stripeResources(secretKey: string, onExpired: (session: StandInSession) => void) {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, Record<string, unknown>>();
  /** paid PaymentIntents: what was paid and what was refunded of it */
  const payments = new Map<string, { amount: number; refunded: number; currency: string }>();
  const remembered = new Map<string, unknown>();

  function createSession(form: Record<string, unknown>, base: string): Answer {
    const line = (form.line_items as Record<string, Record<string, Record<string, string>>> | undefined)?.[0];
    const amount = Number(line?.price_data?.unit_amount);
    const expiresAt = Number(form.expires_at ?? unixSeconds() + DAY_SECONDS);
    if (form.mode !== 'payment' || !line?.price_data?.currency || !Number.isInteger(amount))
      return invalid('Missing required param: line_items[0][price_data].');
    if (expiresAt < unixSeconds() + 30 * 60 || expiresAt > unixSeconds() + DAY_SECONDS)
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    const id = stripeId('cs_test');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      url: `${base}/pay/${id}`,
      amount_total: amount * Number(line.quantity ?? 1),
      currency: line.price_data.currency,
      client_reference_id: (form.client_reference_id as string) ?? null,
      customer_email: (form.customer_email as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url),
      expires_at: expiresAt,
      created: unixSeconds(),
      livemode: false,
    };
    sessions.set(id, session);
    return [200, session];
  }

  function expire(session: StandInSession): Answer {
    if (session.status !== 'open')
      return invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired, not "${session.status}".`,
      );
    Object.assign(session, { status: 'expired', url: null });
    onExpired(session);
    return [200, session];
  }

  function refund(form: Record<string, unknown>): Answer {
    const payment = payments.get(String(form.payment_intent));
    if (!payment) return invalid(`No such payment_intent: '${form.payment_intent}'`, 'resource_missing');
    const left = payment.amount - payment.refunded;
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (left === 0)
      return invalid(
        `Charge for ${form.payment_intent} has already been refunded.`,
        'charge_already_refunded',
      );
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
        'amount_too_large',
      );
    payment.refunded += amount;
    const answer = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: payment.currency,
      payment_intent: form.payment_intent,
      status: 'succeeded',
      metadata: form.metadata ?? {},
    };
    refunds.set(answer.id, answer);
    return [200, answer];
  }

  function route(method: string, path: string, form: Record<string, unknown>, base: string): Answer {
    const [, sessionId, expiring] = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(path) ?? [];
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form, base);
    if (sessionId && !session)
      return stripeError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'resource_missing',
      );
    if (session && method === 'GET' && !expiring) return [200, session];
    if (session && method === 'POST' && expiring) return expire(session);
    if (method === 'POST' && path === '/v1/refunds') return refund(form);
    if (method === 'GET' && path === '/v1/balance')
      return [
        200,
        { object: 'balance', livemode: !secretKey.startsWith('sk_test_'), available: [], pending: [] },
      ];
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  return {
    sessions,
    refunds,

    /** Answers an API call as Stripe would. */
    answer(
      method: string,
      path: string,
      headers: http.IncomingHttpHeaders,
      body: string,
      base: string,
    ): Answer {
      const given = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
      if (given !== secretKey)
        return stripeError(
          401,
          'invalid_request_error',
          `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
        );
      const key = headers['idempotency-key'] as string | undefined;
      if (method === 'POST' && key && remembered.has(key)) return [200, remembered.get(key)];
      const answer = route(method, path, parseStripeForm(body), base);
      if (method === 'POST' && key && answer[0] === 200) remembered.set(key, answer[1]);
      return answer;
    },

    /** The customer paid the open session: a PaymentIntent is made and the session completes. */
    pay(session: StandInSession): void {
      const paymentIntent = stripeId('pi');
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent,
        url: null,
      });
      payments.set(paymentIntent, { amount: session.amount_total, refunded: 0, currency: session.currency });
    },
  };
}
