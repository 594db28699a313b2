import { benchDeviceFetch } from './passSigning';
import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { createKeyVault } from '../server/kernel/auth/keyVault';
import type { Db } from '../server/kernel/db/database';
import type { ApnsBenchMessage, ApnsStandInMessage } from './apnsStandInProcess';
import { startInProcessServer } from './inProcessServer';
import { percentile, row, wholeNumberFromEnv, type BenchDatabase } from './measure';
import { benchCertificates } from './passSigning';
import { startProductServer } from './processes';

/** Registered passes of the template, one device each (BENCH_PASSES; 1,000,000 for the issue's big figure). */
const PASSES = wholeNumberFromEnv('BENCH_PASSES', 100_000);
/** Passes seeded per statement. */
const SEED_BATCH = 20_000;
/** The goal of issue 30: a million devices within 5 minutes, with two instances on PostgreSQL. */
const GOAL_PER_SECOND = 3_400;
/** GET by id during the fan-out: the goal on both databases. */
const GOAL_P99_MS = 200;
/** Clients reading a row by id while the campaign runs, each one request after the other. */
const READERS = 4;
const PASS_TYPE = 'pass.bench.card';
/** The port of the second instance (a process of its own on the same PostgreSQL). */
const SECOND_PORT = 18_731;

