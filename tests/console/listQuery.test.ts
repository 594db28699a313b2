import { projectResource } from '../../domain/schemas/project';
import { userResource } from '../../domain/schemas/user';
import { parseWhere } from '../../domain/where';
import { buildListQuery, buildWhere } from '../../src/dataProviders/listQuery';

const PROJECT_ID = '3f2c1b8e-9d4a-4c1e-8f00-123456789abc';
const OTHER_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The query string as the server receives it, written readably. */
const query = (where: string, rest: string) => `where=${encodeURIComponent(where)}&${rest}`;

describe('buildListQuery', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('maps page, per page and sort to page, limit, order and orderBy', () => {
    expect(
      buildListQuery(projectResource, {
        filter: {},
        pagination: { page: 3, perPage: 50 },
        sort: { field: 'name', order: 'ASC' },
      }),
    ).toBe(query('{"deletedAt":null}', 'page=3&limit=50&order=asc&orderBy=name'));
  });

  it('maps a text filter to $like and keeps deletedAt null first', () => {
    expect(
      buildListQuery(projectResource, {
        filter: { name: 'acme' },
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'updatedAt', order: 'DESC' },
      }),
    ).toBe(
      query('{"deletedAt":null,"name":{"$like":"acme"}}', 'page=1&limit=20&order=desc&orderBy=updatedAt'),
    );
  });

  it('searches typed text as typed: its % and _ are no wildcards', () => {
    expect(buildWhere(projectResource, { name: '50%_off\\' })).toEqual({
      deletedAt: null,
      name: { $like: '50\\%\\_off\\\\' },
    });
  });

  it('maps ids to $eq, lists of ids to $inUuid, booleans to $eq', () => {
    expect(
      buildListQuery(projectResource, {
        filter: { parentId: PROJECT_ID, id: [PROJECT_ID, OTHER_ID], active: 'true' },
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'updatedAt', order: 'DESC' },
      }),
    ).toBe(
      query(
        `{"deletedAt":null,"parentId":{"$eq":"${PROJECT_ID}"},"id":{"$inUuid":["${PROJECT_ID}","${OTHER_ID}"]},"active":{"$eq":true}}`,
        'page=1&limit=20&order=desc&orderBy=updatedAt',
      ),
    );
  });

  it('maps a date range from/to to gtOrEq the first day and $lt the day after the last', () => {
    expect(
      buildListQuery(userResource, {
        filter: { createdAt_from: '2026-01-01', createdAt_to: '2026-01-31', email: '@example.com' },
        pagination: { page: 2, perPage: 10 },
        sort: { field: 'createdAt', order: 'DESC' },
      }),
    ).toBe(
      query(
        '{"deletedAt":null,"createdAt":{"gtOrEq":"2026-01-01T00:00:00.000Z","$lt":"2026-02-01T00:00:00.000Z"},"email":{"$like":"@example.com"}}',
        'page=2&limit=10&order=desc&orderBy=createdAt',
      ),
    );
  });

  it('falls back to the resource default sort for a field that cannot be sorted', () => {
    expect(
      buildListQuery(projectResource, {
        filter: { name: '' },
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'users', order: 'ASC' },
      }),
    ).toBe(query('{"deletedAt":null}', 'page=1&limit=20&order=desc&orderBy=updatedAt'));
  });

  it('caps the limit at 1000 and adds count=false when the total is not wanted', () => {
    expect(
      buildListQuery(projectResource, { pagination: { page: 1, perPage: 5000 } }, { count: false }),
    ).toBe(query('{"deletedAt":null}', 'page=1&limit=1000&order=desc&orderBy=updatedAt&count=false'));
  });

  it('uses page 1, limit 10 and ascending order when nothing is set and the resource is unknown', () => {
    expect(buildListQuery(undefined, {})).toBe(
      query('{"deletedAt":null}', 'page=1&limit=10&order=asc&orderBy=id'),
    );
  });
});

describe('buildWhere', () => {
  it('passes explicit operator objects and nulls through', () => {
    expect(buildWhere(projectResource, { parentId: null, name: { $eq: 'Acme' } })).toEqual({
      deletedAt: null,
      parentId: null,
      name: { $eq: 'Acme' },
    });
  });

  it('guesses by value when the resource is unknown', () => {
    expect(buildWhere(undefined, { eshopId: PROJECT_ID, name: 'x', count: 3 })).toEqual({
      deletedAt: null,
      eshopId: { $eq: PROJECT_ID },
      name: { $like: 'x' },
      count: { $eq: 3 },
    });
  });
});

describe('buildWhere and the server grammar', () => {
  it('builds wheres that domain/where.ts accepts', () => {
    const built = buildWhere(projectResource, {
      name: 'acme',
      parentId: PROJECT_ID,
      id: [PROJECT_ID],
      active: false,
      createdAt_from: '2026-03-01',
      createdAt_to: '2026-03-02',
    });
    expect(parseWhere(JSON.stringify(built), projectResource.filterFields)).toMatchObject({ ok: true });
  });
});
