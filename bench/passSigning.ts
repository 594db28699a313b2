import crypto, { webcrypto } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PKPass } from 'passkit-generator';
import { x509 } from '../server/features/passes/certificates/x509';
import { signedBundle } from '../server/features/passes/pkpass/passBundle';
import type { PassSigner } from '../server/features/passes/pkpass/signature';
import { createBenchSigningChain, type BenchSigningChain } from './benchSigningChain';
import { bareAnswerRate, deviceFetchRate, seedDeviceFetchPasses, type DeviceFetchRate } from './deviceFetch';
import { startInProcessServer } from './inProcessServer';
import { type BenchDatabase, percentile, row, wholeNumberFromEnv } from './measure';
import { opensslRsaSignsPerSecond } from './opensslSpeed';

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const DAY = 24 * 60 * 60 * 1000;

/** A WWDR-like authority and a pass type certificate it issued, with its RSA-2048 key (PEM). */
export async function benchCertificates() {
  const authorityKeys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const validity = { notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 365 * DAY) };
  const wwdr = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Bench WWDR, O=Bench',
    ...validity,
    signingAlgorithm: RSA,
    keys: authorityKeys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Pass Type ID: pass.bench.card, OU=BENCHTEAM, 0.9.2342.19200300.100.1.1=pass.bench.card',
    issuer: wwdr.subject,
    ...validity,
    signingAlgorithm: RSA,
    publicKey: await webcrypto.subtle.importKey(
      'spki',
      publicKey.export({ type: 'spki', format: 'der' }),
      RSA,
      true,
      ['verify'],
    ),
    signingKey: authorityKeys.privateKey,
  });
  return {
    wwdrPem: wwdr.toString('pem'),
    signerPem: signer.toString('pem'),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    signer: {
      certificate: Buffer.from(signer.rawData),
      privateKey,
      wwdr: Buffer.from(wwdr.rawData),
    } as PassSigner,
  };
}

/** pass.json and 9 images of ~50 KB each (incompressible, like PNG data): 10 files, ~450 KB. */
function benchFiles(): Record<string, Buffer> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: 'pass.bench.card',
    teamIdentifier: 'BENCHTEAM',
    serialNumber: 'bench-0001',
    organizationName: 'Bench',
    description: 'Bench card',
    storeCard: { primaryFields: [{ key: 'name', label: 'Name', value: 'Eva' }] },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: 'bench-0001', messageEncoding: 'iso-8859-1' }],
  };
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(passJson)) };
  for (const name of ['icon', 'logo', 'strip']) {
    files[`${name}.png`] = crypto.randomBytes(50_000);
    files[`${name}@2x.png`] = crypto.randomBytes(50_000);
    files[`${name}@3x.png`] = crypto.randomBytes(50_000);
  }
  return files;
}

/** A real PNG's bytes as far as signing goes: incompressible data of its size. */
const pngLike = (bytes: number) => crypto.randomBytes(bytes);

/**
 * A poster event ticket (iOS 18) as the packager writes it: pass.json with its semantics, event guide and relevant
 * dates, an icon and the poster's artwork (716 × 896), secondary logo and venue map, each under its name and @2x
 * (the stored image is the @2x): 9 files, ~1.3 MB.
 */
function posterFiles(): Record<string, Buffer> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: 'pass.bench.card',
    teamIdentifier: 'BENCHTEAM',
    serialNumber: 'bench-0002',
    organizationName: 'Bench',
    description: 'Bench concert',
    preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
    eventTicket: {
      primaryFields: [{ key: 'event', label: 'Event', value: 'Spring concert' }],
      additionalInfoFields: [{ key: 'doors', label: 'Doors', value: 'Open at 19:00' }],
    },
    semantics: {
      eventName: 'Spring concert',
      eventType: 'PKEventTypeLivePerformance',
      performerNames: ['Czech Philharmonic'],
      venueName: 'Rudolfinum',
      venueRegionName: 'Prague',
      venueRoom: 'Dvořák Hall',
      eventStartDate: '2030-05-01T19:30:00+02:00',
      attendeeName: 'Eva Nová',
      seats: [{ seatSection: 'A', seatRow: '3', seatNumber: '12' }],
    },
    relevantDates: [{ startDate: '2030-05-01T18:00:00+02:00', endDate: '2030-05-01T23:00:00+02:00' }],
    relevantDate: '2030-05-01T18:00:00+02:00',
    bagPolicyURL: 'https://venue.example.com/bags',
    barcodes: [{ format: 'PKBarcodeFormatQR', message: 'bench-0002', messageEncoding: 'iso-8859-1' }],
  };
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(passJson)) };
  const sizes = { icon: 4_000, artwork: 600_000, secondaryLogo: 12_000, venueMap: 60_000 };
  for (const [name, bytes] of Object.entries(sizes)) {
    const image = pngLike(bytes);
    files[`${name}.png`] = image;
    files[`${name}@2x.png`] = image;
  }
  return files;
}

interface Run {
  perSecond: number;
  p95Ms: number;
  worstLoopDelayMs: number;
}

/** Signs passes one per event-loop turn for a few seconds, measuring each and the loop's delay meanwhile. */
async function measure(signOne: () => unknown, seconds: number): Promise<Run> {
  for (let warm = 0; warm < 5; warm += 1) await signOne();
  const durations: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const before = performance.now();
    await signOne();
    durations.push(performance.now() - before);
  }
  const elapsed = performance.now() - started;
  loop.disable();
  return {
    perSecond: Math.round((durations.length / elapsed) * 1000),
    p95Ms: Number(percentile(durations, 95).toFixed(2)),
    worstLoopDelayMs: Number((loop.max / 1e6).toFixed(1)),
  };
}

