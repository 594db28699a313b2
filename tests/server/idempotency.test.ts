import { sql } from 'kysely';
import { describeOnEachDatabase, expectError } from './harness';
import { coreApi, templateBody } from './passFixtures';

/*
 * Idempotent POSTs (issue 29): the same Idempotency-Key with the same request answers the first answer again, with
 * no second write; with another request, 422.
 */

describeOnEachDatabase('Idempotency-Key', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectId: string;
  let template: { id: string };
  let keys = 0;
  const newKey = () => `key-${Date.now()}-${(keys += 1)}`;

  const post = (
    token: string,
    url: string,
    payload: unknown,
    key: string,
    headers: Record<string, string> = {},
  ) =>
    server().call(token, {
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers },
    });
  const passesNamed = async (name: string) => {
    const rows = await server()
      .context.db.selectFrom('pass')
      .select('id')
      .where('deletedAt', 'is', null)
      .where(sql<boolean>`"dynamicData"->>'name' = ${name}`)
      .execute();
    return rows.length;
  };

  beforeAll(async () => {
    admin = await server().adminToken();
    projectId = await server().createProject('Idempotent');
    template = await api.created(admin, 'template', templateBody(projectId));
  });

  it('answers the first answer again to the same key and body, with no second pass', async () => {
    const key = newKey();
    const body = { templateId: template.id, dynamicData: { name: 'Once' } };
    const first = await post(admin, '/api/core/v1/pass', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await post(admin, '/api/core/v1/pass', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await passesNamed('Once')).toBe(1);
  });

  it('replays through the root alias /v1 too, the same endpoint', async () => {
    const key = newKey();
    const body = { templateId: template.id, dynamicData: { name: 'Alias' } };
    const first = await post(admin, '/api/core/v1/pass', body, key);
    const again = await post(admin, '/v1/pass', body, key);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await passesNamed('Alias')).toBe(1);
  });

  it('answers 422 to the same key with another body or path, and writes nothing', async () => {
    const key = newKey();
    await post(admin, '/api/core/v1/pass', { templateId: template.id, dynamicData: { name: 'First' } }, key);
    const other = await post(
      admin,
      '/api/core/v1/pass',
      { templateId: template.id, dynamicData: { name: 'Other' } },
      key,
    );
    expectError(other, 422, /another request/);
    const elsewhere = await post(admin, '/api/core/v1/project', { name: 'x' }, key);
    expectError(elsewhere, 422);
    expect(await passesNamed('Other')).toBe(0);
  });

  it('answers 400 to a key that is empty, too long or not printable', async () => {
    const body = { templateId: template.id, dynamicData: { name: 'Bad key' } };
    for (const key of ['x'.repeat(256), ' ', ' padded', 'tab\there'])
      expectError(await post(admin, '/api/core/v1/pass', body, key), 400, /Idempotency-Key must be 1 to 255/);
    expect((await post(admin, '/api/core/v1/pass', body, 'k'.repeat(255))).statusCode).toBe(201);
    expect(await passesNamed('Bad key')).toBe(1);
  });

  it('makes one pass of 20 identical requests sent at once, and answers them all alike', async () => {
    const key = newKey();
    const body = { templateId: template.id, dynamicData: { name: 'Twenty' } };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(admin, '/api/core/v1/pass', body, key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotency-replayed'] === 'true')).toHaveLength(19);
    expect(await passesNamed('Twenty')).toBe(1);
  });

  it('keeps the keys of other principals apart', async () => {
    const key = newKey();
    const user = await server().createUser();
    await server().setRights(projectId, user.id, 1 | 2);
    const body = { templateId: template.id, dynamicData: { name: 'Apart' } };
    const mine = await post(admin, '/api/core/v1/pass', body, key);
    const theirs = await post(user.token, '/api/core/v1/pass', body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    // another body under the other principal's key is no conflict of ours
    const otherBody = await post(user.token, '/api/core/v1/project', { name: 'Theirs' }, newKey());
    expect(otherBody.statusCode).not.toBe(422);
    expect(await passesNamed('Apart')).toBe(2);
  });

  it('replays a refusal (4xx) too, and never a failure of the server (5xx)', async () => {
    const key = newKey();
    const bad = { templateId: template.id, dynamicData: { points: 3 } };
    const refused = await post(admin, '/api/core/v1/pass', bad, key);
    expect(refused.statusCode).toBe(400);
    const again = await post(admin, '/api/core/v1/pass', bad, key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotency-replayed']).toBe('true');

    const failingKey = newKey();
    const { db } = server().context;
    const body = { templateId: template.id, dynamicData: { name: 'After failure' } };
    // the first attempt fails inside the server: the pass table cannot be written
    await db.schema.alterTable('pass').renameTo('passAway').execute();
    let failed;
    try {
      failed = await post(admin, '/api/core/v1/pass', body, failingKey);
    } finally {
      await db.schema.alterTable('passAway').renameTo('pass').execute();
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retried = await post(admin, '/api/core/v1/pass', body, failingKey);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect(await passesNamed('After failure')).toBe(1);
  });

  it('takes over a key left running by a process that stopped, and refuses another body at once', async () => {
    const { db } = server().context;
    const adminId = (await api.call(admin, 'GET', 'user/me')).json().id;
    const body = { templateId: template.id, dynamicData: { name: 'Taken over' } };
    const stale = newKey();
    await db
      .insertInto('idempotencyKey')
      .values({
        principal: `user:${adminId}`,
        key: stale,
        requestHash: 'left by a stopped process',
        state: 'running',
        createdAt: new Date(Date.now() - 11 * 60 * 1000),
      })
      .execute();
    expect((await post(admin, '/api/core/v1/pass', body, stale)).statusCode).toBe(201);

    const running = newKey();
    await db
      .insertInto('idempotencyKey')
      .values({
        principal: `user:${adminId}`,
        key: running,
        requestHash: 'another request',
        state: 'running',
      })
      .execute();
    expectError(await post(admin, '/api/core/v1/pass', body, running), 422);
    expect(await passesNamed('Taken over')).toBe(1);
  });

  it('honours the key on the ticket API', async () => {
    const key = newKey();
    const body = { projectId, name: 'Shop', currency: 'CZK' };
    const first = await post(admin, '/api/ticket/v1/eshop', body, key);
    const again = await post(admin, '/api/ticket/v1/eshop', body, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('deletes keys after 24 hours (the maintenance)', async () => {
    const { maintenanceOf } = await import('../../server/kernel/maintenance');
    const key = newKey();
    await post(admin, '/api/core/v1/project', { name: 'Old key' }, key);
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    const done = await maintenanceOf(server().context)?.run(later);
    expect(done?.['idempotency key retention']).toBeGreaterThanOrEqual(1);
    const rows = await server()
      .context.db.selectFrom('idempotencyKey')
      .select('key')
      .where('key', '=', key)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
