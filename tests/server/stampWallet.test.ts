import { strFromU8, unzipSync } from 'fflate';
import { pkpassBytes } from '../../server/features/passes';
import { pushServiceOf } from '../../server/features/wallet/push/pushService';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import { databaseKinds, type TestServer } from './harness';
import { coreApi } from './passFixtures';
import { STAMP_COUNT_FIELD } from './stampFixtures';
import {
  aSignableTemplate,
  registerDevice,
  setUpSigningWithIcon,
  startSigningTestServer,
} from './walletFixtures';

const DEVICE = '00112233445566778899aabbccddeeff';
const PUSH_TOKEN = 'ef'.repeat(32);

/** The wallet follows a stamp at once: a new update tag, a push to the pass's device, the count in pass.json. */
describe.each(databaseKinds)('a stamped card in the wallet (%s)', (kind) => {
  let apns: ApnsStandIn;
  let server: TestServer;
  let admin: string;
  let passTypeId: string;
  let passId: string;
  let cardId: string;
  const api = coreApi(() => server);
  const serials = (since: string) =>
    server.app.inject({
      method: 'GET',
      url: `/wallet/v1/devices/${DEVICE}/registrations/${passTypeId}?passesUpdatedSince=${since}`,
    });

  beforeAll(async () => {
    apns = await startApnsStandIn();
    server = await startSigningTestServer(kind, { APNS_HOST: apns.url, APNS_CA_FILE: apns.caFile });
    admin = await server.adminToken();
    const projectId = await server.createProject('Wallet stamps');
    const signing = await setUpSigningWithIcon(server, admin, projectId);
    passTypeId = signing.passTypeId;
    const base = aSignableTemplate(projectId, signing.certificateId, { icon: signing.iconId });
    const template = await api.created(admin, 'template', {
      ...base,
      jsonTemplate: {
        ...base.jsonTemplate,
        storeCard: {
          ...base.jsonTemplate.storeCard,
          secondaryFields: [STAMP_COUNT_FIELD],
        },
      },
      dynamicDataJsonSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, stamps: { type: 'integer' } },
      },
    });
    passId = (await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: 'Ann' } })).id;
    cardId = (
      await api.created(admin, 'stampCard', { name: 'Coffee', templateId: template.id, stampsForReward: 10 })
    ).id;
    expect(await registerDevice(server, { device: DEVICE, passTypeId, passId, pushToken: PUSH_TOKEN })).toBe(
      201,
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await apns?.close();
  }, 30_000);

  it('gives the pass a new update tag, pushes its device, and signs the new count with its change message', async () => {
    const tag = (await serials('0')).json().lastUpdated as string;
    const pushesBefore = apns.received.length;
    const stamped = await api.call(admin, 'POST', `stampCard/${cardId}/stamp`, { passId, count: 3 });
    expect(stamped.statusCode).toBe(200);
    await pushServiceOf(server.context).settled();
    expect(apns.received.length).toBe(pushesBefore + 1);
    expect((await serials(tag)).json().serialNumbers).toEqual([passId]);

    const files = unzipSync(new Uint8Array(pkpassBytes(await server.context.passes.signedPass(passId))));
    const passJson = JSON.parse(strFromU8(files['pass.json']));
    expect(passJson.storeCard.secondaryFields[0]).toMatchObject({
      key: 'stamps',
      value: '3',
      changeMessage: 'You have %@ stamps',
    });
  });
});
