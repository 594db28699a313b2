import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { openDatabase } from '../server/kernel/db/database';
import { registrationRepository } from '../server/features/wallet/registrationRepository';
import { login } from './identity';
import { type BenchDatabase, percentile, row, wholeNumberFromEnv } from './measure';
import { startProductServer } from './processes';
import { postCreated } from './coreApi';

const PASSES = wholeNumberFromEnv('BENCH_WALLET_PASSES', 100_000);
const DEVICES = wholeNumberFromEnv('BENCH_WALLET_DEVICES', 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PASS_TYPE = 'pass.bench.passbase.card';
const BATCH = 10_000;

interface Measured {
  requestsPerSecond: number;
  p95: number;
  p99: number;
  errors: number;
  /** serial numbers in one answer */
  serials: number;
}

async function createTemplate(
  url: string,
  token: string,
): Promise<{ projectId: string; templateId: string }> {
  const post = (resource: string, body: unknown) => postCreated(url, token, resource, body);
  const projectId = await post('project', { name: 'Bench wallet' });
  const templateId = await post('template', {
    name: 'Wallet card',
    projectId,
    languages: ['en'],
    jsonTemplate: defaultJsonTemplate(),
  });
  return { projectId, templateId };
}

/**
 * PASSES passes, DEVICES devices, pass n registered on device n % DEVICES, in batches of SQL; then a template push's
 * update (walletUpdatedAt = now() for every live pass of the template, through the repository the push uses).
 * Answers the update tag just before the push: what the devices last saw.
 */
async function seed(
  connection: { databaseUrl?: string; dataDir: string },
  ids: { projectId: string; templateId: string },
) {
  const { db, close } = await openDatabase(connection);
  try {
    await sql`insert into "device" ("deviceLibraryIdentifier", "pushToken")
      select 'bench-device-' || n, md5('token' || n) || md5('more' || n)
      from generate_series(0, ${DEVICES - 1}::int) as n`.execute(db);
    // Deterministic ids (md5 of the number, shaped as a v4 UUID): the registrations find their pass without a lookup.
    const passId = sql`overlay(overlay(md5('bench-pass-' || n) placing '4' from 13) placing '8' from 17)::uuid`;
    for (let start = 1; start <= PASSES; start += BATCH) {
      const end = Math.min(PASSES, start + BATCH - 1);
      await db.transaction().execute(async (trx) => {
        await sql`insert into "pass" ("id", "projectId", "templateId", "dynamicData", "devicesTotal", "walletUpdatedAt")
          select ${passId}, ${ids.projectId}::uuid, ${ids.templateId}::uuid, null, 1, now() - interval '1 day'
          from generate_series(${start}::int, ${end}::int) as n`.execute(trx);
        await sql`insert into "registration" ("deviceId", "passId", "passTypeIdentifier")
          select "device"."id", ${passId}, ${PASS_TYPE}
          from generate_series(${start}::int, ${end}::int) as n
          join "device" on "device"."deviceLibraryIdentifier" = 'bench-device-' || (n % ${DEVICES}::int)`.execute(
          trx,
        );
      });
    }
    const before = await sql<{
      tag: string;
    }>`select (extract(epoch from now()) * 1000000)::bigint::text as "tag"`.execute(db);
    const touched = await registrationRepository.touchPassesOfTemplate(db, ids.templateId);
    if (connection.databaseUrl) await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);
    return { tag: before.rows[0].tag, touched };
  } finally {
    await close();
  }
}

/** autocannon over the devices in turn, each asking for its serials updated since the tag before the push. */
async function measure(url: string, tag: string): Promise<Measured> {
  let device = 0;
  const pathOf = (index: number) =>
    `/wallet/v1/devices/bench-device-${index % DEVICES}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`;
  const sample = await fetch(`${url}${pathOf(0)}`);
  if (sample.status !== 200) throw new Error(`GET ${pathOf(0)}: ${sample.status} ${await sample.text()}`);
  const serials = ((await sample.json()) as { serialNumbers: string[] }).serialNumbers.length;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 16,
        duration: SECONDS,
        requests: [
          { method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf((device += 1)) }) },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
    serials,
  };
}

/**
 * 'Serials updated since' after a push to PASSES registered passes (BENCH_WALLET_PASSES, default 100,000) on
 * DEVICES devices (BENCH_WALLET_DEVICES, default 10,000): requests/s and p95 of
 * GET /wallet/v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag before the push}.
 */
export async function benchWalletSerials(databases: BenchDatabase[]): Promise<void> {
  const results: Measured[] = [];
  for (const [index, database] of databases.entries()) {
    const port = 18400 + index;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-wallet-'));
    const env = { ...database.env, WALLET_RATE_LIMIT: '0' };
    try {
      let server = await startProductServer(port, env, { dataDir });
      try {
        const { token } = await login(server.url, server.admin.email, server.admin.password);
        const ids = await createTemplate(server.url, token);
        const started = performance.now();
        let seeded: { tag: string; touched: number };
        if (database.env.DATABASE_URL) {
          seeded = await seed({ databaseUrl: database.env.DATABASE_URL, dataDir }, ids);
        } else {
          // PGlite: one process at a time owns the data directory.
          await server.stop();
          seeded = await seed({ dataDir }, ids);
          server = await startProductServer(port, env, { dataDir });
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `${database.name}: ${PASSES.toLocaleString('en')} passes on ${DEVICES.toLocaleString('en')} devices seeded, ${seeded.touched.toLocaleString('en')} pushed, in ${seconds} s`,
        );
        results.push(await measure(server.url, seeded.tag));
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `GET /wallet/v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag before the push}, devices in turn,` +
      ` 16 connections for ${SECONDS} s`,
  );
  console.log(row(['', 'requests/s', 'p95 ms', 'p99 ms', 'errors', 'serials/answer']));
  for (const [index, database] of databases.entries()) {
    const result = results[index];
    console.log(
      row([
        `serials updated since (${database.name})`,
        result.requestsPerSecond,
        result.p95.toFixed(1),
        result.p99.toFixed(1),
        result.errors,
        result.serials,
      ]),
    );
  }
}
