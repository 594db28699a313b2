import { fetchUtils, HttpError } from 'react-admin';

/** A request as react-admin's `fetchUtils.fetchJson` takes it: a JSON body is sent as text (`JSON.stringify`). */
export type HttpRequest = fetchUtils.Options;

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The answer's text: a PEM file, or the JSON before parsing. */
  body: string;
  /** The parsed JSON answer; undefined when the answer is not JSON or has no body (204). */
  json: unknown;
}

/** The shape of `fetchUtils.fetchJson`, so the same client serves ra-data-simple-rest and our own calls. */
export type HttpClient = (url: string, request?: HttpRequest) => Promise<HttpResponse>;

/**
 * The message of a failed call: the API's error shape `{statusCode, error, message, errors?}` gives `message`
 * (fetchJson reads it); an answer without one (a proxy's page, HTTP/2 without status text) still says its status.
 */
export function withReadableMessage(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return new HttpError(error.message || `HTTP ${error.status}`, error.status, withFormErrors(error.body));
}

/** A problem of the API's error shape: where (`name`, `numberServiceConfig.tariff`, `/dynamicData/age`) and what. */
export interface ApiProblem {
  path: string;
  message: string;
}

/** A problem's path as a form field's name: `/dynamicData/age` → `dynamicData.age`. */
const fieldNameOf = (path: string) => path.replace(/^\//, '').replace(/\//g, '.');

/**
 * The body with the API's problems twice: as they came (`problems`), and as react-admin's forms take a refused
 * save's errors (`errors`, by field: `{ numberServiceConfig: { tariff: 'must be integer' } }`), so that each
 * message shows on its input.
 */
function withFormErrors(body: unknown): unknown {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return body;
  const problems = errors.filter(
    (problem): problem is ApiProblem =>
      typeof problem?.path === 'string' && typeof problem?.message === 'string',
  );
  const byField: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    const names = fieldNameOf(path).split('.').filter(Boolean);
    if (names.length === 0) continue;
    let level = byField;
    for (const name of names.slice(0, -1)) {
      if (typeof level[name] !== 'object') level[name] = {};
      level = level[name] as Record<string, unknown>;
    }
    const last = names[names.length - 1];
    if (typeof level[last] !== 'object') level[last] ??= message;
  }
  return { ...(body as object), problems, errors: byField };
}

/** The API's problems by path of a failed call (none when it gave none). */
export function apiProblems(error: unknown): ApiProblem[] {
  const body = error && typeof error === 'object' ? (error as { body?: unknown }).body : undefined;
  const { problems, errors } = (body ?? {}) as { problems?: unknown; errors?: unknown };
  const list = Array.isArray(problems) ? problems : Array.isArray(errors) ? errors : [];
  return list.filter(
    (problem): problem is ApiProblem =>
      typeof problem?.path === 'string' && typeof problem?.message === 'string',
  );
}

/** The request's headers with the console's language, so that the API answers its messages in it. */
function withLanguage(headers: HttpRequest['headers'], language: string): Headers {
  // without headers of its own, a request asks for JSON as fetchJson's would
  const result = new Headers(headers ?? { Accept: 'application/json' });
  if (!result.has('Accept-Language')) result.set('Accept-Language', language);
  return result;
}

/**
 * react-admin's `fetchUtils.fetchJson` with the session's bearer token and cookies (the refresh cookie), asking for
 * messages in the console's language (`Accept-Language`):
 * JSON answers parsed, every non-2xx answer rejected with an HttpError carrying the status and the API's `message`.
 *
 * @example const http = createHttpClient(() => session.token()); await http('/api/core/v1/project/1');
 */
export function createHttpClient(
  getToken: () => string | null,
  getLanguage: () => string = () => 'en',
): HttpClient {
  return async (url, request = {}) => {
    // read at call time: the token changes with every refresh, the language when the user picks another
    const token = getToken();
    try {
      return await fetchUtils.fetchJson(url, {
        credentials: 'include',
        ...request,
        headers: withLanguage(request.headers, getLanguage()),
        user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
      });
    } catch (error) {
      throw withReadableMessage(error);
    }
  };
}

/**
 * A file of the API as a Blob (the invoice PDF), with the bearer token: fetchJson reads every answer as text.
 * A refusal rejects as the HTTP client's do, with the status and the API's `message`.
 *
 * @example const fetchBlob = createBlobFetcher(() => session.token()); await fetchBlob('/api/ticket/v1/order/1/invoice');
 */
export function createBlobFetcher(getToken: () => string | null, getLanguage: () => string = () => 'en') {
  return async (url: string): Promise<Blob> => {
    const token = getToken();
    const response = await fetch(url, {
      credentials: 'include',
      headers: {
        'Accept-Language': getLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    if (response.ok) return response.blob();
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: a proxy's page
    }
    const message = (json as { message?: unknown } | undefined)?.message;
    throw withReadableMessage(
      new HttpError(typeof message === 'string' ? message : response.statusText, response.status, json),
    );
  };
}

/** The status of a failed call, whatever shape the error has. */
export function errorStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}
