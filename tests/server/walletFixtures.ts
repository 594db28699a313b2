import { execFileSync } from 'node:child_process';
import { unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import type { ImageType } from '../../domain/template/limits';
import { x509 } from '../../server/features/passes/certificates/x509';
import { solidPng } from '../pngFiles';
import { multipart, templateBody } from './passFixtures';
import { startTestServer, type TestServer } from './harness';
import { RSA } from './certificateFixtures';

/** Apple puts the pass type id in the subject's UID (what server/certificates/signingCertificate.ts reads). */
const UID = '0.9.2342.19200300.100.1.1';
const DAY = 24 * 60 * 60 * 1000;

/** A test certificate chain like Apple's: root CA → WWDR-like intermediate → pass type certificates. */
export interface SigningChain {
  /** PEM file of root and intermediate: openssl's -CAfile */
  caFile: string;
  /** PEM file of the intermediate: the server's WWDR_CERT */
  wwdrFile: string;
  rootPem: string;
  wwdrPem: string;
  /** Issues a pass type certificate for a certificate request (PEM), as Apple does; answers its DER. */
  issue(csrPem: string, options?: { passTypeId?: string; teamId?: string; notAfter?: Date }): Promise<Buffer>;
}

async function certificateAuthority(name: string, issuer?: { name: string; key: CryptoKey }) {
  const keys = await webcrypto.subtle.generateKey(RSA, false, ['sign', 'verify']);
  const extensions = [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  ];
  const validity = { notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 3650 * DAY) };
  const certificate = issuer
    ? await x509.X509CertificateGenerator.create({
        serialNumber: '02',
        subject: name,
        issuer: issuer.name,
        ...validity,
        signingAlgorithm: RSA,
        publicKey: keys.publicKey,
        signingKey: issuer.key,
        extensions,
      })
    : await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: '01',
        name,
        ...validity,
        signingAlgorithm: RSA,
        keys,
        extensions,
      });
  return { certificate, keys, name };
}

/**
 * A fresh chain (root CA, WWDR-like intermediate) with its PEM files in a temporary folder.
 *
 * @example const chain = await createSigningChain(); const der = await chain.issue(csrPem, { passTypeId: 'pass.test.card' })
 */
export async function createSigningChain(): Promise<SigningChain> {
  const root = await certificateAuthority('CN=Test Apple Root CA, O=Test, C=US');
  const wwdr = await certificateAuthority(
    'CN=Test Worldwide Developer Relations CA G4, OU=G4, O=Test, C=US',
    {
      name: root.name,
      key: root.keys.privateKey,
    },
  );
  const rootPem = root.certificate.toString('pem');
  const wwdrPem = wwdr.certificate.toString('pem');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-chain-'));
  const caFile = path.join(folder, 'ca.pem');
  const wwdrFile = path.join(folder, 'wwdr.pem');
  fs.writeFileSync(caFile, `${rootPem}\n${wwdrPem}\n`);
  fs.writeFileSync(wwdrFile, `${wwdrPem}\n`);
  let serial = 16;
  return {
    caFile,
    wwdrFile,
    rootPem,
    wwdrPem,
    async issue(csrPem, options = {}) {
      serial += 1;
      const request = new x509.Pkcs10CertificateRequest(csrPem);
      const passTypeId = options.passTypeId ?? 'pass.test.passbase.card';
      const certificate = await x509.X509CertificateGenerator.create({
        serialNumber: serial.toString(16).padStart(2, '0'),
        subject: [
          { [UID]: [passTypeId] },
          { CN: [`Pass Type ID: ${passTypeId}`] },
          { OU: [options.teamId ?? 'TEAM123456'] },
          { O: ['Example s.r.o.'] },
          { C: ['CZ'] },
        ],
        issuer: wwdr.certificate.subject,
        notBefore: new Date(Date.now() - DAY),
        notAfter: options.notAfter ?? new Date(Date.now() + 365 * DAY),
        signingAlgorithm: RSA,
        publicKey: request.publicKey,
        signingKey: wwdr.keys.privateKey,
        extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
      });
      return Buffer.from(certificate.rawData);
    },
  };
}

