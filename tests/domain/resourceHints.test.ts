import { Type } from '@sinclair/typebox';
import { defineResource } from '../../domain/resource';
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
    access: {
      read: { admin: true },
      create: { admin: true },
      update: { admin: true },
      delete: { admin: true },
    },
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
