import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, memoryStore } from 'react-admin';
import type { ResourceDescriptor } from '../../domain/resource';
import type { Viewer } from '../../domain/schemas/user';
import { resourceViews } from '../../src/common/generated/resourceViews';
import type { Widgets } from '../../src/common/generated/widgets';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { P1, aProject, admin, memoryDataProvider, testAuthProvider } from './harness';

/**
 * The generated screens of a resource declared in a test, alone in react-admin at a path, over one row of it (and
 * the project Acme); every screen open (the declaration's rules are not these tests' subject), History empty.
 * `labels` are texts the console's own do not hold; the projects may be named as a reference.
 *
 * @example const { provider } = renderGenerated({ path: '/test/gadget', descriptor: gadgetResource, row: aGadget });
 */
export function renderGenerated(options: {
  path: string;
  descriptor: ResourceDescriptor;
  row: { id: string } & Record<string, unknown>;
  viewer?: Viewer;
  widgets?: Widgets;
  labels?: Readonly<Record<string, string>>;
}) {
  const { descriptor, widgets = {}, labels = {} } = options;
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables[descriptor.name] = [{ ...options.row }];
  const history = jest.fn(async () => ({ data: [], totalCount: 0, page: 1, limit: 25 }));
  const dataProvider = Object.assign(data.dataProvider, { history });
  const authProvider = { ...testAuthProvider(options.viewer ?? admin), canAccess: async () => true };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const i18nProvider = createI18nProvider();
  const { translate } = i18nProvider;
  render(
    <TestMemoryRouter initialEntries={[options.path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={{ ...i18nProvider, translate: (key, args) => labels[key] ?? translate(key, args) }}
        store={memoryStore()}
        queryClient={queryClient}
      >
        <AdminUI>
          <Resource name={descriptor.route} {...resourceViews(descriptor, async () => widgets)} />
          <Resource name="identity/project" recordRepresentation="name" />
        </AdminUI>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...data, history };
}
