import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpError, TestMemoryRouter, memoryStore, type AuthProvider, type RaRecord } from 'react-admin';
import { Right } from '../../domain/rights';
import type { ConsoleConfig } from '../../domain/schemas/config';
import type { Project } from '../../domain/schemas/project';
import type { PushResult } from '../../domain/schemas/pushResult';
import type { ExpiringCertificate } from '../../domain/schemas/certificate';
import type { User, Viewer } from '../../domain/schemas/user';
import { ConsoleAdmin } from '../../src/App';
import { canAccessResource } from '../../src/auth/canAccessResource';
import type { CoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { apiResourceName } from '../../src/dataProviders/resourceRegistry';
import { czech } from '../../src/i18n/czech';
import { createI18nProvider } from '../../src/i18n/i18nProvider';

export const testConfig: ConsoleConfig = {
  coreApi: '/api/core',
  ticketApi: '/api/ticket',
  passBase: '/p',
  docsUrl: '/api/docs',
  issueUrl: 'https://github.com/example/passbase/issues',
  supportEmail: 'support@example.com',
  environment: 'test',
  environmentColor: '#2e7d32',
  version: '1.7.4',
  buildTime: '2026-11-22T10:00:00Z',
  mapTileUrl: '',
  simulatedPayments: false,
};

type Problem = { path: string; message: string };

export const P1 = '11111111-1111-4111-8111-111111111111';
export const P2 = '22222222-2222-4222-8222-222222222222';
export const U1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const U2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const VIEWER_ID = '99999999-9999-4999-8999-999999999999';

const STAMP = '2026-01-01T00:00:00.000Z';

export const aProject = (overrides: Partial<Project> = {}): Project => ({
  id: P1,
  name: 'Acme',
  description: null,
  active: true,
  parentId: null,
  users: {},
  createdAt: STAMP,
  updatedAt: STAMP,
  deletedAt: null,
  ...overrides,
});

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: U1,
  displayName: 'Alice Adams',
  email: 'alice@example.com',
  isAdmin: false,
  active: true,
  createdAt: STAMP,
  updatedAt: STAMP,
  deletedAt: null,
  ...overrides,
});

export const aViewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  id: VIEWER_ID,
  email: 'viewer@example.com',
  displayName: 'Victor Viewer',
  name: 'Victor Viewer',
  isAdmin: false,
  projects: {},
  ...overrides,
});

export const admin = aViewer({ isAdmin: true });
export const manager = aViewer({ projects: { [P1]: Right.PROJECT_UPDATE | Right.USER_UPDATE } });

/** The auth provider's answers for a given viewer; canAccess is the real rule table. */
export function testAuthProvider(viewer: Viewer | null): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => {
      if (!viewer) throw { redirectTo: '/login', message: false };
    },
    checkError: async () => undefined,
    getIdentity: async () => {
      if (!viewer) throw new Error('No user');
      return { id: viewer.id, fullName: viewer.displayName, email: viewer.email };
    },
    getPermissions: async () => viewer,
    canAccess: async ({ resource, action, record }) =>
      viewer ? canAccessResource(viewer, resource, action, record) : false,
    reloadViewer: async () => viewer,
  };
}

type Row = RaRecord & Record<string, unknown>;
interface Seed {
  project?: Project[];
  user?: User[];
  apiClient?: Row[];
  /** API clients' rights per project: apiClientId → projectId → rights */
  clientProjects?: Record<string, Record<string, number>>;
}

