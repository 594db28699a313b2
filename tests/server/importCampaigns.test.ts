import { sql } from 'kysely';
import type { ApnsStandIn } from './apnsStandIn';
import { startCampaignBed, type CampaignBed } from './campaignFixtures';
import { databaseKinds, type TestServer } from './harness';
import { coreApi, multipart } from './passFixtures';

/** A raised error a write reports as the row's own (an input error), which aborts a chunk's transaction. */
const FAILING_ROW_TRIGGER = sql`create or replace function "failImportRow"() returns trigger language plpgsql as $$
  begin
    if new."dynamicData"->>'name' = 'boom' then raise exception 'boom' using errcode = '22009'; end if;
    return new;
  end $$`;

/** Fails the first chunk added to a campaign (as a database gone for a moment would), and none after it. */
const FAILING_CHUNK_TRIGGER = sql`create or replace function "failChunkOnce"() returns trigger language plpgsql as $$
  begin
    if nextval('"failChunkOnce"') = 1 then raise exception 'the chunk could not be added'; end if;
    return new;
  end $$`;

describe.each(databaseKinds)('push campaigns of imports (%s)', (kind) => {
  // more than one import chunk (500 rows); PGlite writes row by row, so it gets fewer
  const PASSES = kind === 'postgres' ? 1200 : 600;
  let bed: CampaignBed;
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let projectId: string;
  const api = coreApi(() => server);
  const registeredTemplate = (count: number) => bed.registeredTemplate(count);

  /** Starts the import of a CSV updating each pass's name; answers its job id. */
  async function startImport(templateId: string, passIds: string[], name = (index: number) => `N${index}`) {
    const csv = ['id,name', ...passIds.map((id, index) => `${id},${name(index)}`)].join('\r\n');
    const response = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/pass/import?templateId=${templateId}`,
      ...multipart({}, [{ name: 'passes.csv', type: 'text/csv', data: Buffer.from(csv) }]),
    });
    expect(response.statusCode).toBe(202);
    return response.json().jobId as string;
  }

  const importOf = async (jobId: string) =>
    (await server.call(admin, { method: 'GET', url: `/api/core/v1/pass/import/${jobId}` })).json();
  const campaignOf = async (id: string) => (await api.call(admin, 'GET', `pushCampaign/${id}`)).json();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Waits until `look` answers something (or 60 s passed). */
  async function until<T>(look: () => Promise<T | undefined | null | false>): Promise<T> {
    const end = Date.now() + 60_000;
    for (;;) {
      const seen = await look();
      if (seen || Date.now() > end) return seen as T;
      await sleep(20);
    }
  }

  const campaignsOfTemplate = (templateId: string) =>
    server.context.db.selectFrom('pushCampaign').selectAll().where('templateId', '=', templateId).execute();

  /** pushPass jobs queued for the passes. */
  async function pushPassJobs(passIds: string[]): Promise<number> {
    const row = await server.context.db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('kind', '=', 'pushPass')
      .where(sql<boolean>`"payload"->>'passId' in (${sql.join(passIds)})`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  beforeAll(async () => {
    // the stand-in answers in this process, which an import keeps busy: no push here is meant to time out
    bed = await startCampaignBed(kind, 'Import campaigns', 10_000);
    ({ server, apns, admin, projectId } = bed);
  }, 120_000);

  afterAll(() => bed?.close(), 30_000);

  afterEach(() => apns.delay(0));

  it('pushes the passes an import updates as one campaign: every device once, no pushPass job, done with sent = N', async () => {
    const { templateId, passIds, tokens } = await registeredTemplate(PASSES);
    const jobId = await startImport(templateId, passIds);
    await server.jobsIdle();
    const imported = await importOf(jobId);
    expect(imported).toEqual(expect.objectContaining({ state: 'done', updated: PASSES, failed: 0 }));
    expect(imported.pushCampaignId).toEqual(expect.any(String));
    const campaigns = await campaignsOfTemplate(templateId);
    expect(campaigns.map((campaign) => campaign.id)).toEqual([imported.pushCampaignId]);
    expect(await campaignOf(imported.pushCampaignId)).toEqual(
      expect.objectContaining({
        projectId,
        templateId,
        cause: 'import',
        status: 'done',
        passes: PASSES,
        devices: PASSES,
        sent: PASSES,
        failed: 0,
        left: 0,
        planned: true,
        createdBy: expect.any(String),
      }),
    );
    expect(tokens.map((token) => apns.pushesTo(token))).toEqual(tokens.map(() => 1));
    expect(await pushPassJobs(passIds)).toBe(0);
  }, 120_000);

  it('starts no campaign for an import that only creates passes', async () => {
    const { templateId } = await registeredTemplate(0);
    const csv = ['name', 'Anna', 'Ben'].join('\r\n');
    const response = await server.call(admin, {
      method: 'POST',
      url: `/api/core/v1/pass/import?templateId=${templateId}`,
      ...multipart({}, [{ name: 'passes.csv', type: 'text/csv', data: Buffer.from(csv) }]),
    });
    await server.jobsIdle();
    const imported = await importOf(response.json().jobId);
    expect(imported).toEqual(expect.objectContaining({ state: 'done', created: 2, pushCampaignId: null }));
    expect(await campaignsOfTemplate(templateId)).toEqual([]);
  }, 60_000);

  it('is not cancelled by a template push during its campaign, nor cancels it', async () => {
    const { templateId, passIds, tokens } = await registeredTemplate(PASSES);
    // a slow APNs: the import's campaign still runs when the template is pushed
    apns.delay(100);
    const jobId = await startImport(templateId, passIds);
    const campaignId = await until(async () => (await importOf(jobId)).pushCampaignId as string | null);
    expect((await campaignOf(campaignId)).status).toBe('running');
    const pushed = await api.call(admin, 'GET', `template/${templateId}/push`);
    expect(pushed.statusCode).toBe(200);
    apns.delay(0);
    await server.jobsIdle();
    expect(await campaignOf(campaignId)).toEqual(
      expect.objectContaining({ status: 'done', supersededBy: null, passes: PASSES, sent: PASSES }),
    );
    expect(await campaignOf(pushed.json().campaignId)).toEqual(
      expect.objectContaining({ cause: 'template', status: 'done', sent: PASSES }),
    );
    expect(tokens.map((token) => apns.pushesTo(token))).toEqual(tokens.map(() => 2));
  }, 120_000);

  it('cancels an import campaign: its chunks left are not sent, the import completes', async () => {
    // five import chunks: the campaign is cancelled while the import writes the later ones
    const ROWS = 2500;
    const { templateId, passIds, tokens } = await registeredTemplate(ROWS);
    apns.delay(100);
    const jobId = await startImport(templateId, passIds);
    const campaignId = await until(async () => (await importOf(jobId)).pushCampaignId as string | null);
    const cancelled = await api.call(admin, 'POST', `pushCampaign/${campaignId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    apns.delay(0);
    await server.jobsIdle();
    expect(await importOf(jobId)).toEqual(
      expect.objectContaining({ state: 'done', updated: ROWS, pushCampaignId: campaignId }),
    );
    const campaign = await campaignOf(campaignId);
    expect(campaign.status).toBe('cancelled');
    // the import's later chunks added nothing to it, and at most its chunks queued before were sent
    expect(campaign.passes).toBeLessThan(ROWS);
    const pushes = tokens.map((token) => apns.pushesTo(token));
    expect(pushes.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(campaign.passes);
    expect(Math.max(...pushes)).toBeLessThanOrEqual(1);
    expect(await pushPassJobs(passIds)).toBe(0);
  }, 120_000);

  it('announces each pass once when a chunk fails and is written again row by row', async () => {
    const { templateId, passIds, tokens } = await registeredTemplate(40);
    const { db } = server.context;
    await FAILING_ROW_TRIGGER.execute(db);
    await sql`create trigger "failImportRow" before update on "pass" for each row execute function "failImportRow"()`.execute(
      db,
    );
    try {
      const jobId = await startImport(templateId, passIds, (index) => (index === 7 ? 'boom' : `N${index}`));
      await server.jobsIdle();
      const imported = await importOf(jobId);
      expect(imported).toEqual(expect.objectContaining({ state: 'done', updated: 39, failed: 1 }));
      expect(await campaignOf(imported.pushCampaignId)).toEqual(
        expect.objectContaining({ status: 'done', passes: 39, sent: 39 }),
      );
      expect(tokens.map((token) => apns.pushesTo(token)).sort()).toEqual([
        0,
        ...Array.from({ length: 39 }, () => 1),
      ]);
    } finally {
      await sql`drop trigger "failImportRow" on "pass"`.execute(db);
    }
  }, 60_000);

  it('pushes a chunk whose announcement failed: its outcome is not kept, it is written again and announced then', async () => {
    const { templateId, passIds, tokens } = await registeredTemplate(30);
    const { db } = server.context;
    await sql`create sequence "failChunkOnce"`.execute(db);
    await FAILING_CHUNK_TRIGGER.execute(db);
    await sql`create trigger "failChunkOnce" before update on "pushCampaign" for each row
      when (new."chunks" > old."chunks") execute function "failChunkOnce"()`.execute(db);
    try {
      const jobId = await startImport(templateId, passIds);
      // on PGlite the import's job fails with the chunk and is retried
      const imported = await until(async () => {
        const seen = await importOf(jobId);
        return seen.state !== 'running' && seen.state !== 'queued' && seen;
      });
      await server.jobsIdle();
      expect(imported).toEqual(expect.objectContaining({ state: 'done', updated: 30, failed: 0 }));
      expect(await campaignOf(imported.pushCampaignId)).toEqual(
        expect.objectContaining({ status: 'done', passes: 30, sent: 30 }),
      );
      expect(tokens.map((token) => apns.pushesTo(token))).toEqual(Array(30).fill(1));
      const names = await db.selectFrom('pass').select('dynamicData').where('id', 'in', passIds).execute();
      expect(names.map((row) => (row.dynamicData as { name: string }).name).sort()).toEqual(
        passIds.map((_, index) => `N${index}`).sort(),
      );
    } finally {
      await sql`drop trigger "failChunkOnce" on "pushCampaign"`.execute(db);
      await sql`drop sequence "failChunkOnce"`.execute(db);
    }
  }, 60_000);
});
