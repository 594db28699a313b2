import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, TestMemoryRouter, memoryStore } from 'react-admin';
import type { Viewer } from '../../domain/schemas/user';
import type { CoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { testAuthProvider } from './harness';

/**
 * Renders one component inside react-admin's context (data, auth and i18n providers, a router) without
 * the console around it: for pieces other screens embed, such as the image picker.
 */
export function renderInAdmin(ui: ReactNode, options: { viewer: Viewer; dataProvider: CoreDataProvider }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <TestMemoryRouter>
      <AdminContext
        dataProvider={options.dataProvider}
        authProvider={testAuthProvider(options.viewer)}
        i18nProvider={createI18nProvider()}
        store={memoryStore()}
        queryClient={queryClient}
      >
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
}
