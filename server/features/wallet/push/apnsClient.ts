import crypto from 'node:crypto';
import http2 from 'node:http2';
import { concurrencyLimit } from '../../../kernel/concurrencyLimit';

/** The TLS client identity APNs knows a pass type by: its Pass Type ID certificate and private key. */
export interface ApnsIdentity {
  /** one HTTP/2 session is kept per certificate */
  certificateId: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** What APNs answered; status 0 when it gave no answer (unreachable, refused the TLS identity, timed out). */
export interface ApnsAnswer {
  status: number;
  reason: string | null;
}

export interface ApnsClient {
  /** Tells the device that passes of the pass type changed; never throws. */
  notify(identity: ApnsIdentity, passTypeIdentifier: string, pushToken: string): Promise<ApnsAnswer>;
  close(): Promise<void>;
}

export interface ApnsOptions {
  /** e.g. https://api.push.apple.com */
  host: string;
  /** CAs trusted instead of the system's (a test server) */
  ca?: Buffer;
  /** pushes in flight at once */
  concurrency: number;
  timeoutMs?: number;
}

interface OpenSession {
  fingerprint: string;
  session: http2.ClientHttp2Session;
}

/** The reason of an APNs error answer, e.g. {"reason":"BadDeviceToken"}. */
function reasonOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'reason' in parsed) return String(parsed.reason);
  } catch {
    // not JSON: the body itself says what happened
  }
  return body.trim().slice(0, 200) || null;
}

/**
 * APNs over HTTP/2 with certificate authentication: one session per certificate, reused while it stays open,
 * and a bound on pushes in flight. A Wallet push is an empty JSON object with the pass type identifier as topic;
 * it carries no alert, so it is sent as a background push (apns-push-type background, priority 5, as APNs
 * requires for that type).
 *
 * @example const apns = createApnsClient({ host: 'https://api.push.apple.com', concurrency: 100 });
 * await apns.notify(identity, 'pass.com.example.member', pushToken) // { status: 200, reason: null }
 */
export function createApnsClient(options: ApnsOptions): ApnsClient {
  const sessions = new Map<string, OpenSession>();
  const limited = concurrencyLimit(options.concurrency);
  const timeoutMs = options.timeoutMs ?? 15_000;

  function sessionFor(identity: ApnsIdentity): http2.ClientHttp2Session {
    const fingerprint = crypto.createHash('sha256').update(identity.certificatePem).digest('hex');
    const open = sessions.get(identity.certificateId);
    if (open && open.fingerprint === fingerprint && !open.session.closed && !open.session.destroyed)
      return open.session;
    open?.session.close();
    const session = http2.connect(options.host, {
      cert: identity.certificatePem,
      key: identity.privateKeyPem,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    const forget = () => {
      if (sessions.get(identity.certificateId)?.session === session) sessions.delete(identity.certificateId);
    };
    // A failed session is dropped; its streams fail on their own and the next push opens a new one.
    session.on('error', forget);
    session.on('goaway', forget);
    session.on('close', forget);
    sessions.set(identity.certificateId, { fingerprint, session });
    return session;
  }

  function send(identity: ApnsIdentity, topic: string, pushToken: string): Promise<ApnsAnswer> {
    return new Promise((resolve) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = sessionFor(identity).request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'content-type': 'application/json',
        });
      } catch (error) {
        resolve({ status: 0, reason: error instanceof Error ? error.message : String(error) });
        return;
      }
      let status = 0;
      let body = '';
      stream.setEncoding('utf8');
      stream.setTimeout(timeoutMs, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.on('response', (headers) => {
        status = Number(headers[':status'] ?? 0);
      });
      stream.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      stream.on('end', () => resolve({ status, reason: status === 200 ? null : reasonOf(body) }));
      stream.on('error', (error) => resolve({ status: 0, reason: error.message }));
      stream.on('close', () => {
        if (status === 0) resolve({ status: 0, reason: 'APNs closed the stream without an answer.' });
      });
      stream.end('{}');
    });
  }

  return {
    notify: (identity, passTypeIdentifier, pushToken) =>
      limited(() => send(identity, passTypeIdentifier, pushToken)),
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(
        open.map(
          ({ session }) =>
            new Promise<void>((resolve) => {
              if (session.closed || session.destroyed) return resolve();
              session.close(() => resolve());
              setTimeout(() => {
                session.destroy();
                resolve();
              }, 1000).unref();
            }),
        ),
      );
    },
  };
}
