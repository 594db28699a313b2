import type { InjectOptions } from 'fastify';
import type { TestServer } from './harness';

/**
 * What the signing fixtures need of a test server, over HTTP to a server process (an instance): they call the API
 * only.
 *
 * @example await setUpSigningWithIcon(overHttp(instances.urls[0]), admin, projectId)
 */
export function overHttp(url: string): TestServer {
  const call = async (token: string | undefined, options: InjectOptions) => {
    const headers = { ...(options.headers as Record<string, string> | undefined) };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | Blob | undefined;
    if (Buffer.isBuffer(options.payload)) body = new Blob([new Uint8Array(options.payload)]);
    else if (typeof options.payload === 'string') body = options.payload;
    else if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${url}${String(options.url)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
    });
    const text = await response.text();
    return { statusCode: response.status, body: text, json: () => JSON.parse(text) as unknown };
  };
  return { call } as unknown as TestServer;
}
