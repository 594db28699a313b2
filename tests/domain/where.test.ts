import { Type } from '@sinclair/typebox';
import { ADMINS_ONLY, defineResource } from '../../domain/resource';
import { escapedLike, likePattern, parseWhere, MAX_IN_VALUES, type FieldKind } from '../../domain/where';

const fields: Record<string, FieldKind> = {
  id: 'uuid',
  name: 'string',
  active: 'boolean',
  createdAt: 'datetime',
  'devices.total': 'number',
  dynamicData: 'json',
};
const ID = '7f1c6a4e-3a43-4c7e-9a55-1c9a2b1e0d11';

function ok(input: unknown) {
  const result = parseWhere(input, fields);
  if (!result.ok) throw new Error(result.error);
  return result.conditions;
}
function error(input: unknown) {
  const result = parseWhere(input, fields);
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('where grammar', () => {
  it('reads a plain value as equality and null as is-null', () => {
    expect(ok({ name: 'Acme', active: true })).toEqual([
      { field: 'name', op: '$eq', value: 'Acme' },
      { field: 'active', op: '$eq', value: true },
    ]);
    expect(ok({ name: null })).toEqual([{ field: 'name', op: '$eq', value: null }]);
  });

  it('accepts a JSON string and an empty where', () => {
    expect(ok('{"name":{"$like":"cm"}}')).toEqual([{ field: 'name', op: '$like', value: 'cm' }]);
    expect(ok('')).toEqual([]);
    expect(ok(undefined)).toEqual([]);
  });

  it('lets every resource filter on deletedAt, null being is-null and a date a range of deleted rows', () => {
    const thing = Type.Object({ name: Type.String(), deletedAt: Type.Union([Type.String(), Type.Null()]) });
    const { filterFields } = defineResource({
      name: 'thing',
      api: 'core',
      route: 'thing',
      schema: thing,
      createSchema: thing,
      updateSchema: thing,
      project: 'none',
      access: ADMINS_ONLY,
      representation: 'name',
      filter: ['name'],
      sort: ['name'],
      defaultSort: { field: 'name', order: 'asc' },
    });
    expect(filterFields).toEqual({ name: 'string', deletedAt: 'datetime' });
    expect(parseWhere({ deletedAt: null }, filterFields)).toEqual({
      ok: true,
      conditions: [{ field: 'deletedAt', op: '$eq', value: null }],
    });
    expect(parseWhere({ deletedAt: { $gt: '2026-11-01T00:00:00Z' } }, filterFields)).toEqual({
      ok: true,
      conditions: [{ field: 'deletedAt', op: '$gt', value: '2026-11-01T00:00:00Z' }],
    });
    expect(parseWhere({ deletedAt: { $gt: 'yesterday' } }, filterFields)).toMatchObject({ ok: false });
  });

  it('combines several operators on one field', () => {
    expect(
      ok({ createdAt: { gtOrEq: '2026-01-01T00:00:00Z', $lt: '2026-02-01T00:00:00.000Z' } }),
    ).toHaveLength(2);
  });

  it('turns a day into a range to the next midnight', () => {
    expect(ok({ createdAt: { $day: '2024-02-29' } })).toEqual([
      {
        field: 'createdAt',
        op: '$day',
        value: { from: '2024-02-29T00:00:00.000Z', to: '2024-03-01T00:00:00.000Z' },
      },
    ]);
    expect(error({ createdAt: { $day: '2023-02-29' } })).toMatch(/real calendar day/);
  });

  it('accepts nested JSON fields that are declared', () => {
    expect(ok({ 'devices.total': { $gt: 0 } })).toEqual([{ field: 'devices.total', op: '$gt', value: 0 }]);
  });

  it('checks ids in $inUuid and $eq', () => {
    expect(ok({ id: { $inUuid: [ID] } })).toEqual([{ field: 'id', op: '$inUuid', value: [ID] }]);
    expect(error({ id: { $inUuid: ["1' OR 1=1"] } })).toMatch(/expects an id/);
    expect(error({ id: 'abc' })).toMatch(/expects an id/);
  });

  it('refuses unknown fields, naming the ones that exist', () => {
    expect(error({ 'password"; drop table x; --': 1 })).toMatch(/Unknown filter field/);
    expect(error({ secret: 1 })).toMatch(/Fields that can be filtered: id, name/);
  });

  it('refuses unknown operators and operators that do not fit the field', () => {
    expect(error({ name: { $regex: 'x' } })).toMatch(/Unknown operator "\$regex"/);
    expect(error({ active: { $like: 'x' } })).toMatch(/cannot be searched with \$like/);
    expect(error({ active: { $gt: true } })).toMatch(/cannot be compared/);
    expect(error({ name: { $day: '2026-01-01' } })).toMatch(/dates only/);
  });

  it('refuses values of the wrong type', () => {
    expect(error({ 'devices.total': { $gt: '1' } })).toMatch(/expects a number/);
    expect(error({ createdAt: { $gt: 'yesterday' } })).toMatch(/ISO 8601/);
    expect(error({ name: { $in: 'x' } })).toMatch(/list of values/);
    expect(error({ name: { $in: Array.from({ length: MAX_IN_VALUES + 1 }, () => 'x') } })).toMatch(/at most/);
    expect(error({ name: { $eq: { nested: 1 } } })).toMatch(/text value/);
  });

  it('refuses a where that is not an object or not JSON', () => {
    expect(error('{name')).toMatch(/not valid JSON/);
    expect(error('[1]')).toMatch(/JSON object/);
    expect(error({ name: {} })).toMatch(/empty condition/);
  });
});

describe('where grammar: values PostgreSQL would refuse', () => {
  it('refuses date-times that do not exist', () => {
    for (const value of [
      '2026-02-30',
      '2025-02-29T10:00:00Z',
      '0000-01-01T00:00:00Z',
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T25:00:00Z',
    ]) {
      expect(error({ createdAt: { $lt: value } })).toMatch(/ISO 8601/);
    }
    expect(ok({ createdAt: { $lt: '2024-02-29T23:59:59.999+01:00' } })).toHaveLength(1);
  });

  it('keeps $inUuid for ids', () => {
    expect(error({ name: { $inUuid: [ID] } })).toMatch(/not an id/);
  });

  it('treats names of Object members as unknown fields', () => {
    for (const field of ['constructor', '__proto__', 'toString']) {
      expect(error(JSON.parse(`{"${field}": 1}`))).toMatch(/Unknown filter field/);
    }
  });
});

describe('$like patterns', () => {
  it('searches a value without wildcards anywhere, and one with them as a whole pattern', () => {
    expect(likePattern('cme')).toBe('%cme%');
    expect(likePattern('Acme%')).toBe('Acme%');
    expect(likePattern('%Some%')).toBe('%Some%');
    expect(likePattern('S_me')).toBe('S_me');
  });

  it('keeps escaped wildcards as characters, and a backslash at the end as itself', () => {
    expect(likePattern('100\\%')).toBe('%100\\%%');
    expect(likePattern('100\\%%')).toBe('100\\%%');
    expect(likePattern('a\\_b')).toBe('%a\\_b%');
    expect(likePattern('end\\')).toBe('%end\\\\%');
  });

  it('escapes what a person types, so that it is found as typed', () => {
    expect(escapedLike('50% off_now\\')).toBe('50\\% off\\_now\\\\');
    expect(likePattern(escapedLike('50%'))).toBe('%50\\%%');
  });
});