let shared: Promise<SigningChain> | undefined;

/** One chain per test file (a chain costs two RSA key generations). */
export function sharedSigningChain(): Promise<SigningChain> {
  return (shared ??= createSigningChain());
}

/**
 * A test server that can sign: WWDR_CERT is the shared chain's intermediate, PUBLIC_URL https.
 *
 * @example const server = await startSigningTestServer('pglite')
 */
export async function startSigningTestServer(
  kind: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
): Promise<TestServer> {
  const chain = await sharedSigningChain();
  return startTestServer(kind, { WWDR_CERT: chain.wwdrFile, PUBLIC_URL: 'https://passes.test', ...env });
}

export interface SigningSetUp {
  certificateId: string;
  passTypeId: string;
  teamId: string;
  caFile: string;
  wwdrFile: string;
}

/**
 * Creates a certificate in the project through the API, has the shared chain sign its CSR and uploads it.
 * Start the server with startSigningTestServer (or WWDR_CERT = chain.wwdrFile) for passes to sign.
 *
 * @example const { certificateId } = await setUpSigning(server, token, projectId)
 */
export async function setUpSigning(
  server: TestServer,
  token: string,
  projectId: string,
  options: { passTypeId?: string; teamId?: string; notAfter?: Date; chain?: SigningChain } = {},
): Promise<SigningSetUp> {
  const chain = options.chain ?? (await sharedSigningChain());
  const created = await server.call(token, {
    method: 'POST',
    url: '/api/core/v1/certificate',
    payload: { name: 'Wallet signing', projectId },
  });
  if (created.statusCode !== 201) throw new Error(`certificate creation failed: ${created.body}`);
  const certificateId = created.json().id as string;
  const csr = await server.call(token, {
    method: 'GET',
    url: `/api/core/v1/certificate/${certificateId}/csr`,
  });
  if (csr.statusCode !== 200) throw new Error(`CSR download failed: ${csr.body}`);
  const passTypeId = options.passTypeId ?? `pass.test.passbase.${certificateId.slice(0, 8)}`;
  const teamId = options.teamId ?? 'TEAM123456';
  const der = await chain.issue(csr.body, { passTypeId, teamId, notAfter: options.notAfter });
  const uploaded = await server.call(token, {
    method: 'POST',
    url: `/api/core/v1/certificate/${certificateId}/upload`,
    ...multipart({}, [{ name: 'pass.cer', type: 'application/pkix-cert', data: der }]),
  });
  if (uploaded.statusCode !== 200) throw new Error(`certificate upload failed: ${uploaded.body}`);
  return { certificateId, passTypeId, teamId, caFile: chain.caFile, wwdrFile: chain.wwdrFile };
}

/**
 * setUpSigning, and an icon uploaded to the project (a pass needs one to sign): what aSignableTemplate takes.
 *
 * @example const { certificateId, iconId } = await setUpSigningWithIcon(server, token, projectId)
 */
export async function setUpSigningWithIcon(
  server: TestServer,
  token: string,
  projectId: string,
): Promise<SigningSetUp & { iconId: string }> {
  const signing = await setUpSigning(server, token, projectId);
  return { ...signing, iconId: await uploadImage(server, token, projectId, 'icon', iconPng()) };
}

/** A 58×58 PNG: the size of an icon as stored (the @2x). */
export function iconPng(rgb: [number, number, number] = [200, 30, 30]): Buffer {
  return solidPng(58, 58, rgb);
}

/**
 * Uploads an image of the project through the API and answers its id.
 *
 * @example const iconId = await uploadImage(server, token, projectId, 'icon', iconPng())
 */
