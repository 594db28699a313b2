import { Type } from '@sinclair/typebox';
import { defineResource } from '../../domain/resource';
import type { ResourceUi } from '../../domain/resourceUi';

const thing = Type.Object({ id: Type.String(), name: Type.String(), ownerId: Type.String() });

const defineThing = (ui: ResourceUi, update: { admin: true } | { nobody: string } = { admin: true }) =>
  defineResource({
    name: 'thing',
    api: 'core',
    route: 'thing',
    schema: thing,
    createSchema: thing,
    updateSchema: thing,
    project: 'none',
    access: { read: { admin: true }, create: { admin: true }, update, delete: { admin: true } },
    representation: 'name',
    filter: ['name'],
    sort: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
    ui,
  });

describe('the console hints of a list', () => {
  it("take a reference column's route, and refuse a route on a column of another kind", () => {
    expect(() =>
      defineThing({
        list: { columns: [{ field: 'ownerId', kind: 'reference', reference: 'identity/user' }] },
      }),
    ).not.toThrow();
    expect(() =>
      defineThing({ list: { columns: [{ field: 'ownerId', kind: 'text', reference: 'identity/user' }] } }),
    ).toThrow("A column of thing names a reference's route but is no reference column.");
  });

  it('offer Edit on the rows of a resource whose rows may change, and no other', () => {
    expect(() => defineThing({ list: { rowEdit: 'update' } })).not.toThrow();
    expect(() => defineThing({ list: { rowEdit: 'admin' } }, { nobody: 'Made by the server.' })).toThrow(
      'The list of thing offers Edit on its rows, which nobody may change.',
    );
  });

  it('name only fields of the schema', () => {
    expect(() =>
      defineThing({ list: { columns: ['name'], filters: [{ field: 'owner', kind: 'id' }] } }),
    ).toThrow('The console hints of thing name fields it does not have: owner.');
  });
});
