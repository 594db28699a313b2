import { GatewayError } from '../checkoutGateway';
import { stripeForm, type StripeFormValue } from './stripeForm';

/** Where and how the adapter reaches Stripe's API. */
export interface StripeConnection {
  secretKey: string;
  /** https://api.stripe.com, or a stand-in's address in tests; the key, not the address, picks test or live mode */
  apiBase: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/**
 * Stripe's refusal of a request ({error: {message, type, code}}), in words a person acts on. `status` and `code`
 * let the adapter tell a refund refused (400 amount_too_large) from a payment Stripe does not know (404).
 */
export class StripeApiError extends GatewayError {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    /** Stripe's own words, keys masked: the reason of a refused refund */
    readonly stripeMessage: string,
  ) {
    super(message, status === 429 || status >= 500);
    this.name = 'StripeApiError';
  }
}

/** Stripe quotes a refused key masked (sk_test_****abcd); no form of any key is repeated in our words. */
const KEYS = /\b(?:sk|rk|pk)_(?:live|test)_[\w*]+|\bwhsec_[\w*]+/g;

interface StripeErrorBody {
  error?: { message?: unknown; type?: unknown; code?: unknown };
}

/** Stripe's words of a failed answer, without any key; none when the answer holds none. */
function stripeWords(body: StripeErrorBody | undefined, secretKey: string): string {
  const message = typeof body?.error?.message === 'string' ? body.error.message : '';
  return message.split(secretKey).join('[key]').replace(KEYS, '[key]').slice(0, 300);
}

function refusal(status: number, body: StripeErrorBody | undefined, secretKey: string): StripeApiError {
  const words = stripeWords(body, secretKey);
  const code = typeof body?.error?.code === 'string' ? body.error.code : undefined;
  const said = words ? ` (${words})` : '';
  const message =
    status === 401
      ? "Stripe refused the secret key: copy the e-shop's secret key from the Stripe dashboard (Developers, API keys) again."
      : status === 403
        ? `Stripe refused the call with this key${said}: a restricted key needs the Checkout Sessions, Refunds and Balance permissions.`
        : status === 429
          ? 'Stripe asked to slow down (too many requests).'
          : status >= 500
            ? `Stripe answered with an error (HTTP ${status})${said}.`
            : `Stripe refused the request${said}.`;
  return new StripeApiError(message, status, code, words);
}

/**
 * The calls of Stripe's REST API the adapter makes: form-encoded bodies, the secret key as a Bearer token, an
 * Idempotency-Key on the POSTs that create something, each call within `timeoutMs`. A refusal is a StripeApiError;
 * Stripe not reached, late or failing (5xx) is a GatewayError to retry. No message holds the key.
 *
 * @example const stripe = stripeClient({ secretKey, apiBase: 'https://api.stripe.com', fetch, timeoutMs: 15_000 })
 * const session = await stripe.call('GET', `/v1/checkout/sessions/${id}`)
 */
export function stripeClient(connection: StripeConnection) {
  const base = connection.apiBase.replace(/\/+$/, '');
  return {
    async call<T>(
      method: 'GET' | 'POST',
      path: string,
      options: { form?: Record<string, StripeFormValue>; idempotencyKey?: string } = {},
    ): Promise<T> {
      const headers: Record<string, string> = { authorization: `Bearer ${connection.secretKey}` };
      if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      let response: Response;
      let text: string;
      try {
        response = await connection.fetch(`${base}${path}`, {
          method,
          headers,
          body: options.form ? stripeForm(options.form) : undefined,
          signal: AbortSignal.timeout(connection.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // AbortSignal.timeout's DOMException, which is not an Error of every realm
        const late = (error as { name?: unknown } | undefined)?.name === 'TimeoutError';
        throw new GatewayError(
          late
            ? `Stripe did not answer within ${connection.timeoutMs / 1000} s.`
            : `Stripe could not be reached at ${base}.`,
        );
      }
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (!response.ok)
        throw refusal(response.status, body as StripeErrorBody | undefined, connection.secretKey);
      if (typeof body !== 'object' || body === null)
        throw new GatewayError(`Stripe answered HTTP ${response.status} without its JSON.`);
      return body as T;
    },
  };
}
export type StripeClient = ReturnType<typeof stripeClient>;
