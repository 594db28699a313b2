import type { AuditEntry } from '../../domain/schemas/audit';
import { boundedJson } from '../../src/common/boundedJson';
import {
  MAX_PATH_DEPTH,
  MAX_VISITS,
  changedPaths,
  entryChanges,
  shortValue,
  valueText,
  versionAfter,
} from '../../src/common/historyDiff';

const all = (before: unknown, after: unknown, path = '') => [...changedPaths(before, after, path)];

/** `{ a: { a: … { a: leaf } } }`, `depth` levels, built without recursion */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

const anEntry = (changes: AuditEntry['changes']): AuditEntry => ({
  id: '44444444-4444-4444-8444-444444444444',
  at: '2026-11-20T10:00:00.000Z',
  userId: null,
  userName: 'Alice',
  action: 'update',
  resource: 'template',
  rowId: '55555555-5555-4555-8555-555555555555',
  changes,
});

describe('changedPaths', () => {
  it('names a changed value by its path down to the key', () => {
    const before = { primaryFields: [{ key: 'level', label: { en: 'Member', cs: 'Člen' } }] };
    const after = { primaryFields: [{ key: 'level', label: { en: 'Club member', cs: 'Člen' } }] };
    expect(all(before, after, 'jsonTemplate')).toEqual([
      { path: 'jsonTemplate.primaryFields[0].label.en', before: 'Member', after: 'Club member' },
    ]);
  });

  it('reports a number, an added key and a removed key, in document order', () => {
    expect(all({ points: 120, tier: 'gold' }, { points: 135, note: 'vip' })).toEqual([
      { path: 'points', before: 120, after: 135 },
      { path: 'tier', before: 'gold', after: undefined },
      { path: 'note', before: undefined, after: 'vip' },
    ]);
  });

  it('compares arrays element by element, added and removed ones by index', () => {
    expect(all(['a', 'b', 'c'], ['a', 'B'], 'tags')).toEqual([
      { path: 'tags[1]', before: 'b', after: 'B' },
      { path: 'tags[2]', before: 'c', after: undefined },
    ]);
    expect(all([1], [1, { x: 1 }], 'list')).toEqual([
      { path: 'list[1]', before: undefined, after: { x: 1 } },
    ]);
  });

  it('reports a value that changes kind as a whole', () => {
    expect(all({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: 'a', before: [1], after: { 0: 1 } }]);
    expect(all({ a: null }, { a: { b: 1 } })).toEqual([{ path: 'a', before: null, after: { b: 1 } }]);
  });

  it('reports nothing for equal values, and quotes keys that are not names', () => {
    expect(all({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(all({ 'two words': 1 }, { 'two words': 2 }, 'x')).toEqual([
      { path: 'x["two words"]', before: 1, after: 2 },
    ]);
  });

  it('treats a __proto__ key from JSON as data and pollutes nothing', () => {
    const before: unknown = JSON.parse('{"__proto__": {"isAdmin": false}, "a": 1}');
    const after: unknown = JSON.parse('{"__proto__": {"isAdmin": true}, "a": 1}');
    expect(all(before, after)).toEqual([{ path: '__proto__.isAdmin', before: false, after: true }]);
    expect(all({}, JSON.parse('{"constructor": {"prototype": {"x": 1}}}'))).toEqual([
      { path: 'constructor', before: undefined, after: { prototype: { x: 1 } } },
    ]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  });

  it('stops descending at its depth limit on a 10,000-deep document', () => {
    const changes = all(nested(10_000, 1), nested(10_000, 2), 'doc');
    expect(changes).toHaveLength(1);
    expect(changes[0].path).toBe(`doc${'.a'.repeat(MAX_PATH_DEPTH)}`);
    expect(all(nested(10_000, 1), nested(10_000, 1))).toEqual([]);
    expect(shortValue(changes[0].before).length).toBeLessThanOrEqual(80);
    expect(valueText(changes[0].before)).toContain('…');
  });

  it('counts the changes of a document of megabytes, listing only the first', () => {
    const before = {
      rows: Array.from({ length: 100_000 }, (_, index) => ({ id: index, name: `row ${index}` })),
    };
    const after = { rows: before.rows.map((row) => ({ ...row, name: `${row.name}!` })) };
    expect(JSON.stringify(after).length).toBeGreaterThan(3_000_000);
    const { shown, more } = entryChanges(anEntry({ jsonTemplate: { before, after } }));
    expect(shown).toHaveLength(50);
    expect(shown[0]).toEqual({ path: 'jsonTemplate.rows[0].name', before: 'row 0', after: 'row 0!' });
    expect(more).toBe(100_000 - 50);
  });

  it('past its budget of values to look at, reports what is left whole instead of comparing it', () => {
    const before = Array.from({ length: MAX_VISITS + 10 }, (_, index) => ({ n: index }));
    const after = before.map((row, index) => (index === 0 ? { n: -1 } : { ...row }));
    const changes = all(before, after, 'rows');
    expect(changes[0]).toEqual({ path: 'rows[0].n', before: 0, after: -1 });
    expect(changes.at(-1)?.path).toBe(`rows[${MAX_VISITS + 9}]`);
    expect(changes.length).toBeLessThan(20);
  });
});

describe('entryChanges', () => {
  it('lists the changes of every field of an entry, the first ones and a count of the rest', () => {
    const entry = anEntry({
      name: { before: 'Concert', after: 'Gala' },
      projectId: { after: 'p1' },
      dynamicData: { before: { a: 1, b: 1, c: 1 }, after: { a: 2, b: 2, c: 2 } },
    });
    expect(entryChanges(entry, 3)).toEqual({
      shown: [
        { path: 'name', before: 'Concert', after: 'Gala' },
        { path: 'projectId', before: undefined, after: 'p1' },
        { path: 'dynamicData.a', before: 1, after: 2 },
      ],
      more: 2,
    });
  });
});

describe('values as text', () => {
  it('writes JSON as JSON.stringify does, cut past the limit', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'd' } };
    expect(boundedJson(value, 1000)).toBe(JSON.stringify(value));
    expect(boundedJson({ seat: 'x'.repeat(100) }, 12)).toBe('{"seat":"xxx…');
    expect(valueText(undefined)).toBe('—');
    expect(valueText('plain')).toBe('plain');
    expect(shortValue('y'.repeat(200))).toBe(`${'y'.repeat(79)}…`);
  });
});

describe('versionAfter', () => {
  it('undoes every newer change, field by field', () => {
    const entries = [
      anEntry({ name: { before: 'Concert', after: 'Gala' } }),
      anEntry({ jsonTemplate: { before: { a: 1 }, after: { a: 2 } } }),
    ];
    expect(versionAfter({ name: 'Gala', jsonTemplate: { a: 2 } }, entries, 1)).toEqual({
      name: 'Concert',
      jsonTemplate: { a: 2 },
    });
  });
});
