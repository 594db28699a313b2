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
  /** how long a push waits for APNs' answer (APNS_TIMEOUT_MS); 15 s by default */
  timeoutMs?: number;
}

interface OpenSession {
  fingerprint: string;
  session: http2.ClientHttp2Session;
  /** streams open on the session */
  active: number;
  /** pushes waiting for a stream of the session (the peer's SETTINGS_MAX_CONCURRENT_STREAMS reached) */
  waiting: Array<() => void>;
  /** the peer's SETTINGS arrived: its limit of concurrent streams is known */
  peerSettled: boolean;
}

/**
 * The streams a session may open at once: one until the peer's SETTINGS arrived, then what it allows, at most 1000.
 */
const streamLimitOf = (open: OpenSession) =>
  open.peerSettled ? Math.max(1, Math.min(1000, open.session.remoteSettings.maxConcurrentStreams ?? 100)) : 1;

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
 * APNs over HTTP/2 with certificate authentication: one session per certificate, reused while it stays open (a
 * session that got GOAWAY, failed or closed is forgotten and the next push opens a new one), never more streams on it
 * than the peer allows, a bound on pushes in flight and a timeout on each. A Wallet push is an empty JSON object with the pass type identifier as topic;
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

  const fingerprints = new Map<string, string>();
  const fingerprintOf = (pem: string) => {
    let fingerprint = fingerprints.get(pem);
    if (!fingerprint) {
      fingerprint = crypto.createHash('sha256').update(pem).digest('hex');
      if (fingerprints.size > 100) fingerprints.clear();
      fingerprints.set(pem, fingerprint);
    }
    return fingerprint;
  };

  /** Lets the pushes waiting for a stream of a session go on (to it, or to the session that replaced it). */
  const release = (open: OpenSession) => open.waiting.splice(0).forEach((resume) => resume());

  function sessionFor(identity: ApnsIdentity): OpenSession {
    const fingerprint = fingerprintOf(identity.certificatePem);
    const open = sessions.get(identity.certificateId);
    if (open && open.fingerprint === fingerprint && !open.session.closed && !open.session.destroyed)
      return open;
    if (open) {
      sessions.delete(identity.certificateId);
      open.session.close();
      release(open);
    }
    const session = http2.connect(options.host, {
      cert: identity.certificatePem,
      key: identity.privateKeyPem,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    const opened: OpenSession = { fingerprint, session, active: 0, waiting: [], peerSettled: false };
    const forget = () => {
      if (sessions.get(identity.certificateId) === opened) sessions.delete(identity.certificateId);
      release(opened);
    };
    // A failed session is dropped; its streams fail on their own (and are retried) and the next push opens a new one.
    session.on('error', forget);
    session.on('goaway', forget);
    session.on('close', forget);
    session.on('remoteSettings', () => {
      opened.peerSettled = true;
      release(opened);
    });
    sessions.set(identity.certificateId, opened);
    return opened;
  }

  /** A stream of the certificate's session once the peer allows one more; its end frees the place. */
  async function withStream<T>(
    identity: ApnsIdentity,
    use: (session: http2.ClientHttp2Session) => Promise<T>,
  ): Promise<T> {
    for (;;) {
      const open = sessionFor(identity);
      if (open.active < streamLimitOf(open)) {
        open.active += 1;
        try {
          return await use(open.session);
        } finally {
          open.active -= 1;
          open.waiting.shift()?.();
        }
      }
      await new Promise<void>((resume) => open.waiting.push(resume));
    }
  }

  function send(session: http2.ClientHttp2Session, topic: string, pushToken: string): Promise<ApnsAnswer> {
    return new Promise((resolve) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = session.request({
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
      let timedOut = false;
      stream.setEncoding('utf8');
      stream.setTimeout(timeoutMs, () => {
        // after the event loop was held up, timers run before pending reads: an answer that arrived meanwhile is
        // read first (the check phase comes after the poll phase), so that it is not pushed again for nothing
        setImmediate(() => {
          if (status !== 0 || stream.closed) return;
          timedOut = true;
          stream.close(http2.constants.NGHTTP2_CANCEL);
        });
      });
      stream.on('response', (headers) => {
        status = Number(headers[':status'] ?? 0);
      });
      stream.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      stream.on('end', () => {
        // a stream cancelled without an answer ends too: 'close' tells why
        if (status !== 0) resolve({ status, reason: status === 200 ? null : reasonOf(body) });
      });
      stream.on('error', (error) => resolve({ status: 0, reason: error.message }));
      stream.on('close', () => {
        if (status !== 0) return;
        resolve({
          status: 0,
          reason: timedOut
            ? `APNs did not answer within ${timeoutMs} ms (APNS_TIMEOUT_MS).`
            : 'APNs closed the stream without an answer.',
        });
      });
      stream.end('{}');
    });
  }

  return {
    notify: (identity, passTypeIdentifier, pushToken) =>
      limited(() =>
        withStream(identity, (session) => send(session, passTypeIdentifier, pushToken)).catch(
          (error: unknown) => ({
            status: 0,
            reason: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      open.forEach(release);
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
