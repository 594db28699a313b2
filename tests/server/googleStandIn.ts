import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createVerifier } from 'fast-jwt';
import { eventTicketProblems } from './googleEventTicketReference';

/** A request the stand-in received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A failure the stand-in answers once to the next request matching method and path start. */
export interface PlannedFailure {
  method: string;
  pathStart: string;
  status: number;
  message: string;
}

export interface GoogleStandIn {
  /** e.g. http://127.0.0.1:40123 */
  base: string;
  tokenUrl: string;
  apiBase: string;
  requests: ReceivedRequest[];
  /** objects and classes Google holds, by id */
  resources: Map<string, Record<string, unknown>>;
  /** access tokens issued so far */
  issuedTokens: string[];
  failNext(failure: PlannedFailure): void;
  close(): Promise<void>;
}

const API_PATH = '/walletobjects/v1';

function answer(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const googleError = (status: number, message: string) => ({
  error: { code: status, message, status: 'ERROR' },
});

/**
 * A service-account key file (as Google's console downloads it) in a temporary directory, its public key for the
 * stand-in, and its private key.
 *
 * @example const keys = serviceAccountFiles('issuer@example.iam.gserviceaccount.com')
 */
export function serviceAccountFiles(clientEmail: string) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-google-'));
  const keyFile = path.join(directory, 'service-account.json');
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  fs.writeFileSync(
    keyFile,
    JSON.stringify({ type: 'service_account', client_email: clientEmail, private_key: privateKeyPem }),
  );
  return {
    directory,
    keyFile,
    privateKeyPem,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * A local stand-in for Google's OAuth2 token endpoint (JWT bearer grant, assertion checked with the service
 * account's public key) and the Google Wallet REST API (insert answers 409 for a known id, patch 404 for an
 * unknown one, a bearer token it issued is required; event ticket classes and objects are checked against the
 * reference, googleEventTicketReference.ts, and answer 400 with the problems).
 *
 * @example const google = await startGoogleStandIn(publicKeyPem, 'issuer@example.iam.gserviceaccount.com')
 */
export async function startGoogleStandIn(publicKeyPem: string, clientEmail: string): Promise<GoogleStandIn> {
  const verifyAssertion = createVerifier({ key: publicKeyPem, algorithms: ['RS256'] });
  const requests: ReceivedRequest[] = [];
  const resources = new Map<string, Record<string, unknown>>();
  const issuedTokens: string[] = [];
  const failures: PlannedFailure[] = [];
  let tokenUrl = '';

  const token = (request: ReceivedRequest, response: http.ServerResponse) => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return answer(response, 400, { error: 'unsupported_grant_type' });
    try {
      const claims = verifyAssertion(form.get('assertion') ?? '') as Record<string, unknown>;
      if (claims.iss !== clientEmail || claims.aud !== tokenUrl) throw new Error('wrong iss or aud');
      if (claims.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer')
        throw new Error('wrong scope');
    } catch (error) {
      return answer(response, 400, { error: 'invalid_grant', error_description: (error as Error).message });
    }
    const issued = `standin-token-${issuedTokens.length + 1}`;
    issuedTokens.push(issued);
    return answer(response, 200, { access_token: issued, expires_in: 3600, token_type: 'Bearer' });
  };

  const walletObjects = (request: ReceivedRequest, response: http.ServerResponse) => {
    if (!issuedTokens.some((issued) => request.authorization === `Bearer ${issued}`))
      return answer(response, 401, googleError(401, 'Request had invalid authentication credentials.'));
    const [collection, id] = request.path.slice(API_PATH.length + 1).split('/');
    if (!/^[a-zA-Z]+(Object|Class)$/.test(collection))
      return answer(response, 404, googleError(404, 'No such API.'));
    const resource = JSON.parse(request.body || '{}') as Record<string, unknown>;
    // event tickets are checked as Google's reference describes them; an object's class must exist
    const refused = (checked: Record<string, unknown>): boolean => {
      const problems = eventTicketProblems(collection, checked);
      if (collection === 'eventTicketObject' && !resources.has(String(checked.classId)))
        problems.push(`the class ${String(checked.classId)} does not exist`);
      if (problems.length) answer(response, 400, googleError(400, problems.join('; ')));
      return problems.length > 0;
    };
    if (request.method === 'POST' && !id) {
      if (resources.has(String(resource.id)))
        return answer(response, 409, googleError(409, `Resource ${String(resource.id)} already exists.`));
      if (refused(resource)) return;
      resources.set(String(resource.id), resource);
      return answer(response, 200, resource);
    }
    const key = decodeURIComponent(id ?? '');
    if (request.method === 'PATCH' && id) {
      const existing = resources.get(key);
      if (!existing) return answer(response, 404, googleError(404, `Resource ${key} not found.`));
      if (refused({ ...existing, ...resource })) return;
      resources.set(key, { ...existing, ...resource });
      return answer(response, 200, resources.get(key));
    }
    return answer(response, 405, googleError(405, 'Method not allowed.'));
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        path: (incoming.url ?? '').split('?')[0],
        authorization: incoming.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const planned = failures.findIndex(
        (failure) => failure.method === request.method && request.path.startsWith(failure.pathStart),
      );
      if (planned >= 0) {
        const [failure] = failures.splice(planned, 1);
        return answer(response, failure.status, googleError(failure.status, failure.message));
      }
      if (request.method === 'POST' && request.path === '/token') return token(request, response);
      if (request.path.startsWith(`${API_PATH}/`)) return walletObjects(request, response);
      return answer(response, 404, googleError(404, 'Not found.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${base}/token`;
  return {
    base,
    tokenUrl,
    apiBase: `${base}${API_PATH}`,
    requests,
    resources,
    issuedTokens,
    failNext: (failure) => failures.push(failure),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
