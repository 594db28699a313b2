import { Right } from '../../domain/rights';
import { maintenanceOf } from '../../server/kernel/maintenance';
import { pushServiceOf } from '../../server/features/wallet/push/pushService';
import type { ApnsStandIn } from './apnsStandIn';
import { startCampaignBed, tokensOfTemplate, type CampaignBed } from './campaignFixtures';
import { databaseKinds, expectError, type TestServer } from './harness';
import { coreApi } from './passFixtures';

const PASSES = 1200;
const DAY = 24 * 3600 * 1000;
/** Long enough that a test machine's busy moment is not taken for APNs hanging; short for the tests that hang it. */
const APNS_TIMEOUT_MS = 3000;

describe.each(databaseKinds)('push campaigns (%s)', (kind) => {
  let bed: CampaignBed;
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let projectId: string;
  const api = coreApi(() => server);
  const registeredTemplate = (count: number) => bed.registeredTemplate(count);

  const campaignOf = async (id: string) => (await api.call(admin, 'GET', `pushCampaign/${id}`)).json();

  /** The campaign once it no longer runs (its retries included). */
  async function finished(id: string, within = 60_000) {
    const until = Date.now() + within;
    for (;;) {
      const campaign = await campaignOf(id);
      if (campaign.status !== 'running' || Date.now() > until) return campaign;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    bed = await startCampaignBed(kind, 'Campaigns', APNS_TIMEOUT_MS);
    ({ server, apns, admin, projectId } = bed);
  }, 120_000);

  afterAll(() => bed?.close(), 30_000);

  it('pushes every registered device of a template exactly once, in chunks, and counts it', async () => {
    const { templateId, tokens } = await registeredTemplate(PASSES);
    const pushed = await api.call(admin, 'GET', `template/${templateId}/push`);
    expect(pushed.statusCode).toBe(200);
    const { campaignId } = pushed.json();
    const campaign = await finished(campaignId);
    expect(campaign).toEqual(
      expect.objectContaining({
        projectId,
        templateId,
        cause: 'template',
        status: 'done',
        passes: PASSES,
        devices: PASSES,
        sent: PASSES,
        failed: 0,
        left: 0,
        planned: true,
      }),
    );
    expect(tokens.map((token) => apns.pushesTo(token))).toEqual(tokens.map(() => 1));
    // each chunk stores its results after it was counted
    await server.jobsIdle();
    const results = await server.context.db
      .selectFrom('pushResult')
      .innerJoin('pass', 'pass.id', 'pushResult.passId')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('pass.templateId', '=', templateId)
      .executeTakeFirstOrThrow();
    expect(Number(results.count)).toBe(PASSES);
    const listed = await api.call(admin, 'GET', `pushCampaign?templateId=${templateId}`);
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain(campaignId);
  }, 120_000);

  it('unregisters 410 tokens, retries 429 and 500 until they succeed, fails a hanging token with the reason', async () => {
    const { templateId, tokens } = await registeredTemplate(6);
    const [gone, busy, broken, hanging] = tokens;
    apns.answer(gone, 410, 'Unregistered');
    apns.answer(busy, 429, 'TooManyRequests', 2);
    apns.answer(broken, 500, 'InternalServerError', 1);
    apns.hang(hanging);
    const { campaignId } = (await api.call(admin, 'GET', `template/${templateId}/push`)).json();
    const campaign = await finished(campaignId);
    expect(campaign).toEqual(
      expect.objectContaining({ status: 'done', devices: 6, sent: 4, failed: 2, left: 0 }),
    );
    expect(campaign.lastError).toMatch(
      new RegExp(`^(APNs did not answer within ${APNS_TIMEOUT_MS} ms|410 Unregistered)`),
    );
    expect(apns.pushesTo(gone)).toBe(1);
    expect(apns.pushesTo(busy)).toBe(3);
    expect(apns.pushesTo(broken)).toBe(2);
    expect(apns.pushesTo(hanging)).toBe(4);
    for (const token of tokens.slice(4)) expect(apns.pushesTo(token)).toBe(1);
    await server.jobsIdle();
    expect(await tokensOfTemplate(server.context.db, templateId)).not.toContain(gone);
    const hungResult = await server.context.db
      .selectFrom('pushResult')
      .innerJoin('device', 'device.id', 'pushResult.deviceId')
      .select(['pushResult.status', 'pushResult.reason'])
      .where('device.pushToken', '=', hanging)
      .executeTakeFirstOrThrow();
    expect(hungResult).toEqual({
      status: 0,
      reason: `APNs did not answer within ${APNS_TIMEOUT_MS} ms (APNS_TIMEOUT_MS).`,
    });
  }, 120_000);

  it('opens a new APNs session after GOAWAY', async () => {
    const { templateId, tokens } = await registeredTemplate(5);
    const first = (await api.call(admin, 'GET', `template/${templateId}/push`)).json();
    expect((await finished(first.campaignId)).sent).toBe(5);
    apns.goAway();
    const second = (await api.call(admin, 'GET', `template/${templateId}/push`)).json();
    expect(await finished(second.campaignId)).toEqual(
      expect.objectContaining({ status: 'done', sent: 5, failed: 0 }),
    );
    expect(tokens.map((token) => apns.pushesTo(token))).toEqual(tokens.map(() => 2));
  }, 60_000);

  it('supersedes a running campaign of the same template: the later one completes, no token pushed more than twice', async () => {
    const { templateId, tokens } = await registeredTemplate(PASSES);
    const first = await pushServiceOf(server.context).pushTemplate(templateId);
    const second = (await api.call(admin, 'GET', `template/${templateId}/push`)).json();
    const later = await finished(second.campaignId);
    expect(later).toEqual(expect.objectContaining({ status: 'done', sent: PASSES, failed: 0, left: 0 }));
    expect(await campaignOf(first.campaignId)).toEqual(
      expect.objectContaining({ status: 'cancelled', supersededBy: second.campaignId }),
    );
    const counts = tokens.map((token) => apns.pushesTo(token));
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
  }, 120_000);

  it('cancels a campaign: the pushes not yet sent are not sent; rights are checked', async () => {
    const { templateId, tokens } = await registeredTemplate(20);
    // APNs does not answer: the chunk waits APNS_TIMEOUT_MS, then hands its tokens to a retry job
    for (const token of tokens) apns.hang(token);
    const { campaignId } = await pushServiceOf(server.context).pushTemplate(templateId);
    for (let look = 0; look < 400 && (await campaignOf(campaignId)).devices === 0; look += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const reader = await server.createUser();
    await server.setRights(projectId, reader.id, Right.TEMPLATE_READ);
    expect((await api.call(reader.token, 'GET', `pushCampaign/${campaignId}`)).statusCode).toBe(200);
    expectError(await api.call(reader.token, 'POST', `pushCampaign/${campaignId}/cancel`), 403);
    const stranger = await server.createUser();
    const elsewhere = await server.createProject('Elsewhere');
    await server.setRights(elsewhere, stranger.id, Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE);
    expectError(await api.call(stranger.token, 'GET', `pushCampaign/${campaignId}`), 404);
    expectError(await api.call(stranger.token, 'POST', `pushCampaign/${campaignId}/cancel`), 404);

    const cancelled = await api.call(admin, 'POST', `pushCampaign/${campaignId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual(expect.objectContaining({ id: campaignId, status: 'cancelled' }));
    expectError(await api.call(admin, 'POST', `pushCampaign/${campaignId}/cancel`), 409);
    // the chunk's timeouts, then its retry job (due 50 ms later), which sends nothing
    await new Promise((resolve) => setTimeout(resolve, APNS_TIMEOUT_MS + 1000));
    await server.jobsIdle();
    const campaign = await campaignOf(campaignId);
    expect(campaign).toEqual(expect.objectContaining({ status: 'cancelled', sent: 0, devices: 20 }));
    expect(tokens.map((token) => apns.pushesTo(token))).toEqual(tokens.map(() => 1));
  }, 120_000);

  it('deletes push results and ended campaigns after PUSH_RETENTION_DAYS (90), not before', async () => {
    const { templateId } = await registeredTemplate(3);
    const { campaignId } = (await api.call(admin, 'GET', `template/${templateId}/push`)).json();
    expect((await finished(campaignId)).status).toBe('done');
    await server.jobsIdle();
    const results = async () =>
      Number(
        (
          await server.context.db
            .selectFrom('pushResult')
            .innerJoin('pass', 'pass.id', 'pushResult.passId')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('pass.templateId', '=', templateId)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await results()).toBe(3);
    const maintenance = maintenanceOf(server.context)!;
    await maintenance.run(new Date(Date.now() + 89 * DAY));
    expect(await results()).toBe(3);
    expect((await api.call(admin, 'GET', `pushCampaign/${campaignId}`)).statusCode).toBe(200);
    await maintenance.run(new Date(Date.now() + 91 * DAY));
    expect(await results()).toBe(0);
    expect((await api.call(admin, 'GET', `pushCampaign/${campaignId}`)).statusCode).toBe(404);
  }, 60_000);

  it('resumes a campaign on another instance when the queue of the first stops mid-way', async () => {
    const { templateId, tokens } = await registeredTemplate(PASSES);
    const { campaignId } = await pushServiceOf(server.context).pushTemplate(templateId);
    for (let look = 0; look < 400 && (await campaignOf(campaignId)).sent === 0; look += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // the running jobs finish (within the grace), the others are left pending: the second instance runs them
    await server.context.jobs.stop();
    const other = await server.startAnotherInstance();
    try {
      const campaign = await finished(campaignId);
      expect(campaign).toEqual(
        expect.objectContaining({ status: 'done', passes: PASSES, devices: PASSES, sent: PASSES, left: 0 }),
      );
      const counts = tokens.map((token) => apns.pushesTo(token));
      expect(Math.min(...counts)).toBe(1);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    } finally {
      await other.close();
    }
  }, 120_000);
});
