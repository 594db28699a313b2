import { REPORT_TYPES } from '../../../domain/schemas/report';
import type { TestServer } from '../harness';
import { coreApi, ticketTemplateBody } from '../passFixtures';
import { aSignableTemplate, iconPng, setUpSigning, uploadImage } from '../walletFixtures';
import type { Samples } from './schemaValues';

/** Real rows of every kind, so that fuzzed requests reach past "not found" into the services and the database. */
export interface FuzzFixtures {
  samples: Samples;
  /** resource name (as in /v1/{name}/{id}) -> the id of a live row */
  idOf: Record<string, string>;
  /** an integration's credentials, for the OAuth2 token endpoint */
  client: { id: string; secret: string };
  /** what a device presents for the fixture pass: Authorization: ApplePass <token> */
  passToken: string;
  /** a non-admin user's sign-in, used where a request could end the session it is sent with */
  user: { email: string; password: string };
}

const T = '/api/ticket/v1';

async function created(server: TestServer, token: string, url: string, payload: object) {
  const response = await server.call(token, { method: 'POST', url, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} failed: ${response.body}`);
  return response.json();
}

/** @example const fixtures = await createFuzzFixtures(server) */
export async function createFuzzFixtures(server: TestServer): Promise<FuzzFixtures> {
  const token = await server.adminToken();
  const projectId = await server.createProject('Fuzzed project');
  const user = await server.createUser();
  const { certificateId, passTypeId } = await setUpSigning(server, token, projectId);
  const iconId = await uploadImage(server, token, projectId, 'icon', iconPng());
  const dynamicDataJsonSchema = {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 20 }, points: { type: 'integer', minimum: 0 } },
  };
  const template = await coreApi(() => server).created(
    token,
    'template',
    aSignableTemplate(
      projectId,
      certificateId,
      { icon: iconId },
      { distributable: true, dynamicDataJsonSchema },
    ),
  );
  const pass = await created(server, token, '/api/core/v1/pass', {
    templateId: template.id,
    dynamicData: { name: 'Fuzz', points: 3 },
  });
  const client = await created(server, token, '/api/core/v1/apiClient', { name: 'Fuzzed integration' });
  const eshop = await created(server, token, `${T}/eshop`, {
    projectId,
    name: 'Fuzzed shop',
    locales: ['cs', 'en'],
  });
  // a product's tickets are issued from a template on the ticket contract
  const ticketTemplate = await coreApi(() => server).created(
    token,
    'template',
    aSignableTemplate(projectId, certificateId, { icon: iconId }, ticketTemplateBody(projectId)),
  );
  const product = await created(server, token, `${T}/product`, {
    eshopId: eshop.id,
    name: 'Adult',
    active: true,
    priceWithoutVat: 100,
    vat: 0.21,
    templateIds: [ticketTemplate.id],
    title: { cs: 'Dospělý', en: 'Adult' },
    period: { periodType: 'days', daysMaximalValidity: 30 },
  });
  const order = await created(server, '', `/api/ticket/public/v1/eshop/${eshop.id}/order`, {
    email: 'buyer@example.com',
    locale: 'cs',
    items: [{ productId: product.id, count: 2, data: { name: 'Buyer' } }],
  });
  const items = await server.call(token, {
    method: 'GET',
    url: `${T}/orderItem?where=${encodeURIComponent(JSON.stringify({ orderId: order.orderId }))}`,
  });
  const orderItemId = items.json().data[0].id as string;
  const passRow = await server.context.db
    .selectFrom('pass')
    .select('authenticationToken')
    .where('id', '=', pass.id)
    .executeTakeFirstOrThrow();
  const paymentId = new URL(order.paymentUrl).pathname.split('/').pop() as string;

  const idOf: Record<string, string> = {
    project: projectId,
    user: user.id,
    apiClient: client.id,
    certificate: certificateId,
    image: iconId,
    template: template.id,
    pass: pass.id,
    p: pass.id,
    t: template.id,
    eshop: eshop.id,
    product: product.id,
    order: order.orderId,
    orderItem: orderItemId,
  };
  const from = '2020-01-01T00:00:00Z';
  const to = '2030-01-01T00:00:00Z';
  const samples: Samples = {
    anyId: Object.values(idOf),
    projectId: [projectId],
    parentId: [projectId, null],
    userId: [user.id],
    certificateId: [certificateId],
    templateId: [template.id],
    templateIds: [[template.id]],
    passId: [pass.id],
    serialNumber: [pass.id],
    eshopId: [eshop.id],
    productId: [product.id],
    orderId: [order.orderId],
    paymentId: [paymentId],
    token: [order.statusToken],
    passTypeIdentifier: [passTypeId],
    deviceLibraryIdentifier: ['fuzzdevice0001'],
    pushToken: ['ab'.repeat(32)],
    serviceType: REPORT_TYPES,
    email: [user.email, 'buyer@example.com'],
    password: [user.password, 'wrong password'],
    locale: ['cs', 'en'],
    locales: [['cs', 'en']],
    languages: [['en']],
    version: ['latest'],
    // not savetogooglepayjwt: Google Wallet is not configured here, and says so with 503 on purpose
    format: ['pkpass', 'pdf', 'qrcode', ''],
    url: ['https://example.com/'],
    where: [
      JSON.stringify({ projectId }),
      JSON.stringify({ from, to }),
      JSON.stringify({ eshopId: eshop.id, from, to }),
    ],
    from: [from],
    to: [to],
    title: [{ cs: 'Dospělý', en: 'Adult' }],
    period: [{ periodType: 'days', daysMaximalValidity: 30 }],
    dynamicData: [{ name: 'Fuzz', points: 3 }],
    images: [{ icon: iconId }],
    dynamicImages: [{}, { icon: iconId }],
    count: [1, 2],
    jsonTemplate: [aSignableTemplate(projectId, certificateId).jsonTemplate],
  };
  return {
    samples,
    idOf,
    client: { id: client.clientId, secret: client.clientSecret },
    passToken: passRow.authenticationToken,
    user: { email: user.email, password: user.password },
  };
}
