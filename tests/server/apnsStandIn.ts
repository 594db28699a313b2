import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate, createPrivateKey, webcrypto } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { x509 } from '../../server/features/passes/certificates/x509';

/** A push as the stand-in received it. */
export interface ReceivedPush {
  path: string;
  topic: string | undefined;
  pushType: string | undefined;
  priority: string | undefined;
  body: string;
  /** the client certificate's subject, one KEY=value a line (its UID is the pass type id) */
  clientSubject: string | undefined;
}

export interface ApnsStandIn {
  /** https://127.0.0.1:{port}: the server's APNS_HOST */
  url: string;
  /** PEM of the stand-in's self-signed certificate: the server's APNS_CA_FILE */
  caFile: string;
  received: ReceivedPush[];
  /**
   * From now on, pushes to the token get this answer (APNs' error body is {"reason": ...}); with `times`, only the
   * next that many, then 200 again.
   */
  answer(pushToken: string, status: number, reason?: string, times?: number): void;
  /** From now on, pushes to the token get no answer (the stream stays open until the client gives up). */
  hang(pushToken: string): void;
  /** Sends GOAWAY on every open session (as APNs does when it closes one): the client must open a new one. */
  goAway(): void;
  /** How many pushes the token received. */
  pushesTo(pushToken: string): number;
  /** Received pushes counted by token, when `received` is not kept (`keep: false`, for benches). */
  total(): number;
  /** From now on, every answer waits `ms` first (a slow APNs: a fan-out that lasts long enough to be interrupted). */
  delay(ms: number): void;
  /** How many HTTP/2 sessions (client connections: one per server instance and certificate) carried pushes. */
  sessionsThatPushed(): number;
  close(): Promise<void>;
}

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

async function selfSignedLocalhost(): Promise<{ certPem: string; keyPem: string }> {
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=APNs stand-in',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 24 * 60 * 60 * 1000),
    signingAlgorithm: RSA,
    keys,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    ],
  });
  // generated for this run only, handed to node's TLS as PEM
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const keyPem = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
    .export({ format: 'pem', type: 'pkcs8' })
    .toString();
  return { certPem: certificate.toString('pem'), keyPem };
}

/**
 * A local HTTP/2 server standing in for APNs: asks for the client certificate, records every push and counts them by
 * token, answers 200 (or what `answer` set for a token, or nothing for a token told to `hang`), and allows 50 streams
 * at once per session unless told otherwise (`keep: false` keeps counts only: benches).
 *
 * @example const apns = await startApnsStandIn(); startTestServer('pglite', { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile })
 */
export async function startApnsStandIn(
  options: { keep?: boolean; maxConcurrentStreams?: number } = {},
): Promise<ApnsStandIn> {
  const keep = options.keep ?? true;
  const { certPem, keyPem } = await selfSignedLocalhost();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-apns-'));
  const caFile = path.join(folder, 'apns-ca.pem');
  fs.writeFileSync(caFile, certPem);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; reason?: string; times?: number }>();
  const hanging = new Set<string>();
  const counts = new Map<string, number>();
  let total = 0;
  const server = http2.createSecureServer({
    cert: certPem,
    key: keyPem,
    requestCert: true,
    rejectUnauthorized: false,
    // fewer than APNS_CONCURRENCY: a client that opened more streams than allowed would see them refused
    settings: { maxConcurrentStreams: options.maxConcurrentStreams ?? 50 },
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  const pushingSessions = new WeakSet<http2.Http2Session>();
  let sessionsThatPushed = 0;
  let delayMs = 0;
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('error', () => undefined);
    stream.on('end', () => {
      const requestPath = String(headers[':path']);
      const token = decodeURIComponent(requestPath.replace(/^\/3\/device\//, ''));
      counts.set(token, (counts.get(token) ?? 0) + 1);
      total += 1;
      if (stream.session && !pushingSessions.has(stream.session)) {
        pushingSessions.add(stream.session);
        sessionsThatPushed += 1;
      }
      if (hanging.has(token)) return;
      const answer = answers.get(token) ?? { status: 200 };
      if (answer.times !== undefined && --answer.times <= 0) answers.delete(token);
      const respond = () => {
        if (stream.destroyed || stream.closed) return;
        stream.respond({ ':status': answer.status, 'apns-id': crypto.randomUUID() });
        stream.end(answer.status === 200 ? '' : JSON.stringify({ reason: answer.reason ?? 'Error' }));
      };
      if (delayMs > 0) setTimeout(respond, delayMs);
      else respond();
      if (!keep) return;
      // a session the client closed meanwhile has no socket any more
      const peer = (
        stream.session?.socket as { getPeerX509Certificate?: () => X509Certificate | undefined } | undefined
      )?.getPeerX509Certificate?.();
      received.push({
        path: requestPath,
        topic: headers['apns-topic'] as string | undefined,
        pushType: headers['apns-push-type'] as string | undefined,
        priority: headers['apns-priority'] as string | undefined,
        body,
        clientSubject: peer?.subject,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    received,
    answer: (pushToken, status, reason, times) => answers.set(pushToken, { status, reason, times }),
    hang: (pushToken) => hanging.add(pushToken),
    goAway: () => {
      for (const session of sessions) session.goaway(http2.constants.NGHTTP2_NO_ERROR);
    },
    pushesTo: (pushToken) => counts.get(pushToken) ?? 0,
    sessionsThatPushed: () => sessionsThatPushed,
    delay: (ms) => {
      delayMs = ms;
    },
    total: () => total,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
        fs.rmSync(folder, { recursive: true, force: true });
      }),
  };
}
