import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, hostOf, isPublicAddress, parseWebhookUrl } from './endpointAddress';

/** What one POST to an endpoint came to: a 2xx (`ok`), another status, or no answer (`error` says why). */
export interface SendOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Connections kept open per endpoint host: keep-alive, so that a burst of deliveries reuses them. */
const MAX_SOCKETS_PER_HOST = 16;
/** The most of an answer's body read (and kept in a failure's reason); the rest is dropped. */
const MAX_ANSWER_BYTES = 512;

export interface SenderOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  userAgent: string;
}

export interface DeliverySender {
  send(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome>;
  close(): void;
}

/**
 * POSTs deliveries over keep-alive connections. Unless private addresses are allowed, every connection goes to an
 * address checked as it is resolved (guardedLookup; an IP literal is checked as it is), so DNS rebinding cannot
 * turn an endpoint toward this host or its network. Redirects are not followed (a 3xx is a failed attempt), an
 * attempt without an answer within `timeoutMs` is cut off.
 *
 * @example const sender = createDeliverySender({ timeoutMs: 10_000, allowPrivate: false, userAgent: 'Passbase-Webhooks/1.0' })
 */
export function createDeliverySender(options: SenderOptions): DeliverySender {
  const lookup = options.allowPrivate ? undefined : guardedLookup;
  const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST, lookup };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  function send(text: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const url = parseWebhookUrl(text, options.allowPrivate);
    if (!(url instanceof URL)) return Promise.resolve({ ok: false, status: null, error: url.en });
    const host = hostOf(url);
    if (!options.allowPrivate && net.isIP(host) && !isPublicAddress(host))
      return Promise.resolve({ ok: false, status: null, error: `${host} is not a public address` });
    const protocol = url.protocol as 'http:' | 'https:';
    const request = protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const outgoing = request(
        url,
        {
          method: 'POST',
          agent: agents[protocol],
          lookup,
          headers: {
            ...headers,
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'User-Agent': options.userAgent,
          },
        },
        (answer) => {
          const status = answer.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          answer.on('error', (error) => settle({ ok: false, status, error: error.message }));
          answer.on('end', () => {
            const ok = status >= 200 && status < 300;
            const text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES);
            settle({ ok, status, error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ''}` });
          });
        },
      );
      const timer = setTimeout(() => {
        settle({
          ok: false,
          status: null,
          error: `No answer within ${options.timeoutMs} ms (WEBHOOK_TIMEOUT_MS)`,
        });
        outgoing.destroy();
      }, options.timeoutMs);
      outgoing.on('error', (error) => settle({ ok: false, status: null, error: error.message }));
      outgoing.end(body);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
