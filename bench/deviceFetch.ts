import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { PNG_SIGNATURE, pngChunk } from '../server/features/passes/images/pngChunks';
import type { BenchSigningChain } from './benchSigningChain';
import type { InProcessServer } from './inProcessServer';
import { percentile } from './measure';

/** A pass as a device knows it: the address of GET /wallet/v1/passes/{type}/{serial} and its ApplePass token. */
export interface DeviceFetchPass {
  passTypeIdentifier: string;
  serialNumber: string;
  authenticationToken: string;
}

export interface DeviceFetchRate {
  /** unique passes fetched per second, wall-clock, over all clients */
  perSecond: number;
  fetched: number;
  p95Ms: number;
  /** answers other than 200 with a .pkpass, and network errors */
  errors: number;
  /** bytes of one answer (the first) */
  bytes: number;
}

/** A multipart/form-data body: the text fields, then one file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A transparent PNG of the size, padded by a text chunk to about `bytes` (a real image's weight). */
function benchPng(width: number, height: number, bytes: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = Buffer.alloc((1 + width * 4) * height);
  const chunks = [
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ];
  const size = PNG_SIGNATURE.length + chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const padding = pngChunk('tEXt', crypto.randomBytes(Math.max(0, bytes - size - 12)));
  return Buffer.concat([PNG_SIGNATURE, chunks[0], padding, ...chunks.slice(1)]);
}

/** How an image is sent to the API: its fields and file, as the console uploads it. */
async function uploadImage(server: InProcessServer, projectId: string, type: string, data: Buffer) {
  const body = multipart(
    { projectId, type, name: `${type}.png` },
    { name: `${type}.png`, type: 'image/png', data },
  );
  const response = await fetch(`${server.url}/api/core/v1/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, ...body.headers },
    body: body.payload,
  });
  if (response.status !== 201) throw new Error(`image upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A certificate created in the project, its request signed by the chain (as Apple does) and uploaded. */
async function uploadedCertificate(server: InProcessServer, projectId: string, chain: BenchSigningChain) {
  const certificateId = await server.post('certificate', { name: 'Bench signing', projectId });
  const headers = { authorization: `Bearer ${server.token}` };
  const csr = await fetch(`${server.url}/api/core/v1/certificate/${certificateId}/csr`, { headers });
  if (csr.status !== 200) throw new Error(`CSR: ${csr.status} ${await csr.text()}`);
  const passTypeIdentifier = `pass.bench.passbase.${certificateId.slice(0, 8)}`;
  const der = await chain.issue(await csr.text(), passTypeIdentifier, 'BENCHTEAM1');
  const body = multipart({}, { name: 'pass.cer', type: 'application/pkix-cert', data: der });
  const uploaded = await fetch(`${server.url}/api/core/v1/certificate/${certificateId}/upload`, {
    method: 'POST',
    headers: { ...headers, ...body.headers },
    body: body.payload,
  });
  if (uploaded.status !== 200)
    throw new Error(`certificate upload: ${uploaded.status} ${await uploaded.text()}`);
  return { certificateId, passTypeIdentifier };
}

/**
 * A store card template with a certificate of the chain and an icon, logo and strip (PNGs of 4, 20 and 60 KB, each
 * written as `x.png` and `x@2x.png`: 7 files with pass.json), and `count` passes of it seeded in SQL, each with its
 * own name and ApplePass token. The server must trust the chain's intermediate (WWDR_CERT = chain.wwdrFile).
 *
 * @example const { passes } = await seedDeviceFetchPasses(server, chain, 2_000)
 */
export async function seedDeviceFetchPasses(
  server: InProcessServer,
  chain: BenchSigningChain,
  count: number,
): Promise<{ projectId: string; templateId: string; passes: DeviceFetchPass[] }> {
  const projectId = await server.post('project', { name: 'Bench device fetch' });
  const { certificateId, passTypeIdentifier } = await uploadedCertificate(server, projectId, chain);
  const images = {
    icon: await uploadImage(server, projectId, 'icon', benchPng(58, 58, 4_000)),
    logo: await uploadImage(server, projectId, 'logo', benchPng(320, 100, 20_000)),
    strip: await uploadImage(server, projectId, 'strip', benchPng(640, 246, 60_000)),
  };
  const jsonTemplate = defaultJsonTemplate() as Record<string, unknown>;
  const templateId = await server.post('template', {
    name: 'Bench card',
    projectId,
    languages: ['en'],
    certificateId,
    images,
    jsonTemplate: {
      ...jsonTemplate,
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: { type: 'string', value: '#{name}', fallback: 'Guest' },
          messageEncoding: 'iso-8859-1',
        },
      ],
    },
  });
  const { rows } = await sql<{ id: string; authenticationToken: string }>`
    insert into "pass" ("projectId", "templateId", "dynamicData", "authenticationToken", "walletUpdatedAt")
    select ${projectId}::uuid, ${templateId}::uuid, jsonb_build_object('name', 'Member ' || n),
      md5('bench-token-' || n) || md5('more-' || n), now()
    from generate_series(1, ${count}::int) as n
    returning "id", "authenticationToken"`.execute(server.db);
  return {
    projectId,
    templateId,
    passes: rows.map((row) => ({
      passTypeIdentifier,
      serialNumber: row.id,
      authenticationToken: row.authenticationToken,
    })),
  };
}

