import { HttpError } from 'react-admin';

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present; a FormData is sent as multipart/form-data (uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON answer, or null when the answer has no body (204). */
  json: unknown;
}

export type HttpClient = (url: string, request?: HttpRequest) => Promise<HttpResponse>;

/** The error answer of the API (domain/schemas/common.ts ErrorSchema), as far as the console reads it. */
interface ErrorBody {
  message?: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * fetch for the APIs: sends the bearer token and JSON bodies, parses JSON answers and rejects every
 * non-2xx answer with an HttpError carrying the status and the server's `message`.
 *
 * @example const http = createHttpClient(() => session.token()); await http('/api/core/v1/project/1');
 */
export function createHttpClient(getToken: () => string | null, fetchImpl: typeof fetch = fetch): HttpClient {
  return async (url, request = {}) => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method: request.method ?? 'GET', headers, credentials: 'include' };
    if (request.body instanceof FormData) {
      // fetch writes the multipart Content-Type itself, with its boundary.
      init.body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(request.body);
    }
    if (request.signal) init.signal = request.signal;
    const response = await fetchImpl(url, init);
    const json = parse(await response.text());
    if (response.status < 200 || response.status >= 300) {
      const serverMessage = json && typeof json === 'object' ? (json as ErrorBody).message : undefined;
      const message =
        typeof serverMessage === 'string' && serverMessage
          ? serverMessage
          : typeof json === 'string' && json
            ? json
            : response.statusText || `HTTP ${response.status}`;
      throw new HttpError(message, response.status, json);
    }
    return { status: response.status, headers: response.headers, json };
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
