import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { ALL_RIGHTS, RIGHT_BITS, Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { canAccessResource } from '../../src/auth/canAccessResource';
import { describeOnEachDatabase } from './harness';
import { multipart, png, templateBody, ticketTemplateBody } from './passFixtures';

jest.setTimeout(120_000);

/** A viewer to sample: the rights on the projects A and B (every one is a member of A), or an administrator. */
interface Sample {
  name: string;
  rights?: { A?: number; B?: number };
  isAdmin?: true;
}

const SAMPLES: Sample[] = [
  ...RIGHT_BITS.map((bit) => ({ name: `${bit.name} on A`, rights: { A: bit.value } })),
  { name: 'membership of A only', rights: { A: Right.PROJECT_ACCESS } },
  {
    name: 'TICKET_PRODUCT_MANAGE on A, TICKET_ESHOP_READ on B',
    rights: { A: Right.TICKET_PRODUCT_MANAGE, B: Right.TICKET_ESHOP_READ },
  },
  {
    name: 'TICKET_ESHOP_READ on A, TICKET_PRODUCT_MANAGE on B',
    rights: { A: Right.TICKET_ESHOP_READ, B: Right.TICKET_PRODUCT_MANAGE },
  },
  {
    name: 'TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ on A',
    rights: { A: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ },
  },
  { name: 'PASS_UPDATE on A, PASS_READ on B', rights: { A: Right.PASS_UPDATE, B: Right.PASS_READ } },
  { name: 'PASS_READ and PASS_UPDATE on A', rights: { A: Right.PASS_READ | Right.PASS_UPDATE } },
  { name: 'membership of A, every right on B', rights: { A: Right.PROJECT_ACCESS, B: ALL_RIGHTS } },
  { name: 'every right on A', rights: { A: ALL_RIGHTS } },
  { name: 'an administrator', isAdmin: true },
];

type Action = 'list' | 'read' | 'create' | 'update' | 'delete';
const ACTIONS: Action[] = ['list', 'read', 'create', 'update', 'delete'];

/** The console's name of each action (react-admin's: a record's screen is `show`). */
const CONSOLE_ACTION: Record<Action, string> = {
  list: 'list',
  read: 'show',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

/** What the test writes to each resource: a row of A to read, change and delete, and how to make a new one. */
interface Fixture {
  rowId: string;
  create: () => Pick<InjectOptions, 'payload' | 'headers'>;
  update: Record<string, unknown>;
}

/** Does the answer let the write through? Done (2xx), or refused by a rule of the data rather than of rights. */
const writeAllowed = (status: number) =>
  status < 300 || (status >= 400 && status < 500 && ![403, 404].includes(status));

/**
 * For every declared resource, sample viewers and every action, the console's canAccess and the server's answer
 * agree exactly (for writes: done, or refused for the data rather than for rights), except that a resource's
 * `screen` rule may narrow its screens: then what the console offers the server serves. Rows of no project (users, API clients) are reached through memberships the
 * console does not see: there a 404 for a row the console would offer is the row being out of the viewer's reach.
 */
describeOnEachDatabase('rights agreement of the console and the server', (server) => {
  let admin: string;
  let projectA: string;
  let projectB: string;
  const fixtures: Record<string, Fixture> = {};
  const rowsOfA: Record<string, Record<string, unknown>> = {};
  /** The console's answers per resource and action, across the samples. */
  const answers = new Map<string, Set<boolean>>();
  let created = 0;
  const unique = () => ++created;

  const base = (descriptor: ResourceDescriptor) =>
    descriptor.api === 'core' ? '/api/core/v1' : '/api/ticket/v1';
  const asAdmin = async (method: InjectOptions['method'], url: string, payload?: object) => {
    const response = await server().call(admin, { method, url, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} failed: ${response.body}`);
    return response.json();
  };
  const json = (payload: object) => () => ({ payload });

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Agreement A');
    projectB = await server().createProject('Agreement B');
    const template = await asAdmin('POST', '/api/core/v1/template', templateBody(projectA));
    const pass = await asAdmin('POST', '/api/core/v1/pass', {
      templateId: template.id,
      dynamicData: { name: 'Row' },
    });
    const imageUpload = () =>
      multipart({ projectId: projectA, type: 'icon' }, [{ name: 'icon.png', data: png(58, 58) }]);
    const image = await server().call(admin, { method: 'POST', url: '/api/core/v1/image', ...imageUpload() });
    const certificate = await asAdmin('POST', '/api/core/v1/certificate', {
      name: 'Row',
      projectId: projectA,
    });
    const eshop = await asAdmin('POST', '/api/ticket/v1/eshop', { projectId: projectA, name: 'Row shop' });
    const ticketTemplate = await asAdmin('POST', '/api/core/v1/template', ticketTemplateBody(projectA));
    const productBody = () => ({
      eshopId: eshop.id,
      name: 'Adult',
      priceWithoutVat: 100,
      vat: 0.21,
      templateIds: [ticketTemplate.id],
      title: { cs: 'Dospělý' },
      period: { periodType: 'days', daysMaximalValidity: 30 },
    });
    const product = await asAdmin('POST', '/api/ticket/v1/product', productBody());
    // orders and their items come from the checkout: written here as it writes them
    const db = server().context.db;
    const order = await sql<{ id: string }>`insert into "order"
      ("eshopId", "projectId", "orderNumber", "yearSerial", "locale", "email", "paymentState", "paymentSuccessAt",
       "totalWithoutVat", "totalWithVat")
      values (${eshop.id}, ${projectA}, '9026000001', 1, 'cs', 'buyer@example.com', 'paid', now(), 100, 121)
      returning "id"`.execute(db);
    const item = await sql<{ id: string }>`insert into "orderItem" ("orderId", "productId", "productName",
      "productMaxEntries", "priceWithoutVat", "vat", "price", "discountedPrice", "itemNumber")
      values (${order.rows[0].id}, ${product.id}, 'Adult', 3, 100, 0.21, 121, 121, '902611220001')
      returning "id"`.execute(db);
    const entry = await sql<{ id: string }>`insert into "ticketEntry" ("orderItemId", "code", "result",
      "entriesLeft", "eshopId", "projectId") values (${item.rows[0].id}, '902611220001', 'accepted', 2, ${eshop.id},
      ${projectA}) returning "id"`.execute(db);
    const refund = await sql<{ id: string }>`insert into "refund" ("projectId", "eshopId", "orderId",
      "orderNumber", "amount", "currency", "reason", "createdBy", "createdByName") values (${projectA},
      ${eshop.id}, ${order.rows[0].id}, '9026000001', 121, 'CZK', 'Row', 'admin', 'Admin') returning "id"`.execute(
      db,
    );
    // jobs are queued by the server: one written here as the queue writes a failed one
    const job = await sql<{ id: string }>`insert into "job" ("kind", "payload", "state", "lastError")
      values ('orderMail', '{}'::jsonb, 'failed', 'Row') returning "id"`.execute(db);
    const rowUser = await server().createUser();
    await server().setRights(projectA, rowUser.id, Right.PROJECT_ACCESS);
    const apiClient = await asAdmin('POST', '/api/core/v1/apiClient', { name: 'Row client' });
    // an endpoint on the public internet by its address (no resolver); its delivery written as the sender writes one
    const webhookBody = () => ({
      projectId: projectA,
      url: `https://93.184.215.14/hook/${unique()}`,
      events: ['pass.created'],
    });
    const webhook = await asAdmin('POST', '/api/core/v1/webhook', webhookBody());
    const delivery = await sql<{
      id: string;
    }>`insert into "webhookDelivery" ("projectId", "webhookId", "eventId",
      "type", "body", "status", "retryUntil") values (${projectA}, ${webhook.id}, gen_random_uuid(), 'pass.created',
      '{}', 'failed', now()) returning "id"`.execute(db);
    const campaign = await sql<{
      id: string;
    }>`insert into "pushCampaign" ("projectId", "templateId", "status")
      values (${projectA}, ${template.id}, 'done') returning "id"`.execute(db);
    const stampCardBody = () => ({
      name: `Coffee ${unique()}`,
      templateId: template.id,
      stampsForReward: 10,
    });
    const stampCard = await asAdmin('POST', '/api/core/v1/stampCard', stampCardBody());

    const fixtureList: Record<string, Fixture> = {
      project: {
        rowId: projectA,
        create: () => ({ payload: { name: `Sub-project ${unique()}`, parentId: projectA } }),
        update: { description: 'Agreement' },
      },
      user: {
        rowId: rowUser.id,
        create: () => ({
          payload: {
            email: `agreement${unique()}@test.local`,
            password: 'Passw0rd!Agreement',
            displayName: 'New',
          },
        }),
        update: { displayName: 'Row user' },
      },
      apiClient: {
        rowId: apiClient.id,
        create: () => ({ payload: { name: `Client ${unique()}`, isPublic: true } }),
        update: { name: 'Row client' },
      },
      template: {
        rowId: template.id,
        create: () => ({ payload: templateBody(projectA, { name: `Card ${unique()}` }) }),
        update: { name: 'Member card' },
      },
      pass: {
        rowId: pass.id,
        create: json({ templateId: template.id, dynamicData: { name: 'New' } }),
        update: { voided: false },
      },
      image: { rowId: image.json().id, create: imageUpload, update: { name: 'Row icon' } },
      certificate: {
        rowId: certificate.id,
        create: () => ({ payload: { name: `Certificate ${unique()}`, projectId: projectA } }),
        update: { name: 'Row' },
      },
      eshop: {
        rowId: eshop.id,
        create: () => ({ payload: { projectId: projectA, name: `Shop ${unique()}` } }),
        update: { name: 'Row shop' },
      },
      product: { rowId: product.id, create: () => ({ payload: productBody() }), update: { name: 'Adult' } },
      order: {
        rowId: order.rows[0].id,
        create: json({ email: 'new@example.com' }),
        update: { email: 'buyer@example.com' },
      },
      orderItem: { rowId: item.rows[0].id, create: json({ entryCount: 0 }), update: { entryCount: 0 } },
      ticketEntry: { rowId: entry.rows[0].id, create: json({ code: 'x' }), update: {} },
      refund: { rowId: refund.rows[0].id, create: json({}), update: {} },
      job: { rowId: job.rows[0].id, create: json({}), update: {} },
      webhook: { rowId: webhook.id, create: () => ({ payload: webhookBody() }), update: { active: true } },
      webhookDelivery: { rowId: delivery.rows[0].id, create: json({}), update: {} },
      pushCampaign: { rowId: campaign.rows[0].id, create: json({}), update: {} },
      stampCard: {
        rowId: stampCard.id,
        create: () => ({ payload: stampCardBody() }),
        update: { name: 'Coffee' },
      },
    };
    for (const descriptor of RESOURCES) {
      const fixture = fixtureList[descriptor.name];
      if (!fixture) throw new Error(`The agreement test has no rows of the resource ${descriptor.name}.`);
      fixtures[descriptor.name] = fixture;
      rowsOfA[descriptor.name] = await asAdmin(
        'GET',
        `${base(descriptor)}/${descriptor.name}/${fixture.rowId}`,
      );
    }
  }, 120_000);

  /** The server's answer to the action on the row of A (a new row on A), as the sampled viewer asks it. */
  async function serverStatus(
    token: string,
    descriptor: ResourceDescriptor,
    action: Action,
  ): Promise<number> {
    const fixture = fixtures[descriptor.name];
    const url = `${base(descriptor)}/${descriptor.name}`;
    const call = (options: InjectOptions) => server().call(token, options);
    switch (action) {
      case 'list':
        return (await call({ method: 'GET', url })).statusCode;
      case 'read':
        return (await call({ method: 'GET', url: `${url}/${fixture.rowId}` })).statusCode;
      case 'create':
        return (await call({ method: 'POST', url, ...fixture.create() })).statusCode;
      case 'update':
        return (await call({ method: 'PATCH', url: `${url}/${fixture.rowId}`, payload: fixture.update }))
          .statusCode;
      case 'delete': {
        const { statusCode } = await call({ method: 'DELETE', url: `${url}/${fixture.rowId}` });
        // the row of A stays for the next viewer
        if (statusCode < 300)
          await sql`update ${sql.table(descriptor.name)} set "deletedAt" = null where "id" = ${fixture.rowId}::uuid`.execute(
            server().context.db,
          );
        return statusCode;
      }
    }
  }

  /** The record the console asks about: the row of A, or the new row on A as its declaration places it. */
  function consoleRecord(
    descriptor: ResourceDescriptor,
    action: Action,
  ): Record<string, unknown> | undefined {
    if (action === 'list') return undefined;
    if (action !== 'create') return rowsOfA[descriptor.name];
    if (descriptor.project === 'projectId') return { projectId: projectA };
    return descriptor.project === 'id' ? { parentId: projectA } : {};
  }

  /** The disagreement of one check, in words, or undefined when both sides agree. */
  function disagreement(
    descriptor: ResourceDescriptor,
    action: Action,
    consoleAllows: boolean,
    status: number,
  ): string | undefined {
    const said = `${descriptor.name}: ${action}: the console ${consoleAllows ? 'allows' : 'denies'}, the server answers ${status}`;
    const outOfReach =
      descriptor.project === 'none' && action !== 'list' && action !== 'create' && status === 404;
    if (consoleAllows && outOfReach) return undefined;
    // list and read: what the console offers, the server serves; a `screen` rule may narrow the console's
    // screens to fewer viewers than the API serves (projects are read by all their members, for pickers)
    if (action === 'list' || action === 'read') {
      if (descriptor.access.screen) return consoleAllows && status !== 200 ? said : undefined;
      return consoleAllows === (status === 200) ? undefined : said;
    }
    return consoleAllows === writeAllowed(status) ? undefined : said;
  }

  async function viewerOf(sample: Sample): Promise<{ token: string; viewer: Viewer }> {
    const user = await server().createUser({ isAdmin: sample.isAdmin });
    if (sample.rights?.A !== undefined) await server().setRights(projectA, user.id, sample.rights.A);
    if (sample.rights?.B !== undefined) await server().setRights(projectB, user.id, sample.rights.B);
    const me = await server().call(user.token, { method: 'GET', url: '/api/core/v1/user/me' });
    return { token: user.token, viewer: me.json() };
  }

  it.each(SAMPLES)('agrees on every resource and action for $name', async (sample) => {
    const { token, viewer } = await viewerOf(sample);
    const found: string[] = [];
    for (const descriptor of RESOURCES) {
      for (const action of ACTIONS) {
        const consoleAllows = canAccessResource(
          viewer,
          descriptor.route,
          CONSOLE_ACTION[action],
          consoleRecord(descriptor, action),
        );
        answers.set(
          `${descriptor.name} ${action}`,
          (answers.get(`${descriptor.name} ${action}`) ?? new Set()).add(consoleAllows),
        );
        const status = await serverStatus(token, descriptor, action);
        const problem = disagreement(descriptor, action, consoleAllows, status);
        if (problem) found.push(problem);
      }
    }
    expect(found).toEqual([]);
  });

  it('samples, for each action of each resource, viewers the console lets through and viewers it refuses', () => {
    // else an agreement would prove little: only a `nobody` rule is refused to everybody
    for (const descriptor of RESOURCES) {
      for (const action of ACTIONS) {
        const rule =
          action === 'list' || action === 'read' ? descriptor.access.read : descriptor.access[action];
        const expected = 'nobody' in rule ? [false] : [false, true];
        expect([
          descriptor.name,
          action,
          [...(answers.get(`${descriptor.name} ${action}`) ?? [])].sort(),
        ]).toEqual([descriptor.name, action, expected]);
      }
    }
  });
});
