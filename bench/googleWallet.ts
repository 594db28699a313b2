import fs from 'node:fs';
import { sql } from 'kysely';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { serviceAccountFiles, startGoogleStandIn } from '../tests/server/googleStandIn';
import { startInProcessServer, type InProcessServer } from './inProcessServer';
import { type BenchDatabase, row, wholeNumberFromEnv } from './measure';

const PASSES = wholeNumberFromEnv('BENCH_GOOGLE_PASSES', 100_000);
const SMALL = 10;
/** how long the patches of the queued jobs are counted */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** one pass in SAVED_EVERY was saved to Google Wallet: Google holds its object, the others answer 404 */
const SAVED_EVERY = 10;
const ISSUER_ID = '3388000000012345678';
const CLIENT_EMAIL = 'bench@example-project.iam.gserviceaccount.com';
const BATCH = 10_000;

const OBJECT_TEMPLATE = {
  loyaltyObject: {
    state: 'ACTIVE',
    accountName: '#{name}',
    loyaltyPoints: { label: 'Points', balance: { int: '#{points}' } },
  },
};

/** A template with `count` passes (dynamic data {name, points}) seeded in SQL; answers its id and its pass ids. */
async function templateWithPasses(server: InProcessServer, projectId: string, count: number) {
  const templateId = await server.post('template', {
    name: `Google ${count}`,
    projectId,
    languages: ['en'],
    jsonTemplate: defaultJsonTemplate(),
    saveToGooglePayObjectTemplate: OBJECT_TEMPLATE,
  });
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await sql`insert into "pass" ("projectId", "templateId", "dynamicData")
      select ${projectId}::uuid, ${templateId}::uuid, jsonb_build_object('name', 'Member ' || n, 'points', n)
      from generate_series(${start}::int, ${end}::int) as n`.execute(server.db);
  }
  await sql`analyze "pass"`.execute(server.db);
  const passes = await server.db
    .selectFrom('pass')
    .select('id')
    .where('templateId', '=', templateId)
    .execute();
  return { templateId, passIds: passes.map((pass) => pass.id) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - start), value };
}

/** GET /v1/template/{id}/savetogooglepay: its time and its answer. */
function askUpdate(server: InProcessServer, templateId: string) {
  return timed(async () => {
    const response = await fetch(`${server.url}/api/core/v1/template/${templateId}/savetogooglepay`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (response.status !== 200)
      throw new Error(`savetogooglepay: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  });
}

const doneJobs = async (server: InProcessServer, kind: string) =>
  Number(
    (
      await server.db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('kind', '=', kind)
        .where('state', '=', 'done')
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Polls until the job is done or failed; answers the time it took from `since`. */
async function jobFinished(server: InProcessServer, jobId: string, since: number): Promise<number> {
  for (;;) {
    const job = await server.db.selectFrom('job').select('state').where('id', '=', jobId).executeTakeFirst();
    if (job?.state === 'done' || job?.state === 'failed') return Math.round(performance.now() - since);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Save to Google Pay of a template of BENCH_GOOGLE_PASSES passes (one in ten saved to Google Wallet, a local
 * stand-in of Google's API): the request's time (against one of 10 passes), the time its job takes to queue one
 * patch per pass, and the patches the queue then sends per second.
 */
export async function benchGoogleWallet(databases: BenchDatabase[]): Promise<void> {
  const keys = serviceAccountFiles(CLIENT_EMAIL);
  const google = await startGoogleStandIn(keys.publicKeyPem, CLIENT_EMAIL);
  console.log(row(['', 'request ms', 'fan-out ms', 'patches/s']));
  try {
    for (const [index, database] of databases.entries()) {
      const server = await startInProcessServer(18700 + index, {
        ...database.env,
        GOOGLE_WALLET_SERVICE_ACCOUNT: keys.keyFile,
        GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
        GOOGLE_WALLET_API_BASE: google.apiBase,
        GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
      });
      try {
        const projectId = await server.post('project', { name: 'Bench Google Wallet' });
        const small = await templateWithPasses(server, projectId, SMALL);
        const large = await templateWithPasses(server, projectId, PASSES);
        for (const passId of large.passIds.filter((_, n) => n % SAVED_EVERY === 0))
          google.resources.set(`${ISSUER_ID}.${passId}`, { id: `${ISSUER_ID}.${passId}` });

        const smallAsked = await askUpdate(server, small.templateId);
        await server.jobs.idle();
        console.log(row([`${database.name}: template of ${SMALL} passes`, smallAsked.ms, '', '']));

        const patchesBefore = await doneJobs(server, 'googlePass');
        const start = performance.now();
        const asked = await askUpdate(server, large.templateId);
        if (typeof asked.value.jobId !== 'string') {
          // an answer after the work: the request did every patch itself
          console.log(row([`${database.name}: template of ${PASSES} passes`, asked.ms, '—', '—']));
          console.log(`  answer: ${JSON.stringify(asked.value)}`);
          continue;
        }
        const fanOutMs = await jobFinished(server, asked.value.jobId, start);
        const countFrom = await doneJobs(server, 'googlePass');
        await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
        const patched = (await doneJobs(server, 'googlePass')) - countFrom;
        console.log(
          row([
            `${database.name}: template of ${PASSES} passes`,
            asked.ms,
            fanOutMs,
            Math.round(patched / SECONDS),
          ]),
        );
        console.log(
          `  answer: ${JSON.stringify(asked.value)}; patches done before counting: ${countFrom - patchesBefore}`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await google.close();
    fs.rmSync(keys.directory, { recursive: true, force: true });
  }
}
