import { HttpError } from 'react-admin';
import type { HttpClient, HttpRequest, HttpResponse } from '../../src/dataProviders/httpClient';

export interface RecordedCall {
  url: string;
  method: string;
  /** A JSON body as the value sent (parsed back), any other body (FormData) as it is. */
  body?: unknown;
}

type Answer =
  { status?: number; json?: unknown } | ((call: RecordedCall) => { status?: number; json?: unknown });

/**
 * An httpClient that records calls and answers from a queue (or a function), rejecting non-2xx answers
 * with an HttpError as the real one does.
 */
export function fakeHttp(...answers: Answer[]) {
  const calls: RecordedCall[] = [];
  const client: HttpClient = async (url: string, request: HttpRequest = {}): Promise<HttpResponse> => {
    const body = typeof request.body === 'string' ? (JSON.parse(request.body) as unknown) : request.body;
    const call = { url, method: request.method ?? 'GET', body: body ?? undefined };
    calls.push(call);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    const answer = typeof next === 'function' ? next(call) : (next ?? {});
    const status = answer.status ?? 200;
    if (status >= 300) {
      const message = (answer.json as { message?: string } | undefined)?.message ?? 'failed';
      throw new HttpError(message, status, answer.json);
    }
    const text = answer.json === undefined ? '' : JSON.stringify(answer.json);
    return { status, headers: new Headers(), body: text, json: answer.json ?? null };
  };
  return { client, calls };
}

const realFetch = globalThis.fetch;

/**
 * Makes the global `fetch`, which react-admin's fetchUtils.fetchJson calls, answer with `fetchImpl`; call
 * `restoreFetch` after each test.
 */
export function stubFetch(fetchImpl: typeof fetch): void {
  globalThis.fetch = fetchImpl;
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}
