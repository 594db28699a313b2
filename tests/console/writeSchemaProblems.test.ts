import { ProductWriteSchema } from '../../domain/schemas/product';
import { ProjectWriteSchema } from '../../domain/schemas/project';
import { writeBody, writeSchemaProblems } from '../../src/common/validation/writeSchemaProblems';

describe('problems of form values against a write schema', () => {
  it('reads only the written fields, trimmed, and leaves out null where the field takes none', () => {
    expect(
      writeBody(ProjectWriteSchema, {
        id: 'x',
        name: '  Demo ',
        description: null,
        active: null,
        users: {},
      }),
    ).toEqual({ name: 'Demo', description: null });
  });

  it('calls a blank, null or absent required field mandatory, once', () => {
    for (const name of ['   ', null, undefined])
      expect(writeSchemaProblems(ProjectWriteSchema, { name })).toEqual([
        { field: 'name', path: '/name', kind: 'mandatory', reason: { key: 'mandatory' } },
      ]);
  });

  it('gives the reason of each refused value, nested ones by their path', () => {
    const problems = writeSchemaProblems(ProductWriteSchema, {
      eshopId: '11111111-1111-4111-8111-111111111111',
      name: ' ab ',
      priceWithoutVat: -1,
      vat: 0.2,
      templateIds: [],
      title: { cs: 'Dě' },
      period: { periodType: 'weeks' },
      numberServiceUrl: 'nope',
    });
    expect(problems.map(({ field, kind, reason }) => [field, kind, reason])).toEqual([
      ['templateIds', 'mandatory', { key: 'mandatory' }],
      ['name', 'invalid', { key: 'minLength', args: { limit: 3 } }],
      ['priceWithoutVat', 'invalid', { key: 'minimum', args: { limit: 0 } }],
      ['title.cs', 'invalid', { key: 'minLength', args: { limit: 3 } }],
      ['period.periodType', 'invalid', { key: 'enum' }],
      ['numberServiceUrl', 'invalid', { key: 'enum' }],
    ]);
    expect(problems.find((problem) => problem.field === 'title.cs')?.path).toBe('/title/cs');
  });

  it('finds nothing wrong with a valid body', () => {
    expect(writeSchemaProblems(ProjectWriteSchema, { name: 'Demo', parentId: null })).toEqual([]);
  });
});