/** An in-memory core API behind the data provider interface; every method is a jest.fn to assert calls. */
export function memoryDataProvider(seed: Seed = {}) {
  const tables: Record<string, Row[]> = {
    project: [...(seed.project ?? [])],
    user: [...(seed.user ?? [])],
    apiClient: [...(seed.apiClient ?? [])],
  };
  const clientProjects: Record<string, Record<string, number>> = { ...(seed.clientProjects ?? {}) };
  const table = (resource: string) => (tables[apiResourceName(resource)] ??= []);
  const find = (resource: string, id: unknown) => {
    const row = table(resource).find((candidate) => candidate.id === id);
    if (!row) throw new HttpError('Not found', 404, { message: 'Not found' });
    return row;
  };
  const matches = (row: Row, filter: Record<string, unknown> = {}) =>
    Object.entries(filter).every(([field, value]) =>
      typeof value === 'string'
        ? String(row[field] ?? '')
            .toLowerCase()
            .includes(value.toLowerCase())
        : row[field] === value,
    );

  const provider = {
    getList: jest.fn(
      async (
        resource: string,
        params: { filter?: Record<string, unknown>; pagination?: { page: number; perPage: number } },
      ) => {
        const rows = table(resource).filter((row) => matches(row, params.filter));
        const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
        return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
      },
    ),
    getOne: jest.fn(async (resource: string, params: { id: unknown }) => ({
      data: { ...find(resource, params.id) },
    })),
    getMany: jest.fn(async (resource: string, params: { ids: unknown[] }) => ({
      data: table(resource).filter((row) => params.ids.includes(row.id)),
    })),
    getManyReference: jest.fn(async (resource: string, params: { target: string; id: unknown }) => {
      const rows = table(resource).filter((row) => row[params.target] === params.id);
      return { data: rows.map((row) => ({ ...row })), total: rows.length };
    }),
    update: jest.fn(async (resource: string, params: { id: unknown; data: Record<string, unknown> }) => {
      const row = find(resource, params.id);
      Object.assign(row, params.data, { updatedAt: new Date().toISOString() });
      return { data: { ...row } };
    }),
    updateMany: jest.fn(async (_resource: string, params: { ids: unknown[] }) => ({ data: params.ids })),
    create: jest.fn(async (resource: string, params: { data: Record<string, unknown> }) => {
      const row = {
        ...params.data,
        id: `00000000-0000-4000-8000-${String(table(resource).length + 1).padStart(12, '0')}`,
      };
      table(resource).push(row);
      return { data: row };
    }),
    delete: jest.fn(async (resource: string, params: { id: unknown }) => {
      const row = find(resource, params.id);
      tables[apiResourceName(resource)] = table(resource).filter((candidate) => candidate !== row);
      return { data: row };
    }),
    deleteMany: jest.fn(async (_resource: string, params: { ids: unknown[] }) => ({ data: params.ids })),
    getCompleteList: jest.fn(
      async (resource: string, _filter?: Record<string, unknown>, _onPage?: (rowsRead: number) => void) =>
        table(resource),
    ),
    batch: jest.fn(async (_resource: string, items: Array<{ id?: unknown }>) =>
      items.map((item) => ({ status: { code: 200, message: [] }, id: item.id })),
    ),
    getUserByEmail: jest.fn(
      async (email: string) =>
        (tables.user.find((user) => user.email === email.trim()) as User | undefined) ?? null,
    ),
    setProjectUserRights: jest.fn(async (projectId: string, userId: string, accessRights: number | null) => {
      const project = find('project', projectId) as unknown as Project;
      const users = { ...project.users };
      if (accessRights === null) delete users[userId];
      else users[userId] = accessRights;
      project.users = users;
      return accessRights;
    }),
    /** an API client's rights per project, as the server keeps them (apiClientId → projectId → rights) */
    getApiClientProjects: jest.fn(async (apiClientId: string) => ({
      ...(clientProjects[apiClientId] ?? {}),
    })),
    setApiClientProjectRights: jest.fn(
      async (apiClientId: string, projectId: string, accessRights: number | null) => {
        const projects = { ...(clientProjects[apiClientId] ?? {}) };
        if (accessRights === null) delete projects[projectId];
        else projects[projectId] = accessRights;
        clientProjects[apiClientId] = projects;
        return accessRights;
      },
    ),
    changeOwnPassword: jest.fn(async () => undefined),
    preflight: jest.fn(
      async () =>
        ({ errors: [], warnings: [] }) as {
          errors: Problem[];
          warnings: Problem[];
          developmentSigned?: boolean;
        },
    ),
    getPushResults: jest.fn(async () => [] as PushResult[]),
    getExpiringCertificates: jest.fn(async () => [] as ExpiringCertificate[]),
  };
  return { provider, dataProvider: provider as unknown as CoreDataProvider, tables };
}

/** Renders the whole console at a path, as a viewer, over a data provider, in a window this wide. */
export function renderConsole(options: {
  path: string;
  viewer: Viewer | null;
  dataProvider: CoreDataProvider;
  width?: number;
  onLocation?: (location: { pathname: string; search: string }) => void;
  /** what /config.json would say differently from testConfig */
  config?: Partial<ConsoleConfig>;
  /** the console's language at start (en by default) */
  locale?: string;
  /** instead of the viewer's testAuthProvider (e.g. one whose answers wait) */
  authProvider?: AuthProvider;
}) {
  window.innerWidth = options.width ?? 1400;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <TestMemoryRouter initialEntries={[options.path]} locationCallback={options.onLocation}>
      <ConsoleAdmin
        config={{ ...testConfig, ...options.config }}
        authProvider={options.authProvider ?? testAuthProvider(options.viewer)}
        dataProvider={options.dataProvider}
        i18nProvider={createI18nProvider(options.locale, { cs: czech })}
        store={memoryStore()}
        queryClient={queryClient}
      />
    </TestMemoryRouter>,
  );
}
