import { Type } from '@sinclair/typebox';
import { ADMINS_ONLY, defineResource } from '../../domain/resource';
import { EntityFields, Nullable, Uuid } from '../../domain/schemas/common';
import type { ResourceUi } from '../../domain/resourceUi';

const ShopSchema = Type.Object({
  ...EntityFields,
  name: Type.String(),
  projectId: Uuid(),
  seller: Type.Object({ legalName: Type.String(), email: Nullable(Type.String()) }),
  billing: Nullable(Type.Object({ iban: Type.String() })),
});
const ShopWriteSchema = Type.Object({ name: Type.String(), seller: ShopSchema.properties.seller });

const declare = (ui: ResourceUi) =>
  defineResource({
    name: 'shop',
    api: 'core',
    route: 'test/shop',
    schema: ShopSchema,
    createSchema: ShopWriteSchema,
    updateSchema: ShopWriteSchema,
    project: 'projectId',
    access: ADMINS_ONLY,
    representation: 'name',
    filter: ['name'],
    sort: ['name', 'updatedAt'],
    ui,
  });

describe('the console hints of a declaration', () => {
  it('may name fields inside object fields, nullable ones too', () => {
    expect(() =>
      declare({
        page: ['name', 'seller.legalName', { field: 'seller.email', hiddenWhenEmpty: true }, 'billing.iban'],
      }),
    ).not.toThrow();
  });

  it('refuses, at once and by name, a field or a field inside an object that the schemas do not have', () => {
    expect(() => declare({ page: ['seller.phone'] })).toThrow(
      'The console hints of shop name fields it does not have: seller.phone.',
    );
    expect(() => declare({ list: { columns: ['name', 'colour'] } })).toThrow(/colour/);
    expect(() => declare({ create: ['billing.iban'] })).toThrow(/billing\.iban/);
    expect(() => declare({ page: ['name.first'] })).toThrow(/name\.first/);
  });
});

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