export async function uploadImage(
  server: TestServer,
  token: string,
  projectId: string,
  type: ImageType,
  data: Buffer,
): Promise<string> {
  const name = `${type}.png`;
  const response = await server.call(token, {
    method: 'POST',
    url: '/api/core/v1/image',
    ...multipart({ projectId, type, name }, [{ name, data }]),
  });
  if (response.statusCode !== 201) throw new Error(`image upload failed: ${response.body}`);
  return response.json().id as string;
}

/**
 * The body of a template that signs: a store card with #{name} (fallback 'Guest'), a QR code of the pass, the
 * certificate, and the given images (an icon is needed: see uploadImage and iconPng).
 *
 * @example await api.created(token, 'template', aSignableTemplate(projectId, certificateId, { icon: iconId }))
 */
export function aSignableTemplate(
  projectId: string,
  certificateId: string,
  images: Record<string, unknown> = {},
  changes: Record<string, unknown> = {},
) {
  const base = templateBody(projectId);
  return {
    ...base,
    certificateId,
    images,
    jsonTemplate: {
      ...base.jsonTemplate,
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: { type: 'string', value: '#{name}', fallback: 'Guest' },
          messageEncoding: 'iso-8859-1',
        },
      ],
    },
    ...changes,
  };
}

/**
 * What openssl says verifying a .pkpass's signature of its manifest against a test chain, as Wallet does Apple's:
 * nothing when it verifies; it throws when it does not.
 *
 * @example expect(verifyManifestSignature(unzip(pkpass), signing.caFile)).toBe('')
 */
export function verifyManifestSignature(files: Record<string, Uint8Array>, caFile: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pkpass-'));
  try {
    fs.writeFileSync(path.join(folder, 'signature'), files.signature);
    fs.writeFileSync(path.join(folder, 'manifest.json'), files['manifest.json']);
    return execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(folder, 'signature'),
        '-content',
        path.join(folder, 'manifest.json'),
        '-CAfile',
        caFile,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The base64 body of a PEM text, as one line: certificates compared whatever their line breaks. */
export const pemBody = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');

/** The certificates a .pkpass's signature (PKCS #7) carries, as openssl prints them, in pemBody form. */
export function certificatesOfSignature(signature: Uint8Array): string {
  return pemBody(
    execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-print_certs'], {
      input: signature,
      encoding: 'utf8',
    }),
  );
}

/** A pass's ApplePass token, as the database keeps it (Wallet got it in pass.json). */
async function applePassToken(server: TestServer, passId: string): Promise<string> {
  const { authenticationToken } = await server.context.db
    .selectFrom('pass')
    .select('authenticationToken')
    .where('id', '=', passId)
    .executeTakeFirstOrThrow();
  return authenticationToken;
}

/**
 * Registers a device for a pass as Apple Wallet does (its ApplePass token read from the database); answers the
 * status of the registration (201 when new).
 *
 * @example expect(await registerDevice(server, { device: 'd1', passTypeId, passId, pushToken: 'ab12' })).toBe(201)
 */
export async function registerDevice(
  server: TestServer,
  registration: { device: string; passTypeId: string; passId: string; pushToken: string },
): Promise<number> {
  const { device, passTypeId, passId, pushToken } = registration;
  const registered = await server.app.inject({
    method: 'POST',
    url: `/wallet/v1/devices/${device}/registrations/${passTypeId}/${passId}`,
    headers: { authorization: `ApplePass ${await applePassToken(server, passId)}` },
    payload: { pushToken },
  });
  return registered.statusCode;
}

/**
 * The pass as a device fetches it after a push (GET /wallet/v1/passes/{type}/{serial} with its ApplePass token),
 * expected 200; answers the files of the .pkpass.
 *
 * @example const files = await fetchedByDevice(server, passTypeId, passId)
 */
export async function fetchedByDevice(
  server: TestServer,
  passTypeId: string,
  passId: string,
): Promise<Record<string, Uint8Array>> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/wallet/v1/passes/${passTypeId}/${passId}`,
    headers: { authorization: `ApplePass ${await applePassToken(server, passId)}` },
  });
  expect(response.statusCode).toBe(200);
  return unzipSync(new Uint8Array(response.rawPayload));
}
