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
  /** From now on, pushes to the token get this answer (APNs' error body is {"reason": ...}). */
  answer(pushToken: string, status: number, reason?: string): void;
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
 * A local HTTP/2 server standing in for APNs: asks for the client certificate, records every push, answers 200
 * (or what `answer` set for a token).
 *
 * @example const apns = await startApnsStandIn(); startTestServer('pglite', { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile })
 */
export async function startApnsStandIn(): Promise<ApnsStandIn> {
  const { certPem, keyPem } = await selfSignedLocalhost();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-apns-'));
  const caFile = path.join(folder, 'apns-ca.pem');
  fs.writeFileSync(caFile, certPem);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; reason?: string }>();
  const server = http2.createSecureServer({
    cert: certPem,
    key: keyPem,
    requestCert: true,
    rejectUnauthorized: false,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const requestPath = String(headers[':path']);
      const peer = (
        stream.session?.socket as { getPeerX509Certificate?: () => X509Certificate | undefined }
      ).getPeerX509Certificate?.();
      received.push({
        path: requestPath,
        topic: headers['apns-topic'] as string | undefined,
        pushType: headers['apns-push-type'] as string | undefined,
        priority: headers['apns-priority'] as string | undefined,
        body,
        clientSubject: peer?.subject,
      });
      const token = decodeURIComponent(requestPath.replace(/^\/3\/device\//, ''));
      const answer = answers.get(token) ?? { status: 200 };
      stream.respond({ ':status': answer.status, 'apns-id': crypto.randomUUID() });
      stream.end(answer.status === 200 ? '' : JSON.stringify({ reason: answer.reason ?? 'Error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    received,
    answer: (pushToken, status, reason) => answers.set(pushToken, { status, reason }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(folder, { recursive: true, force: true });
      }),
  };
}
