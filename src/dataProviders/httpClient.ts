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
function withReadableMessage(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.message) return error;
  return new HttpError(`HTTP ${error.status}`, error.status, error.body);
}

/**
 * react-admin's `fetchUtils.fetchJson` with the session's bearer token and cookies (the refresh cookie):
 * JSON answers parsed, every non-2xx answer rejected with an HttpError carrying the status and the API's `message`.
 *
 * @example const http = createHttpClient(() => session.token()); await http('/api/core/v1/project/1');
 */
export function createHttpClient(getToken: () => string | null): HttpClient {
  return async (url, request = {}) => {
    // read at call time: the token changes with every refresh
    const token = getToken();
    try {
      return await fetchUtils.fetchJson(url, {
        credentials: 'include',
        ...request,
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
export function createBlobFetcher(getToken: () => string | null) {
  return async (url: string): Promise<Blob> => {
    const token = getToken();
    const response = await fetch(url, {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
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
