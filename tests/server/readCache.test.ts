import { sql } from 'kysely';
import { Right } from '../../domain/rights';
import { openDatabase, type Db } from '../../server/kernel/db/database';
import { databaseKinds, startTestServer, type TestServer, answersEventually } from './harness';
import { jsonTemplate, ticketTemplateBody } from './passFixtures';

jest.setTimeout(60_000);

const CORE = '/api/core/v1';
const T = '/api/ticket/v1';

/**
 * GET by id and the viewer of a token come from memory while the tables they read are unchanged. Every change must
 * be seen by the next request: through the API, in SQL beside it, by a table's trigger (an order's state copied to
 * its items), and on PostgreSQL by another process on the same database (as soon as its commit is announced).
 */
describe.each(databaseKinds)('reads from memory stay true (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let projectId: string;

  const get = (token: string, url: string) => server.call(token, { method: 'GET', url });
  const db = () => server.context.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.adminToken();
    projectId = await server.createProject('Harbour');
  });
  afterAll(() => server?.close());

  test('a row changed through the API, in SQL, or deleted is read anew', async () => {
    const url = `${CORE}/project/${projectId}`;
    for (let read = 0; read < 3; read += 1) expect((await get(admin, url)).json().name).toBe('Harbour');
    const renamed = await server.call(admin, { method: 'PATCH', url, payload: { name: 'Port' } });
    expect(renamed.statusCode).toBe(200);
    expect((await get(admin, url)).json().name).toBe('Port');
    await sql`update "project" set "name" = 'Quay' where "id" = ${projectId}`.execute(db());
    expect((await get(admin, url)).json().name).toBe('Quay');

    const other = await server.createProject('Lighthouse');
    expect((await get(admin, `${CORE}/project/${other}`)).statusCode).toBe(200);
    expect((await server.call(admin, { method: 'DELETE', url: `${CORE}/project/${other}` })).statusCode).toBe(
      200,
    );
    expect((await get(admin, `${CORE}/project/${other}`)).statusCode).toBe(404);
    expect((await get(admin, `${CORE}/project/${other}?deleted=true`)).json().deletedAt).not.toBeNull();
  });

  test("a row's fields read from other rows follow them: members of a project, a pass's template name", async () => {
    const member = await server.createUser();
    const url = `${CORE}/project/${projectId}`;
    expect((await get(admin, url)).json().users[member.id]).toBeUndefined();
    await server.setRights(projectId, member.id, Right.PROJECT_ACCESS);
    expect((await get(admin, url)).json().users[member.id]).toBe(Right.PROJECT_ACCESS);

    const template = await server.call(admin, {
      method: 'POST',
      url: `${CORE}/template`,
      payload: { name: 'Boarding', projectId, jsonTemplate: jsonTemplate(), languages: ['en'] },
    });
    const pass = await server.call(admin, {
      method: 'POST',
      url: `${CORE}/pass`,
      payload: { templateId: template.json().id, dynamicData: {} },
    });
    expect(pass.statusCode).toBe(201);
    const passUrl = `${CORE}/pass/${pass.json().id}`;
    expect((await get(admin, passUrl)).json().templateName).toBe('Boarding');
    await sql`update "template" set "name" = 'Gangway' where "id" = ${template.json().id}`.execute(db());
    expect((await get(admin, passUrl)).json().templateName).toBe('Gangway');
  });

  test("a table's trigger writing another table is followed: an order's payment state copied to its items", async () => {
    const eshop = await server.call(admin, {
      method: 'POST',
      url: `${T}/eshop`,
      payload: { projectId, name: 'Ferry', locales: ['en'] },
    });
    const template = await server.call(admin, {
      method: 'POST',
      url: `${CORE}/template`,
      payload: ticketTemplateBody(projectId, { languages: ['en'] }),
    });
    const product = await server.call(admin, {
      method: 'POST',
      url: `${T}/product`,
      payload: {
        eshopId: eshop.json().id,
        name: 'Crossing',
        priceWithoutVat: 10,
        vat: 0,
        templateIds: [template.json().id],
        title: { en: 'Crossing' },
        period: { periodType: 'days', daysMaximalValidity: 1 },
      },
    });
    const { rows } = await sql<{ id: string }>`insert into "order" ("eshopId", "projectId", "orderNumber",
        "yearSerial", "locale", "email", "paymentState", "totalWithoutVat", "totalWithVat")
      values (${eshop.json().id}, ${projectId}, '55000001', 1, 'en', 'sailor@example.com', 'pending', 10, 10)
      returning "id"`.execute(db());
    const item = await sql<{ id: string }>`insert into "orderItem" ("orderId", "productId", "productName",
        "productMaxEntries", "priceWithoutVat", "vat", "price", "discountedPrice")
      values (${rows[0].id}, ${product.json().id}, 'Crossing', 1, 10, 0, 10, 10) returning "id"`.execute(
      db(),
    );
    const url = `${T}/orderItem/${item.rows[0].id}`;
    expect((await get(admin, url)).json().paymentState).toBe('pending');
    await sql`update "order" set "paymentState" = 'paid' where "id" = ${rows[0].id}`.execute(db());
    expect((await get(admin, url)).json().paymentState).toBe('paid');
  });

  test('rights taken, a user disabled, a password changed, a session ended: the next request knows', async () => {
    const reader = await server.createUser();
    await server.setRights(projectId, reader.id, Right.PROJECT_ACCESS);
    const token = await server.login(reader.email, reader.password);
    const url = `${CORE}/project/${projectId}`;
    expect((await get(token, url)).statusCode).toBe(200);
    // membership: through the API, then in SQL
    await server.setRights(projectId, reader.id, null);
    expect((await get(token, url)).statusCode).toBe(404);
    await sql`insert into "projectUser" ("projectId", "userId", "rights")
      values (${projectId}, ${reader.id}, ${Right.PROJECT_ACCESS})`.execute(db());
    expect((await get(token, url)).statusCode).toBe(200);
    await sql`delete from "projectUser" where "userId" = ${reader.id}`.execute(db());
    expect((await get(token, url)).statusCode).toBe(404);
    await sql`insert into "projectUser" ("projectId", "userId", "rights")
      values (${projectId}, ${reader.id}, ${Right.PROJECT_ACCESS})`.execute(db());
    expect((await get(token, url)).statusCode).toBe(200);
    // disabled, in SQL (the API's own path forgets the user explicitly), then enabled again
    await sql`update "user" set "active" = false where "id" = ${reader.id}`.execute(db());
    expect((await get(token, url)).statusCode).toBe(401);
    await sql`update "user" set "active" = true where "id" = ${reader.id}`.execute(db());
    expect((await get(token, url)).statusCode).toBe(200);
    // an administrator no more
    const boss = await server.createUser({ isAdmin: true });
    expect((await get(boss.token, `${CORE}/user/${reader.id}`)).statusCode).toBe(200);
    await sql`update "user" set "isAdmin" = false where "id" = ${boss.id}`.execute(db());
    expect((await get(boss.token, `${CORE}/user/${reader.id}`)).statusCode).toBe(404);
    // a password changed signs the other sessions out
    const second = await server.login(reader.email, reader.password);
    expect((await get(second, url)).statusCode).toBe(200);
    const changed = await server.call(token, {
      method: 'POST',
      url: `${CORE}/user/me/changePassword`,
      payload: { currentPassword: reader.password, newPassword: 'Another-Passw0rd!' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await get(second, url)).statusCode).toBe(401);
    expect((await get(token, url)).statusCode).toBe(200);
    // a session ended in SQL, then by signing out
    const third = await server.login(reader.email, 'Another-Passw0rd!');
    expect((await get(third, url)).statusCode).toBe(200);
    await sql`update "session" set "revokedAt" = now() where "id" = (select "id" from "session"
      where "userId" = ${reader.id} order by "createdAt" desc limit 1)`.execute(db());
    expect((await get(third, url)).statusCode).toBe(401);
    expect((await get(token, url)).statusCode).toBe(200);
    expect(
      (await server.call(token, { method: 'POST', url: '/api/core/auth/logout' })).statusCode,
    ).toBeLessThan(300);
    expect((await get(token, url)).statusCode).toBe(401);
  });

  if (kind === 'postgres')
    test("another process's writes on the same PostgreSQL database are heard", async () => {
      const other = await openDatabase({
        databaseUrl: server.context.config.databaseUrl,
        dataDir: server.context.config.dataDir,
      });
      try {
        const otherDb: Db = other.db;
        const url = `${CORE}/project/${projectId}`;
        const reader = await server.createUser();
        await server.setRights(projectId, reader.id, Right.PROJECT_ACCESS);
        expect((await get(reader.token, url)).statusCode).toBe(200);
        await sql`update "project" set "name" = 'Marina' where "id" = ${projectId}`.execute(otherDb);
        await answersEventually(async () => (await get(reader.token, url)).json().name, 'Marina');
        await sql`delete from "projectUser" where "userId" = ${reader.id}`.execute(otherDb);
        await answersEventually(async () => (await get(reader.token, url)).statusCode, 404);
        await sql`update "user" set "active" = false where "id" = ${reader.id}`.execute(otherDb);
        await answersEventually(async () => (await get(reader.token, url)).statusCode, 401);

        // the listening connection lost: reads go to the database, so writes meanwhile are seen at once
        expect((await get(admin, url)).json().name).toBe('Marina');
        await sql`select pg_terminate_backend("pid") from pg_stat_activity
          where "datname" = current_database() and "query" like 'listen %'`.execute(otherDb);
        await answersEventually(async () => server.context.changes.heard, false);
        await sql`update "project" set "name" = 'Dock' where "id" = ${projectId}`.execute(otherDb);
        expect((await get(admin, url)).json().name).toBe('Dock');
        // and once it listens again, answers from memory still follow the other process
        await answersEventually(async () => server.context.changes.heard, true);
        expect((await get(admin, url)).json().name).toBe('Dock');
        await sql`update "project" set "name" = 'Jetty' where "id" = ${projectId}`.execute(otherDb);
        await answersEventually(async () => (await get(admin, url)).json().name, 'Jetty');
      } finally {
        await other.close();
      }
    });
});
