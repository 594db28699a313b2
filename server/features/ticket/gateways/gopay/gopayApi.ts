import { GatewayError } from '../checkoutGateway';
import { gopayFailure } from './gopayErrors';

/** GoPay's addresses: the production gateway and the sandbox merchants test on. */
export const GOPAY_PRODUCTION_API = 'https://gate.gopay.cz/api';
export const GOPAY_SANDBOX_API = 'https://gw.sandbox.gopay.com/api';

/** What GoPay says a token lasts when its answer does not say (its documented 30 minutes). */
const TOKEN_SECONDS = 1800;
/** A token is renewed this long before GoPay says it expires: a call never leaves with one about to lapse. */
const EARLY_RENEWAL_MS = 60_000;

/**
 * What the adapter is given besides its settings (gatewayFactories' GatewayDependencies, written out here because
 * the factories import this adapter and a circle of imports is not allowed).
 */
export interface GopayDependencies {
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface GopayClient {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

/** GoPay's answer: its HTTP status and its JSON body (undefined when it sent none or not JSON). */
export interface GopayAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
}

async function answerOf(response: Response): Promise<GopayAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body: body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined,
  };
}

/**
 * GoPay's REST API for one client (client id and secret of a GoID): OAuth2 client credentials with the scope
 * payment-all, the token kept until shortly before it expires and asked for once however many calls wait for it,
 * and calls with it; a token GoPay no longer takes (401) is dropped and the call made once more with a new one.
 * Neither the secret nor a token ever goes into an error's message.
 *
 * @example const api = createGopayApi({ apiBase, clientId, clientSecret }, { fetch, timeoutMs: 15_000 })
 *          const { status, body } = await api.call('GET', `/payments/payment/${id}`)
 */
export function createGopayApi(client: GopayClient, deps: GopayDependencies) {
  let held: { value: string; expiresAt: number } | undefined;
  let asking: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<GopayAnswer> {
    let response: Response;
    try {
      response = await deps.fetch(`${client.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch {
      throw new GatewayError(
        `GoPay (${client.apiBase}) did not answer within ${Math.round(deps.timeoutMs / 1000)} s or could not be reached.`,
      );
    }
    try {
      return await answerOf(response);
    } catch {
      throw new GatewayError(`GoPay (${client.apiBase}) broke off its answer.`);
    }
  }

  async function requestToken(): Promise<{ value: string; expiresAt: number }> {
    const credentials = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const { status, body } = await send('/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payment-all' }).toString(),
    });
    if (status === 401 || status === 403)
      throw new GatewayError(
        "GoPay refused the client id or secret: enter the ones of the GoID in the e-shop's gateway settings.",
        false,
      );
    if (status !== 200 || typeof body?.access_token !== 'string')
      throw gopayFailure('GoPay gave no access token', status, body);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : TOKEN_SECONDS;
    return { value: body.access_token, expiresAt: Date.now() + seconds * 1000 - EARLY_RENEWAL_MS };
  }

  /** A valid token: the one held, else one asked for (one request however many callers wait). */
  function accessToken(): Promise<string> {
    if (held && held.expiresAt > Date.now()) return Promise.resolve(held.value);
    asking ??= requestToken()
      .then((token) => {
        held = token;
        return token.value;
      })
      .finally(() => {
        asking = undefined;
      });
    return asking;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload?: { json: unknown } | { form: Record<string, string> },
    retried = false,
  ): Promise<GopayAnswer> {
    const token = await accessToken();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    let body: string | undefined;
    if (payload && 'json' in payload) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload.json);
    } else if (payload) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(payload.form).toString();
    }
    const answer = await send(path, { method, headers, body });
    if (answer.status !== 401) return answer;
    // expired or revoked early: a new token, once
    if (held?.value === token) held = undefined;
    if (retried) throw gopayFailure('GoPay refused a new access token', answer.status, answer.body);
    return call(method, path, payload, true);
  }

  return {
    /** Calls GoPay's API with a bearer token; a JSON body or a form. */
    call,
    /** A valid access token: the client is known to GoPay (Test connection). */
    accessToken,
  };
}
export type GopayApi = ReturnType<typeof createGopayApi>;