/** Both engines on the same files, printed as a table with the ratio. */
async function compare(
  title: string,
  files: Record<string, Buffer>,
  certificates: Awaited<ReturnType<typeof benchCertificates>>,
  seconds: number,
): Promise<void> {
  const total = Object.values(files).reduce((sum, file) => sum + file.length, 0);
  console.log(
    `${title}: ${Object.keys(files).length} files, ${Math.round(total / 1024)} KB; RSA-2048; ${seconds} s each`,
  );
  // each pass brings its own pass.json; the images are the template's, shared by its passes as in the packager;
  // the archive is answered as its pieces (zipPieces), as the server sends it
  const ours = await measure(
    () => signedBundle({ ...files, 'pass.json': Buffer.from(files['pass.json']) }, certificates.signer),
    seconds,
  );
  const theirs = await measure(
    () =>
      new PKPass(files, {
        wwdr: certificates.wwdrPem,
        signerCert: certificates.signerPem,
        signerKey: certificates.keyPem,
      }).getAsBuffer(),
    seconds,
  );
  console.log(row(['', 'passes/s', 'p95 ms', 'worst loop delay ms']));
  console.log(row(['this engine', ours.perSecond, ours.p95Ms, ours.worstLoopDelayMs]));
  console.log(row(['passkit-generator', theirs.perSecond, theirs.p95Ms, theirs.worstLoopDelayMs]));
  const ratio = ours.perSecond / Math.max(1, theirs.perSecond);
  console.log(
    `ratio ${ratio.toFixed(1)}× (goal ≥ 10×), ${ours.perSecond} passes/s on one core (goal ≥ 500), ` +
      `worst loop delay ${ours.worstLoopDelayMs} ms (goal ≤ 10 ms)`,
  );
}

/**
 * Signed passes per second on one core: this engine's bundle function (no HTTP, no cache) against
 * passkit-generator, on the same passes, certificates and key: a store card, and a poster event ticket with its
 * artwork, secondary logo and venue map; then the device fetch of unique passes over HTTP on each database against
 * `openssl speed rsa2048` (benchDeviceFetch).
 *
 * @example await benchPassSigning([{ name: 'PGlite', env: {} }])
 */
export async function benchPassSigning(
  databases: BenchDatabase[],
  seconds = Number(process.env.BENCH_SECONDS ?? 8),
): Promise<void> {
  const certificates = await benchCertificates();
  await compare('Store card', benchFiles(), certificates, seconds);
  await compare('Poster event ticket (iOS 18)', posterFiles(), certificates, seconds);
  await benchDeviceFetch(databases);
}

/** Passes fetched before the device fetch is measured (not counted): a fan-out of a million passes runs for minutes. */
const FETCH_WARM_UP = 1_000;

/** One database's device fetch: a server in this process on it, `count` passes seeded, each fetched once. */
async function deviceFetchOn(database: BenchDatabase, count: number, chain: BenchSigningChain) {
  const server = await startInProcessServer(0, {
    ...database.env,
    WWDR_CERT: chain.wwdrFile,
    PUBLIC_URL: 'https://passes.bench',
    WALLET_RATE_LIMIT: '0',
  });
  try {
    const { passes } = await seedDeviceFetchPasses(server, chain, count);
    // the first passes warm up the caches and the JIT, as the first minute of a fan-out would
    await deviceFetchRate(server.url, passes.slice(0, FETCH_WARM_UP));
    return await deviceFetchRate(server.url, passes.slice(FETCH_WARM_UP));
  } finally {
    await server.close();
  }
}

/**
 * The device fetch after a change against the cost of the signature, in one run: `openssl speed rsa2048`'s sign/s
 * on one core, then on each database BENCH_FETCH_PASSES (default 5,000) unique passes of one template, each fetched
 * once over HTTP from a server in this process by 4 concurrent clients (in a worker thread) with its ApplePass token.
 */
export async function benchDeviceFetch(databases: BenchDatabase[]): Promise<void> {
  const count = Math.max(FETCH_WARM_UP + 100, wholeNumberFromEnv('BENCH_FETCH_PASSES', 5_000));
  const chain = await createBenchSigningChain();
  try {
    const signs = await opensslRsaSignsPerSecond(3);
    const rows: Array<[string, DeviceFetchRate]> = [];
    for (const database of databases)
      rows.push([`device fetch, ${database.name}`, await deviceFetchOn(database, count, chain)]);
    const bytes = rows[0]?.[1].bytes ?? 0;
    rows.push([
      'the same bytes from a bare route (HTTP alone)',
      await bareAnswerRate(bytes, count - FETCH_WARM_UP),
    ]);
    console.log(
      `Device fetch: ${count - FETCH_WARM_UP} unique passes of one template (${Math.round(bytes / 1024)} KB each), ` +
        'GET /wallet/v1/passes/{type}/{serial} over HTTP, 4 clients, a server in this process',
    );
    console.log(row(['', 'per second', 'p95 ms', 'errors', 'of openssl sign/s']));
    for (const [index, [name, fetched]] of rows.entries()) {
      const share = signs ? `${((fetched.perSecond / signs) * 100).toFixed(0)}%` : '';
      const goal = signs && index < databases.length ? ' (goal ≥ 50%)' : '';
      console.log(row([name, fetched.perSecond, fetched.p95Ms, fetched.errors, `${share}${goal}`]));
    }
    console.log(
      row([
        'openssl speed rsa2048 (sign/s)',
        signs === undefined ? 'openssl is not on this machine' : Math.round(signs),
        '',
        '',
        '',
      ]),
    );
  } finally {
    chain.remove();
  }
}