/** The APNs stand-in in a process of its own. */
async function startApnsProcess() {
  const child: ChildProcess = fork(path.join(__dirname, 'apnsStandInProcess.js'));
  const next = () =>
    new Promise<ApnsStandInMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ApnsStandInMessage));
      child.once('error', reject);
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the APNs stand-in did not start');
  return {
    url: ready.url,
    caFile: ready.caFile,
    async received(): Promise<number> {
      const answer = next();
      child.send({ type: 'received' } satisfies ApnsBenchMessage);
      const message = await answer;
      return message.type === 'received' ? message.pushes : 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** A Pass Type ID certificate with its key sealed as the server seals it (CERTIFICATE_KEY_SECRET), straight in SQL. */
async function seedCertificate(db: Db, projectId: string, secret: string): Promise<string> {
  const certificates = await benchCertificates();
  const id = crypto.randomUUID();
  const der = crypto.createPrivateKey(certificates.keyPem).export({ type: 'pkcs8', format: 'der' });
  await db
    .insertInto('certificate')
    .values({
      id,
      name: 'Bench pushes',
      projectId,
      passTypeId: PASS_TYPE,
      teamId: 'BENCHTEAM',
      csr: '',
      privateKey: createKeyVault(secret, 'CERTIFICATE_KEY_SECRET').seal(der, id),
      certificate: certificates.signerPem,
    })
    .execute();
  return id;
}

/** PASSES live passes of the template, each registered on a device of its own, in batches of SQL. */
async function seedRegisteredPasses(db: Db, projectId: string, templateId: string): Promise<void> {
  for (let start = 1; start <= PASSES; start += SEED_BATCH) {
    const end = Math.min(PASSES, start + SEED_BATCH - 1);
    const tag = crypto.randomBytes(4).toString('hex');
    // the batch's passes and devices paired one to one as they were inserted (any pairing will do)
    await sql`with "p" as (
        insert into "pass" ("projectId", "templateId", "dynamicData", "dynamicImages", "voided", "devicesTotal")
        select ${projectId}, ${templateId}, '{}'::jsonb, '{}'::jsonb, false, 1
        from generate_series(${start}::int, ${end}::int) returning "id"),
      "d" as (
        insert into "device" ("deviceLibraryIdentifier", "pushToken")
        select ${`bench-${tag}-`} || n, md5(${tag} || n) || md5(n || ${tag})
        from generate_series(${start}::int, ${end}::int) as n returning "id"),
      "pn" as (select "id", row_number() over () as n from "p"),
      "dn" as (select "id", row_number() over () as n from "d")
      insert into "registration" ("deviceId", "passId", "passTypeIdentifier")
      select "dn"."id", "pn"."id", ${PASS_TYPE} from "pn" join "dn" on "dn".n = "pn".n`.execute(db);
  }
}

interface CampaignFigures {
  answerMs: number;
  seconds: number;
  sent: number;
  failed: number;
  perSecond: number;
  getP99: number;
  gets: number;
}

/** Pushes the template through the API and waits for its campaign, reading a row by id meanwhile. */
async function runCampaign(url: string, token: string, db: Db, templateId: string): Promise<CampaignFigures> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const answer = await fetch(`${url}/api/core/v1/template/${templateId}/push`, { headers });
  const answerMs = Math.round(performance.now() - started);
  if (answer.status !== 200) throw new Error(`template push: ${answer.status} ${await answer.text()}`);
  const { campaignId } = (await answer.json()) as { campaignId: string };
  let running = true;
  const timings: number[] = [];
  const reader = async () => {
    while (running) {
      const at = performance.now();
      const response = await fetch(`${url}/api/core/v1/template/${templateId}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET template: ${response.status}`);
      timings.push(performance.now() - at);
    }
  };
  const readers = Array.from({ length: READERS }, reader);
  let campaign;
  for (;;) {
    campaign = await db
      .selectFrom('pushCampaign')
      .select(['status', 'sent', 'failed', 'devices'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    if (campaign.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(readers);
  if (campaign.status !== 'done') throw new Error(`the campaign ended ${campaign.status}`);
  return {
    answerMs,
    seconds,
    sent: campaign.sent,
    failed: campaign.failed,
    perSecond: Math.round((campaign.sent + campaign.failed) / seconds),
    getP99: Math.round(percentile(timings, 99)),
    gets: timings.length,
  };
}

/**
 * Issue 30's figures: a template change over PASSES registered passes fanned out as a push campaign to a local
 * HTTP/2 APNs stand-in, on PGlite, on PostgreSQL with one instance, and on PostgreSQL with two (a second server
 * process on the same database sharing the chunk jobs): pushes/s until the campaign is done, the push request's
 * answer time, and GET by id p99 during the fan-out.
 */
export async function benchCampaign(databases: BenchDatabase[]): Promise<void> {
  const apns = await startApnsProcess();
  const secret = crypto.randomBytes(32).toString('base64');
  const runs = databases.flatMap((database) =>
    database.name === 'PostgreSQL'
      ? [
          { database, instances: 1 },
          { database, instances: 2 },
        ]
      : [{ database, instances: 1 }],
  );
  console.log(row(['', 'answer ms', 'seconds', 'pushes/s', 'failed', 'GET p99 ms', 'GETs', 'goal']));
  try {
    for (const { database, instances } of runs) {
      const env = {
        ...database.env,
        APNS_HOST: apns.url,
        APNS_CA_FILE: apns.caFile,
        CERTIFICATE_KEY_SECRET: secret,
        ...(process.env.APNS_CONCURRENCY ? { APNS_CONCURRENCY: process.env.APNS_CONCURRENCY } : {}),
        ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
      };
      const server = await startInProcessServer(0, env);
      let second: Awaited<ReturnType<typeof startProductServer>> | undefined;
      try {
        const projectId = await server.post('project', { name: `Campaign bench ${instances}` });
        const certificateId = await seedCertificate(server.db, projectId, secret);
        const templateId = await server.post('template', {
          name: 'Pushed card',
          projectId,
          languages: ['en'],
          certificateId,
          jsonTemplate: defaultJsonTemplate(),
        });
        await seedRegisteredPasses(server.db, projectId, templateId);
        if (instances === 2) second = await startProductServer(SECOND_PORT, env);
        const before = await apns.received();
        const figures = await runCampaign(server.url, server.token, server.db, templateId);
        const received = (await apns.received()) - before;
        const goals = [
          `p99 ≤ ${GOAL_P99_MS}: ${figures.getP99 <= GOAL_P99_MS ? 'met' : 'NOT met'}`,
          ...(instances === 2
            ? [`≥ ${GOAL_PER_SECOND}/s: ${figures.perSecond >= GOAL_PER_SECOND ? 'met' : 'NOT met'}`]
            : []),
          ...(received < figures.sent ? [`stand-in heard ${received}`] : []),
        ];
        console.log(
          row([
            `${PASSES} passes (${database.name}, ${instances} instance${instances > 1 ? 's' : ''})`,
            figures.answerMs,
            figures.seconds.toFixed(1),
            figures.perSecond,
            figures.failed,
            figures.getP99,
            figures.gets,
            goals.join('; '),
          ]),
        );
      } finally {
        await second?.stop();
        await server.close();
      }
    }
  } finally {
    await apns.close();
  }
  // what each pushed device does next: fetch its unique, freshly signed pass (against openssl speed rsa2048)
  await benchDeviceFetch(databases);
}
