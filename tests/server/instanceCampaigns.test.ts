import type { DatabaseHandle } from '../../server/kernel/db/database';
import type { ApnsStandIn } from './apnsStandIn';
import { startCampaignInstances, type CampaignInstances, type SigningProject } from './campaignInstances';
import { describeWithInstances, signIn, type ApiCaller, type Instances } from './instances';

describeWithInstances('A push campaign shared by three instances on one PostgreSQL database', () => {
  let apns: ApnsStandIn;
  let instances: Instances;
  let database: DatabaseHandle;
  let bed: CampaignInstances;
  let onA: ApiCaller;
  let onC: ApiCaller;
  let project: SigningProject;
  const registeredTemplate = (count: number) => project.registeredTemplate(count);

  /** The campaign, read through an instance that did not start it, once it no longer runs. */
  async function finished(campaignId: string, within = 90_000) {
    const until = Date.now() + within;
    for (;;) {
      const { body } = await onC('GET', `/api/core/v1/pushCampaign/${campaignId}`);
      if (body.status !== 'running' || Date.now() > until) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    // one job at a time per instance: the instance that plans cannot also take every chunk
    bed = await startCampaignInstances(3, { JOB_CONCURRENCY: '1' });
    ({ apns, instances, database, onFirst: onA } = bed);
    onC = (await signIn(instances.urls[2])).call;
    project = await bed.signingProject('Campaigns');
  }, 180_000);

  afterAll(() => bed?.close(), 60_000);

  it('pushes every registered device once, the chunks shared by the instances', async () => {
    const { templateId, tokens } = await registeredTemplate(4000);
    // each chunk takes a while (1,000 pushes, 20 in flight, 10 ms each), as against a real APNs
    apns.delay(10);
    let campaign;
    try {
      const pushed = await onA('GET', `/api/core/v1/template/${templateId}/push`);
      expect(pushed.status).toBe(200);
      campaign = await finished(pushed.body.campaignId);
    } finally {
      apns.delay(0);
    }
    expect(campaign).toEqual(
      expect.objectContaining({
        status: 'done',
        passes: 4000,
        devices: 4000,
        sent: 4000,
        failed: 0,
        left: 0,
      }),
    );
    expect(tokens.filter((token) => apns.pushesTo(token) !== 1)).toEqual([]);
    // one APNs session per instance that sent chunks: more than one instance did
    expect(apns.sessionsThatPushed()).toBeGreaterThan(1);
  }, 180_000);

  it('serves a device its pass as changed through another instance at once, though its caches held the old one', async () => {
    const { templateId } = await registeredTemplate(1);
    const pass = await database.db
      .selectFrom('pass')
      .select(['id', 'authenticationToken'])
      .where('templateId', '=', templateId)
      .executeTakeFirstOrThrow();
    // as Wallet fetches it after a push, through instance A (which holds the image files: each instance here has a
    // data directory of its own): the file is named after the template
    const fileNameOnA = async () => {
      const response = await fetch(`${instances.urls[0]}/wallet/v1/passes/${project.passTypeId}/${pass.id}`, {
        headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return response.headers.get('content-disposition');
    };
    expect(await fileNameOnA()).toContain('Member card.pkpass');
    expect((await onC('PATCH', `/api/core/v1/template/${templateId}`, { name: 'Gold card' })).status).toBe(
      200,
    );
    expect(await fileNameOnA()).toContain('Gold card.pkpass');
  }, 60_000);

  it('loses no device when an instance is killed mid-way: the others take its chunks once its locks lapse', async () => {
    const { templateId, tokens } = await registeredTemplate(6000);
    const before = apns.total();
    apns.delay(25);
    try {
      const pushed = await onA('GET', `/api/core/v1/template/${templateId}/push`);
      expect(pushed.status).toBe(200);
      while (apns.total() - before < 600) await new Promise((resolve) => setTimeout(resolve, 20));
      await instances.kill(1);
      const campaign = await finished(pushed.body.campaignId);
      expect(campaign).toEqual(
        expect.objectContaining({ status: 'done', devices: 6000, sent: 6000, failed: 0, left: 0 }),
      );
    } finally {
      apns.delay(0);
    }
    expect(tokens.filter((token) => apns.pushesTo(token) === 0)).toEqual([]);
    // only the chunks the killed instance held are sent again (at most JOB_CONCURRENCY chunks of 1,000 passes)
    const again = tokens.filter((token) => apns.pushesTo(token) > 1).length;
    expect(again).toBeLessThan(6000);
  }, 240_000);
});
