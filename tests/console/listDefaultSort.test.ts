import { defineResource } from '../../domain/resource';
import { ProjectSchema, projectResource } from '../../domain/schemas/project';
import { coreResources, defaultSortOf, ticketResources } from '../../src/dataProviders/resourceRegistry';

describe("a list's first order comes from its resource's declaration", () => {
  it('starts the lists of both APIs with the newest change first, as the spec says', () => {
    expect(defaultSortOf('identity/project')).toEqual({ field: 'updatedAt', order: 'DESC' });
    expect(defaultSortOf('passes/pass')).toEqual({ field: 'updatedAt', order: 'DESC' });
    expect(defaultSortOf('ticket/ticketProduct')).toEqual({ field: 'updatedAt', order: 'DESC' });
    expect(defaultSortOf('ticket/ticketOrderItem')).toEqual({ field: 'updatedAt', order: 'DESC' });
  });

  it("gives each registered resource its declaration's default sort", () => {
    for (const [name, resource] of Object.entries({ ...coreResources, ...ticketResources })) {
      const { field, order, route } = {
        ...resource.descriptor.defaultSort,
        route: resource.descriptor.route,
      };
      expect([name, defaultSortOf(route)]).toEqual([name, { field, order: order.toUpperCase() }]);
    }
  });

  it('refuses a declaration whose default sort is not a field it can sort by', () => {
    expect(() =>
      defineResource({
        name: 'broken',
        api: 'core',
        route: 'identity/broken',
        schema: ProjectSchema,
        createSchema: ProjectSchema,
        updateSchema: ProjectSchema,
        project: 'id',
        access: projectResource.access,
        representation: 'name',
        filter: ['name'],
        sort: ['name'],
        defaultSort: { field: 'createdAt', order: 'desc' },
      }),
    ).toThrow('The default sort "createdAt" of broken is not one of its sort fields.');
  });
});