/** One answer of the device fetch: its status, content type and the bytes that came (the body is not kept). */
function getOnce(agent: http.Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string | undefined; length: number; declared: number }>(
    (resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => (length += chunk.length));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: response.headers['content-type'],
              length,
              declared: Number(response.headers['content-length'] ?? -1),
            }),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

/**
 * Fetches each pass once as a device does after a push (GET /wallet/v1/passes/{type}/{serial} with its ApplePass
 * token and an If-Modified-Since of a day before), from `clients` concurrent clients in this thread, each on its
 * own kept-alive connection: unique passes per second, wall-clock, and p95. The clients are node:http reading the
 * body and counting it (fetch costs three times the CPU per answer, which the server would lose on a shared
 * machine; devices are not on it). Any answer but 200 with a whole .pkpass counts as an error.
 *
 * @example const { perSecond } = await fetchPassesOnce(url, passes, 4, '/wallet')
 */
export async function fetchPassesOnce(
  url: string,
  passes: readonly DeviceFetchPass[],
  clients: number,
  walletBase: string,
): Promise<DeviceFetchRate> {
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toUTCString();
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const durations: number[] = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const client = async () => {
    for (let index = next++; index < passes.length; index = next++) {
      const pass = passes[index];
      const started = performance.now();
      try {
        const answer = await getOnce(
          agent,
          `${url}${walletBase}/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
          { authorization: `ApplePass ${pass.authenticationToken}`, 'if-modified-since': since },
        );
        if (
          answer.status !== 200 ||
          answer.type !== 'application/vnd.apple.pkpass' ||
          answer.length !== answer.declared
        )
          errors += 1;
        else bytes ||= answer.length;
      } catch {
        errors += 1;
      }
      durations.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = performance.now() - started;
  agent.destroy();
  return {
    perSecond: Math.round((passes.length / elapsed) * 1000),
    fetched: passes.length,
    p95Ms: Number(percentile(durations, 95).toFixed(1)),
    errors,
    bytes,
  };
}

/**
 * The device fetch rate of a server: each pass fetched once (fetchPassesOnce) by `clients` concurrent clients
 * (4 unless told) run in a worker thread, as devices are not in the server's process; the server may be in this
 * process (bench/inProcessServer.ts) or another.
 *
 * @example const { perSecond } = await deviceFetchRate(server.url, passes)
 */
export function deviceFetchRate(
  url: string,
  passes: readonly DeviceFetchPass[],
  options: { clients?: number; walletBase?: string } = {},
): Promise<DeviceFetchRate> {
  const workerData = {
    url,
    passes,
    clients: options.clients ?? 4,
    walletBase: options.walletBase ?? '/wallet',
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'deviceFetchClients.js'), { workerData });
    worker.once('message', (rate: DeviceFetchRate) => resolve(rate));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the device fetch clients stopped (exit code ${code})`)));
  });
}

/**
 * The ceiling of the device fetch on this machine: the same number of answers of `bytes` each from a bare Fastify
 * route in this process (one buffer, nothing read or signed) to the same clients: what HTTP alone allows.
 *
 * @example const { perSecond } = await bareAnswerRate(171_000, 1_980)
 */
export async function bareAnswerRate(bytes: number, count: number): Promise<DeviceFetchRate> {
  const body = crypto.randomBytes(bytes);
  const app = Fastify();
  app.get('/wallet/v1/passes/:type/:serial', (_request, reply) =>
    reply.header('content-type', 'application/vnd.apple.pkpass').send(body),
  );
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const passes = Array.from({ length: count }, (_, index) => ({
      passTypeIdentifier: 'pass.bench.bare',
      serialNumber: String(index),
      authenticationToken: 'bare',
    }));
    return await deviceFetchRate(url, passes);
  } finally {
    await app.close();
  }
}
