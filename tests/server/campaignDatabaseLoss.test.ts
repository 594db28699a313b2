import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../server/kernel/db/database';
import type { ApnsStandIn } from './apnsStandIn';
import { startCampaignInstances, type CampaignInstances } from './campaignInstances';
import { describeWithInstances, type ApiCaller, type Instances } from './instances';

/** Passes per chunk on PostgreSQL (pushCampaigns.ts chunkPassesOf). */
const CHUNK_PASSES = 1000;
/** Jobs one server runs at once: at most this many chunks are in flight when the database goes away. */
const JOB_CONCURRENCY = 2;
const DEVICES = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One answer of the API seen while the campaign ran. */
interface Seen {
  url: string;
  status: number;
  retryAfter: string | null;
  message: string;
}

describeWithInstances('A push campaign when PostgreSQL restarts mid-way', () => {
  let apns: ApnsStandIn;
  let instances: Instances;
  let database: DatabaseHandle;
  let bed: CampaignInstances;
  let admin: string;
  let api: ApiCaller;
  let databaseName: string;

  /** A connection to the server's maintenance database (not the test's): it survives what it does to the test's. */
  async function onTheServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** What a restart does to clients: every connection to the database is closed by the server. */
  const terminateConnections = (client: pg.Client) =>
    client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    );

  /** A restart that takes a while: connections closed, and new ones refused for `ms`. */
  async function restart(ms: number) {
    await onTheServer(async (client) => {
      await client.query(`alter database "${databaseName}" allow_connections false`);
      try {
        await terminateConnections(client);
        await sleep(ms);
      } finally {
        await client.query(`alter database "${databaseName}" allow_connections true`);
      }
    });
  }

  /** Calls GET by id of the template and of the campaign every 25 ms until `stop`; answers what it saw. */
  function watchAnswers(urls: string[], token: string) {
    const seen: Seen[] = [];
    let stopped = false;
    const running = (async () => {
      while (!stopped) {
        for (const url of urls) {
          try {
            const response = await fetch(`${instances.urls[0]}${url}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const text = await response.text();
            seen.push({
              url,
              status: response.status,
              retryAfter: response.headers.get('retry-after'),
              message: response.status >= 500 ? text : '',
            });
          } catch (error) {
            seen.push({ url, status: 0, retryAfter: null, message: String(error) });
          }
        }
        await sleep(25);
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await running;
        return seen;
      },
    };
  }

  async function finished(campaignId: string, within = 120_000) {
    const until = Date.now() + within;
    for (;;) {
      const { status, body } = await api('GET', `/api/core/v1/pushCampaign/${campaignId}`);
      if ((status === 200 && body.status !== 'running') || Date.now() > until) return body;
      await sleep(200);
    }
  }

  beforeAll(async () => {
    bed = await startCampaignInstances(1, {
      JOB_RETRY_BASE_MS: '1000',
      JOB_CONCURRENCY: String(JOB_CONCURRENCY),
      DATABASE_POOL_SIZE: '5',
    });
    ({ apns, instances, database, admin, onFirst: api } = bed);
    databaseName = new URL(instances.databaseUrl).pathname.slice(1);
  }, 180_000);

  afterAll(() => bed?.close(), 60_000);

  it('resumes: every device pushed, few twice, the server up, 503 while unreachable, caches hear writes after', async () => {
    const project = await bed.signingProject('Restarts');
    const { templateId, tokens } = await project.registeredTemplate(DEVICES);

    // 20 pushes in flight, 20 ms each: about 1,000 pushes a second, so the campaign lasts a few seconds
    apns.delay(20);
    const pushed = await api('GET', `/api/core/v1/template/${templateId}/push`);
    expect(pushed.status).toBe(200);
    const campaignId = pushed.body.campaignId as string;
    const watcher = watchAnswers(
      [`/api/core/v1/template/${templateId}`, `/api/core/v1/pushCampaign/${campaignId}`],
      admin,
    );
    let campaign;
    let seen: Seen[];
    try {
      while (apns.total() < 700) await sleep(20);
      // a quick restart: every connection closed at once
      await onTheServer(terminateConnections);
      const after = apns.total();
      while (apns.total() < Math.min(after + 700, DEVICES - 500)) await sleep(20);
      // a slower one: closed, and refused for 2 s
      await restart(2000);
      campaign = await finished(campaignId);
    } finally {
      apns.delay(0);
      seen = await watcher.stop();
    }

    expect(campaign).toEqual(
      expect.objectContaining({
        status: 'done',
        passes: DEVICES,
        devices: DEVICES,
        sent: DEVICES,
        failed: 0,
        left: 0,
      }),
    );
    expect(tokens.filter((token) => apns.pushesTo(token) === 0)).toEqual([]);
    // A chunk is counted after its pushes are sent: one in flight when the connections close is sent again by its
    // next attempt. Each of the two losses can catch at most JOB_CONCURRENCY chunks in flight, so at most that many
    // chunks' devices get a second push per loss, and no device more than one per loss.
    const losses = 2;
    const again = tokens.reduce((sum, token) => sum + apns.pushesTo(token) - 1, 0);
    expect(again).toBeLessThanOrEqual(losses * JOB_CONCURRENCY * CHUNK_PASSES);
    expect(Math.max(...tokens.map((token) => apns.pushesTo(token)))).toBeLessThanOrEqual(1 + losses);

    // nothing answered 5xx but 503 (with Retry-After) while the database was away; requests never went unanswered
    expect(seen.length).toBeGreaterThan(20);
    const wrong = seen.filter(
      ({ status, retryAfter }) => status !== 200 && !(status === 503 && retryAfter !== null),
    );
    expect(wrong).toEqual([]);

    // the server is up and answers
    expect((await api('GET', `/api/core/v1/pushCampaign/${campaignId}`)).status).toBe(200);
    const read = await api('GET', `/api/core/v1/template/${templateId}`);
    expect(read.status).toBe(200);

    // a change through the API is read back
    const renamed = await api('PATCH', `/api/core/v1/template/${templateId}`, { name: 'After the restart' });
    expect(renamed.status).toBe(200);
    expect((await api('GET', `/api/core/v1/template/${templateId}`)).body.name).toBe('After the restart');

    // a write of another process is heard once the server listens again: its cache does not answer the old row
    const until = Date.now() + 10_000;
    const listening = async () =>
      Number(
        (
          await sql<{ count: number }>`select count(*) as "count" from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`.execute(database.db)
        ).rows[0].count,
      );
    while ((await listening()) < 2 && Date.now() < until) await sleep(100);
    expect(await listening()).toBeGreaterThanOrEqual(2);
    await sql`update "template" set "name" = 'Written by another instance' where "id" = ${templateId}`.execute(
      database.db,
    );
    expect((await api('GET', `/api/core/v1/template/${templateId}`)).body.name).toBe(
      'Written by another instance',
    );
  }, 240_000);
});
