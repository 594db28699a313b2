import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SQL_TEXT, describeOnEachDatabase, expectError } from './harness';

/** Words only a database or a query builder would put in a message. */
/** Every failure answers {statusCode, error, message} (errors optional), with no SQL in it. */

interface Project {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  parentId: string | null;
  users: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describeOnEachDatabase('generic resource engine, through projects', (server) => {
  let admin: string;
  const call = (options: InjectOptions) => server().call(admin, options);
  const list = (query: Record<string, string> = {}) =>
    call({ method: 'GET', url: '/api/core/v1/project', query });
  const where = (condition: unknown, query: Record<string, string> = {}) =>
    list({
      where: typeof condition === 'string' ? condition : JSON.stringify(condition),
      limit: '1000',
      ...query,
    });
  const names = (response: LightMyRequestResponse) =>
    (response.json().data as Project[]).map((row) => row.name).sort();
  const create = async (data: Record<string, unknown>): Promise<Project> => {
    const response = await call({ method: 'POST', url: '/api/core/v1/project', payload: data });
    if (response.statusCode !== 201) throw new Error(`creation failed: ${response.body}`);
    return response.json();
  };
  const get = (id: string) => call({ method: 'GET', url: `/api/core/v1/project/${id}` });
  const total = async () => (await list()).json().totalCount as number;

  /** Rows whose names test $like: % and _ are characters here, not wildcards. */
  const likeNames = [
    'Order 100% done',
    'Order 1000 done',
    'snake_case',
    'snakeXcase',
    'Acme Widgets',
    'ACME gadgets',
  ];
  const pagingNames = ['Paging A', 'Paging B', 'Paging C', 'Paging D', 'Paging E'];
  let timeline: Project[];
  let parent: Project;
  let child: Project;
  let deleted: Project;

  beforeAll(async () => {
    admin = await server().adminToken();
    for (const name of likeNames) await create({ name, description: 'like' });
    for (const name of pagingNames) await create({ name, description: 'paging' });
    timeline = [];
    for (const name of ['Time 1', 'Time 2', 'Time 3']) {
      // a few milliseconds apart, so that each row's createdAt, as answered, is its own
      await new Promise((resolve) => setTimeout(resolve, 5));
      timeline.push(await create({ name, description: 'time' }));
    }
    parent = await create({ name: 'Tree parent', description: 'tree' });
    child = await create({ name: 'Tree child', description: null, parentId: parent.id });
    deleted = await create({ name: 'Deleted one', description: 'gone' });
    expect((await call({ method: 'DELETE', url: `/api/core/v1/project/${deleted.id}` })).statusCode).toBe(
      200,
    );
  }, 30_000);

  describe('list', () => {
    it('answers {data, totalCount, page, limit} with page 1 and limit 10 by default', async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'page', 'totalCount']);
      expect(body.page).toBe(1);
      expect(body.limit).toBe(10);
      expect(body.totalCount).toBeGreaterThan(10);
      expect(body.data).toHaveLength(10);
      expect(body.data[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: body.data[0].description === null ? null : expect.any(String),
        active: expect.any(Boolean),
        parentId: body.data[0].parentId === null ? null : expect.any(String),
        users: expect.any(Object),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        deletedAt: null,
      });
    });

    it('answers totalCount null with count=false, and still the page', async () => {
      const response = await where({ description: 'paging' }, { count: 'false' });
      expect(response.statusCode).toBe(200);
      expect(response.json().totalCount).toBeNull();
      expect(names(response)).toEqual(pagingNames);
    });

    it('pages and orders by an allowed field in either direction', async () => {
      const page = (number: number, order: 'asc' | 'desc') =>
        list({
          where: JSON.stringify({ description: 'paging' }),
          orderBy: 'name',
          order,
          limit: '2',
          page: String(number),
        });
      const second = (await page(2, 'desc')).json();
      expect(second).toMatchObject({ totalCount: 5, page: 2, limit: 2 });
      expect(second.data.map((row: Project) => row.name)).toEqual(['Paging C', 'Paging B']);
      const third = (await page(3, 'desc')).json();
      expect(third.data.map((row: Project) => row.name)).toEqual(['Paging A']);
      // the last, short page tells the total without a count query: the same total
      expect(third).toMatchObject({ totalCount: 5, page: 3 });
      const first = (await page(1, 'asc')).json();
      expect(first.data.map((row: Project) => row.name)).toEqual(['Paging A', 'Paging B']);
      const beyond = (await page(4, 'asc')).json();
      expect(beyond).toMatchObject({ data: [], totalCount: 5, page: 4 });
    });

    it('answers 400 for limit above 1000, page 0, a fractional page or an unknown order', async () => {
      expectError(await list({ limit: '1001' }), 400, /limit/);
      expectError(await list({ page: '0' }), 400, /page/);
      expectError(await list({ page: '1.5' }), 400, /page/);
      expectError(await list({ limit: '0' }), 400, /limit/);
      expectError(await list({ order: 'sideways' }), 400, /order/);
    });

    it('accepts limit 1000', async () => {
      const response = await list({ limit: '1000' });
      expect(response.statusCode).toBe(200);
      expect(response.json().limit).toBe(1000);
    });
  });

  describe('where', () => {
    it('filters with a plain value and with $eq', async () => {
      expect(names(await where({ name: 'snake_case' }))).toEqual(['snake_case']);
      expect(names(await where({ name: { $eq: 'Acme Widgets' } }))).toEqual(['Acme Widgets']);
      expect(names(await where({ name: 'acme widgets' }))).toEqual([]);
    });

    it('filters with $in and $inUuid', async () => {
      expect(names(await where({ name: { $in: ['snake_case', 'Paging E', 'nothing'] } }))).toEqual([
        'Paging E',
        'snake_case',
      ]);
      expect(names(await where({ id: { $inUuid: [timeline[0].id, timeline[2].id, MISSING_ID] } }))).toEqual([
        'Time 1',
        'Time 3',
      ]);
      expect((await where({ id: { $inUuid: [] } })).json()).toMatchObject({ data: [], totalCount: 0 });
    });

    it('searches with $like, whatever the case', async () => {
      expect(names(await where({ name: { $like: 'acme' } }))).toEqual(['ACME gadgets', 'Acme Widgets']);
      expect(names(await where({ name: { $like: 'WIDGET' } }))).toEqual(['Acme Widgets']);
    });

    it('takes % and _ in a $like value as wildcards matching the whole value, \\% and \\_ as the characters', async () => {
      expect(names(await where({ name: { $like: '%widget%' } }))).toEqual(['Acme Widgets']);
      expect(names(await where({ name: { $like: 'widget%' } }))).toEqual([]);
      expect(names(await where({ name: { $like: 'snake_cas_' } }))).toEqual(['snakeXcase', 'snake_case']);
      expect(names(await where({ name: { $like: '100\\%' } }))).toEqual(['Order 100% done']);
      expect(names(await where({ name: { $like: 'e\\_c' } }))).toEqual(['snake_case']);
      expect(names(await where({ name: { $like: '\\%' } }))).toEqual(['Order 100% done']);
      expect(names(await where({ name: { $like: '\\_' } }))).toEqual(['snake_case']);
      expect(names(await where({ name: { $like: '\\' } }))).toEqual([]);
    });

    it('compares createdAt with gtOrEq and $lt', async () => {
      const [first, second, third] = timeline;
      expect(first.createdAt < second.createdAt && second.createdAt < third.createdAt).toBe(true);
      const between = await where({
        description: 'time',
        createdAt: { gtOrEq: second.createdAt, $lt: third.createdAt },
      });
      expect(names(between)).toEqual(['Time 2']);
      expect(names(await where({ description: 'time', createdAt: { gtOrEq: first.createdAt } }))).toEqual([
        'Time 1',
        'Time 2',
        'Time 3',
      ]);
      expect(names(await where({ description: 'time', createdAt: { $lt: first.createdAt } }))).toEqual([]);
    });

    it('compares createdAt at the precision it is answered with: $eq finds the row, $gt leaves it out', async () => {
      const [first, second, third] = timeline;
      expect(names(await where({ description: 'time', createdAt: second.createdAt }))).toEqual(['Time 2']);
      expect(names(await where({ description: 'time', createdAt: { $eq: third.createdAt } }))).toEqual([
        'Time 3',
      ]);
      expect(names(await where({ description: 'time', createdAt: { $gt: second.createdAt } }))).toEqual([
        'Time 3',
      ]);
      expect(
        names(
          await where({ description: 'time', createdAt: { $gt: first.createdAt, $lt: third.createdAt } }),
        ),
      ).toEqual(['Time 2']);
      expect(
        names(await where({ description: 'time', createdAt: { $in: [first.createdAt, third.createdAt] } })),
      ).toEqual(['Time 1', 'Time 3']);
    });

    it('selects a whole UTC day with $day', async () => {
      const day = timeline[1].createdAt.slice(0, 10);
      expect(names(await where({ description: 'time', createdAt: { $day: day } }))).toEqual([
        'Time 1',
        'Time 2',
        'Time 3',
      ]);
      expect(names(await where({ description: 'time', createdAt: { $day: '2000-01-01' } }))).toEqual([]);
      expectError(await where({ createdAt: { $day: '2026-02-30' } }), 400, /createdAt/);
      expectError(await where({ name: { $day: '2026-01-01' } }), 400, /name/);
    });

    it('matches null with a plain null', async () => {
      const tree = await where({ description: 'tree', parentId: null });
      expect(names(tree)).toEqual(['Tree parent']);
      expect((await where({ parentId: parent.id })).json().data.map((row: Project) => row.id)).toEqual([
        child.id,
      ]);
      expect(names(await where({ description: null, name: { $like: 'tree' } }))).toEqual(['Tree child']);
      expect(names(await where({ description: { $eq: null }, name: { $like: 'tree' } }))).toEqual([
        'Tree child',
      ]);
    });

    it('never lists a deleted row unless asked to, even when the where asks for its id', async () => {
      expect((await where({ id: deleted.id })).json()).toMatchObject({ data: [], totalCount: 0 });
      expect((await where({ id: { $inUuid: [deleted.id] } })).json()).toMatchObject({
        data: [],
        totalCount: 0,
      });
      expect((await where({ name: 'Deleted one', deletedAt: null })).json()).toMatchObject({
        data: [],
        totalCount: 0,
      });
      const all = (await list({ limit: '1000' })).json();
      expect(all.data.map((row: Project) => row.id)).not.toContain(deleted.id);
      expect(all.totalCount).toBe(all.data.length);
    });

    it('lists deleted rows for a condition on deletedAt, and answers 400 naming it for a value that is no date', async () => {
      expect(names(await where({ deletedAt: { $lt: '2100-01-01T00:00:00Z' }, name: 'Deleted one' }))).toEqual(
        ['Deleted one'],
      );
      expectError(await where({ deletedAt: { $lt: 'tomorrow' } }), 400, /deletedAt/);
    });

    it('answers 400 naming an unknown field', async () => {
      const body = expectError(await where({ colour: 'red' }), 400, /Unknown filter field "colour"/);
      expect(body.errors).toEqual([{ path: 'where', message: expect.stringContaining('colour') }]);
      expectError(await where({ users: {} }), 400, /users/);
    });

    it('answers 400, not 500, for fields named like properties every object inherits', async () => {
      for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
        expectError(await where(`{"${field}": "x"}`), 400, new RegExp(`Unknown filter field "${field}"`));
      }
    });

    it('answers 400 naming an unknown operator', async () => {
      expectError(await where({ name: { $regex: '.*' } }), 400, /Unknown operator "\$regex" on "name"/);
      expectError(await where({ name: { $gte: 'a' } }), 400, /\$gte/);
      expectError(await where({ name: {} }), 400, /name/);
    });

    it('answers 400 for a where that is not JSON or not an object', async () => {
      expectError(await where('{"name": '), 400, /where is not valid JSON/);
      expectError(await where("{'name': 'x'}"), 400, /where is not valid JSON/);
      expectError(await where('[1, 2]'), 400, /where must be a JSON object/);
      expectError(await where('"name"'), 400, /where must be a JSON object/);
    });

    it('answers 400 for a value of the wrong kind', async () => {
      expectError(await where({ id: 'not-an-id' }), 400, /"id" expects an id/);
      expectError(await where({ id: { $inUuid: ['not-an-id'] } }), 400, /"id" expects an id/);
      expectError(await where({ active: 'yes' }), 400, /"active" expects true or false/);
      expectError(await where({ createdAt: { $lt: 'yesterday' } }), 400, /"createdAt" expects an ISO 8601/);
      expectError(await where({ id: { $like: 'abc' } }), 400, /"id" cannot be searched with \$like/);
      expectError(await where({ name: { $in: 'snake_case' } }), 400, /\$in expects a list/);
      expectError(await where({ name: ['snake_case'] }), 400, /name/);
    });

    it('answers 400, not 500, for a date-time that does not exist', async () => {
      for (const value of [
        '2026-02-30',
        '2026-02-29T10:00:00Z',
        '2026-04-31T00:00:00Z',
        '0000-01-01T00:00:00Z',
      ]) {
        expectError(await where({ createdAt: { $lt: value } }), 400, /createdAt/);
      }
      expectError(await where({ createdAt: { gtOrEq: '2026-01-01T00:00:00+16:00' } }), 400, /createdAt/);
      expectError(
        await where({ updatedAt: { $in: ['2026-01-01T00:00:00Z', '2025-02-29'] } }),
        400,
        /updatedAt/,
      );
    });

    it('answers 400, not 500, for $inUuid on a field that is not an id', async () => {
      expectError(await where({ name: { $inUuid: [timeline[0].id] } }), 400, /name/);
      expectError(await where({ active: { $inUuid: [timeline[0].id] } }), 400, /active/);
    });

    it('answers 400 naming the problem for an orderBy outside the sortable fields', async () => {
      for (const orderBy of ['name;drop table project', '"name', 'name desc', 'users', 'constructor', '']) {
        const body = expectError(await list({ orderBy }), 400);
        if (orderBy !== '') expect(body.message).toContain(`Cannot order by "${orderBy}"`);
      }
      expect((await list({ limit: '1' })).statusCode).toBe(200);
      // JSON-encoded, as the Yourpass clients send every value: the name inside the quotes.
      expect((await list({ orderBy: '"name"', limit: '1' })).statusCode).toBe(200);
    });
  });

  describe('request bodies', () => {
    it('accepts a JSON body sent as text/plain', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        headers: { 'content-type': 'text/plain' },
        payload: '{"name": "Sent as text"}',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe('Sent as text');
    });

    it('accepts a JSON body sent with no content type', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        payload: '{"name": "Sent bare"}',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe('Sent bare');
    });

    it('answers 400 for a body that is not JSON, and writes nothing', async () => {
      const before = await total();
      for (const [contentType, payload] of [
        ['application/json', '{"name": "broken"'],
        ['text/plain', 'name: broken'],
        [undefined, '<project name="broken"/>'],
      ]) {
        const response = await call({
          method: 'POST',
          url: '/api/core/v1/project',
          headers: contentType ? { 'content-type': contentType } : {},
          payload,
        });
        expectError(response, 400, /not valid JSON/);
      }
      expect(await total()).toBe(before);
    });

    it('answers 400 for a form body on a JSON route', async () => {
      const before = await total();
      const response = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=x',
      });
      expectError(response, 400);
      expect(await total()).toBe(before);
    });

    it('answers 400 naming an unknown field, and writes nothing', async () => {
      const before = await total();
      const created = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        payload: { name: 'Extra', colour: 'red' },
      });
      const body = expectError(created, 400, /colour/);
      expect(body.errors).toContainEqual({ path: 'colour', message: 'is not a known field' });
      expect(await total()).toBe(before);

      const target = timeline[0];
      const put = await call({
        method: 'PUT',
        url: `/api/core/v1/project/${target.id}`,
        payload: { name: 'Changed', owner: 'me' },
      });
      expectError(put, 400, /owner/);
      const patch = await call({
        method: 'PATCH',
        url: `/api/core/v1/project/${target.id}`,
        payload: { name: 'Changed', isAdmin: true },
      });
      expectError(patch, 400, /isAdmin/);
      expect((await get(target.id)).json()).toEqual(target);
    });

    it('answers 400 for values of the wrong type, and writes nothing', async () => {
      const before = await total();
      const post = (payload: unknown) =>
        call({ method: 'POST', url: '/api/core/v1/project', payload: payload as object });
      expectError(await post({ name: 5 }), 400, /name/);
      expectError(await post({ name: 'Typed', active: 'yes' }), 400, /active/);
      expectError(await post({ name: 'Typed', parentId: 'not-an-id' }), 400, /parentId/);
      expectError(await post({ name: '   ' }), 400, /name/);
      expectError(await post({}), 400, /name/);
      expectError(await call({ method: 'POST', url: '/api/core/v1/project', payload: '[]' }), 400);
      expectError(await call({ method: 'POST', url: '/api/core/v1/project', payload: 'null' }), 400);
      expect(await total()).toBe(before);
    });

    it('answers 413 for a body above 1 MiB', async () => {
      const before = await total();
      const payload = JSON.stringify({ name: 'Too big', description: 'x'.repeat(1024 * 1024) });
      const response = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(response, 413);
      expect(await total()).toBe(before);
    });
  });

  describe('read, create, replace, patch, delete', () => {
    it('answers 201 with the entity on POST, as a GET then answers it', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/core/v1/project',
        payload: { name: '  Created  ', description: 'made here', active: false, parentId: parent.id },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Created',
        description: 'made here',
        active: false,
        parentId: parent.id,
        users: {},
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        deletedAt: null,
      });
      expect((await get(created.id)).json()).toEqual(created);
    });

    it('accepts on PUT the entity exactly as GET answered it', async () => {
      const user = await server().createUser();
      const project = await create({ name: 'Round trip', description: 'before' });
      await server().setRights(project.id, user.id, 2);
      const answered = (await get(project.id)).json();
      expect(answered.users).toEqual({ [user.id]: 2 });
      const response = await call({
        method: 'PUT',
        url: `/api/core/v1/project/${project.id}`,
        payload: { ...answered, description: 'after' },
      });
      expect(response.statusCode).toBe(200);
      const saved = response.json();
      expect(saved).toEqual({ ...answered, description: 'after', updatedAt: expect.any(String) });
      expect(saved.updatedAt >= answered.updatedAt).toBe(true);
      expect((await get(project.id)).json()).toEqual(saved);
    });

    it('ignores read-only fields of the body on PUT: id, createdAt and users stay', async () => {
      const project = await create({ name: 'Read-only' });
      const response = await call({
        method: 'PUT',
        url: `/api/core/v1/project/${project.id}`,
        payload: {
          name: 'Read-only',
          id: MISSING_ID,
          createdAt: '2000-01-01T00:00:00.000Z',
          users: { [MISSING_ID]: 1 },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: project.id, createdAt: project.createdAt, users: {} });
      expect((await get(MISSING_ID)).statusCode).toBe(404);
    });

    it('changes only the given field on PATCH', async () => {
      const project = await create({
        name: 'Patch me',
        description: 'keep',
        active: false,
        parentId: parent.id,
      });
      const response = await call({
        method: 'PATCH',
        url: `/api/core/v1/project/${project.id}`,
        payload: { name: 'Patched' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...project, name: 'Patched', updatedAt: expect.any(String) });
      expect((await get(project.id)).json()).toMatchObject({
        name: 'Patched',
        description: 'keep',
        active: false,
        parentId: parent.id,
      });
    });

    it('answers 200 and the deleted entity on DELETE, then 404 on GET and on a second DELETE', async () => {
      const project = await create({ name: 'Delete me' });
      const first = await call({ method: 'DELETE', url: `/api/core/v1/project/${project.id}` });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        ...project,
        deletedAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expectError(await get(project.id), 404, 'Project was not found.');
      expectError(await call({ method: 'DELETE', url: `/api/core/v1/project/${project.id}` }), 404);
      expectError(
        await call({ method: 'PUT', url: `/api/core/v1/project/${project.id}`, payload: { name: 'Back' } }),
        404,
      );
      expectError(
        await call({ method: 'PATCH', url: `/api/core/v1/project/${project.id}`, payload: { name: 'Back' } }),
        404,
      );
    });

    it('answers 404 for a missing id and for a malformed id in the path', async () => {
      const missing = await get(MISSING_ID);
      expectError(missing, 404);
      for (const id of ['not-an-id', '1', `${timeline[0].id}x`, "1' or '1'='1", 'batch']) {
        const url = `/api/core/v1/project/${encodeURIComponent(id)}`;
        const read = await call({ method: 'GET', url });
        expectError(read, 404);
        expect(read.json()).toEqual(missing.json());
        expectError(await call({ method: 'DELETE', url }), 404);
        expectError(await call({ method: 'PATCH', url, payload: { name: 'x' } }), 404);
        expectError(await call({ method: 'PUT', url, payload: { name: 'x' } }), 404);
      }
    });

    it('answers 401 in the same error shape without a token', async () => {
      expectError(await server().call(undefined, { method: 'GET', url: '/api/core/v1/project' }), 401);
      expectError(
        await server().call('nonsense', { method: 'GET', url: `/api/core/v1/project/${MISSING_ID}` }),
        401,
      );
    });
  });

  describe('batch', () => {
    const batch = (items: unknown) =>
      call({ method: 'POST', url: '/api/core/v1/project/batch', payload: items as object });

    it('answers a status per item and applies the good ones', async () => {
      const doomed = await create({ name: 'Batch doomed' });
      const patched = await create({ name: 'Batch patched', description: 'before' });
      const response = await batch([
        { method: 'POST', data: { name: 'Batch created' } },
        { method: 'PUT', id: MISSING_ID, data: { name: 'Nowhere' } },
        { method: 'POST', data: { name: 5, colour: 'red' } },
        { method: 'DELETE', id: doomed.id },
        { method: 'PATCH', id: patched.id, data: { description: 'after' } },
        { method: 'PUT', id: patched.id, data: { name: '' } },
        { method: 'PUT', data: { name: 'No id' } },
        { method: 'GET', id: 'not-an-id' },
      ]);
      expect(response.statusCode).toBe(200);
      const results = response.json();
      expect(results).toHaveLength(8);
      expect(results[0]).toEqual({
        status: { code: 201, message: [] },
        id: expect.any(String),
        data: expect.objectContaining({ name: 'Batch created' }),
      });
      expect(results[1]).toEqual({
        status: { code: 404, message: ['Project was not found.'] },
        id: MISSING_ID,
      });
      expect(results[2].status.code).toBe(400);
      expect(results[2].status.message).toEqual(
        expect.arrayContaining([expect.stringContaining('name'), expect.stringContaining('colour')]),
      );
      expect(results[3]).toEqual({
        status: { code: 200, message: [] },
        id: doomed.id,
        data: { ...doomed, deletedAt: expect.any(String), updatedAt: expect.any(String) },
      });
      expect(results[4]).toMatchObject({
        status: { code: 200, message: [] },
        id: patched.id,
        data: { description: 'after' },
      });
      expect(results[5].status.code).toBe(400);
      expect(results[5].status.message).toEqual([expect.stringContaining('name')]);
      expect(results[6].status.code).toBe(400);
      expect(results[6].status.message).toEqual([expect.stringContaining('id')]);
      expect(results[7]).toEqual({
        status: { code: 404, message: ['Project was not found.'] },
        id: 'not-an-id',
      });
      expect(response.body).not.toMatch(SQL_TEXT);

      expect((await get(results[0].id)).json().name).toBe('Batch created');
      expect((await get(doomed.id)).statusCode).toBe(404);
      expect((await get(patched.id)).json()).toMatchObject({ name: 'Batch patched', description: 'after' });
      expect(names(await where({ name: { $in: ['Nowhere', 'No id'] } }))).toEqual([]);
    });

    it('answers 400 for more than 100 items, and runs none of them', async () => {
      const before = await total();
      const items = Array.from({ length: 101 }, (_, index) => ({
        method: 'POST',
        data: { name: `Too many ${index}` },
      }));
      expectError(await batch(items), 400, /100/);
      expect(await total()).toBe(before);
      const hundred = await batch(
        items.slice(0, 100).map((item) => ({ ...item, method: 'GET', id: MISSING_ID })),
      );
      expect(hundred.statusCode).toBe(200);
      expect(hundred.json()).toHaveLength(100);
    });

    it('answers 400 for a body that is not a list of items', async () => {
      expectError(await batch({ method: 'GET', id: MISSING_ID }), 400);
      expectError(await batch([]), 400);
      expectError(await batch([{ method: 'TRACE', id: MISSING_ID }]), 400, /method/);
      expectError(await batch([{ method: 'GET', id: MISSING_ID, extra: 1 }]), 400, /extra/);
    });
  });

  it('answers 404 in the error shape for an unknown route under the API', async () => {
    expectError(await call({ method: 'GET', url: '/api/core/v1/nothing' }), 404);
    expectError(await call({ method: 'POST', url: '/api/core/v1/project/batch/more', payload: {} }), 404);
  });
});
