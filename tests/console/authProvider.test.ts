import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { createSession } from '../../src/auth/session';
import { INVALID_CREDENTIALS, createAuthProvider } from '../../src/authProvider';
import { fakeHttp, type RecordedCall } from './fakeHttp';

const P1 = '11111111-1111-4111-8111-111111111111';
const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  id: '99999999-9999-4999-8999-999999999999',
  email: 'jane@example.com',
  displayName: 'Jane Doe',
  name: 'Jane Doe',
  isAdmin: false,
  projects: { [P1]: Right.PROJECT_UPDATE | Right.PASS_READ },
  ...overrides,
});

/** Answers the auth calls like the server: login, refresh, logout and the viewer. */
function server(
  options: {
    login?: { status: number; json?: unknown };
    refreshFails?: boolean;
    me?: Viewer | 'fail' | 'unauthorized';
  } = {},
) {
  let issued = 0;
  return fakeHttp((call: RecordedCall) => {
    if (call.url.endsWith('/auth/login'))
      return options.login ?? { json: { token: `t${++issued}`, expiresIn: 120 } };
    if (call.url.endsWith('/auth/refresh'))
      return options.refreshFails
        ? { status: 401, json: { message: 'expired' } }
        : { json: { token: `t${++issued}`, expiresIn: 120 } };
    if (call.url.endsWith('/auth/logout')) return { status: 204 };
    if (call.url.endsWith('/v1/user/me')) {
      if (options.me === 'fail') return { status: 500 };
      if (options.me === 'unauthorized') return { status: 401 };
      return { json: options.me ?? viewer() };
    }
    return { status: 404 };
  });
}

function setup(options: Parameters<typeof server>[0] = {}, path = '/identity/project') {
  localStorage.clear();
  const session = createSession(localStorage);
  const http = server(options);
  const onSessionEnd = jest.fn();
  const authProvider = createAuthProvider({
    coreApi: '/api/core',
    session,
    httpClient: http.client,
    onSessionEnd,
    currentPath: () => path,
  });
  return { authProvider, session, http, onSessionEnd };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('authProvider', () => {
  it('login posts the credentials and keeps the token in localStorage', async () => {
    const { authProvider, session, http } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    expect(http.calls[0]).toEqual({
      url: '/api/core/auth/login',
      method: 'POST',
      body: { email: 'jane@example.com', password: 'secret' },
    });
    expect(session.token()).toBe('t1');
    expect(localStorage.getItem('passbase.session')).toContain('"token":"t1"');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('login answered 401 rejects with "Invalid credentials" and keeps no token', async () => {
    const { authProvider, session } = setup({
      login: { status: 401, json: { message: 'Invalid e-mail or password.' } },
    });
    await expect(authProvider.login({ email: 'jane@example.com', password: 'bad' })).rejects.toThrow(
      INVALID_CREDENTIALS,
    );
    expect(INVALID_CREDENTIALS).toBe('Invalid credentials');
    expect(session.token()).toBeNull();
  });

  it('refreshes the token 30 s before it expires, and again after each refresh', async () => {
    jest.useFakeTimers();
    const { authProvider, session, http } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    const refreshes = () => http.calls.filter((call) => call.url.endsWith('/auth/refresh')).length;

    await jest.advanceTimersByTimeAsync(89_000);
    expect(refreshes()).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(refreshes()).toBe(1);
    expect(session.token()).toBe('t2');
    await jest.advanceTimersByTimeAsync(90_000);
    expect(refreshes()).toBe(2);
    expect(session.token()).toBe('t3');
  });

  it('a failed refresh ends the session and sends the user to the login page', async () => {
    jest.useFakeTimers();
    const { authProvider, session, onSessionEnd } = setup({ refreshFails: true });
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    await jest.advanceTimersByTimeAsync(90_000);
    expect(session.token()).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fidentity%2Fproject',
    });
  });

  it('checkError on 401 forgets the token and redirects to /login with the current path', async () => {
    const { authProvider, session } = setup({}, '/identity/user?page=2');
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    await expect(authProvider.checkError({ status: 401, message: 'Unauthorized' })).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fidentity%2Fuser%3Fpage%3D2',
    });
    expect(session.token()).toBeNull();
  });

  it('checkError on 401 at the root redirects to /login without a redirect', async () => {
    const { authProvider } = setup({}, '/');
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('checkError lets other failures through (403 is not a logout)', async () => {
    const { authProvider } = setup();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('logout tells the server and forgets the token', async () => {
    const { authProvider, session, http } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    await authProvider.logout({});
    expect(http.calls.some((call) => call.url === '/api/core/auth/logout' && call.method === 'POST')).toBe(
      true,
    );
    expect(session.token()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it('identity and permissions come from /v1/user/me', async () => {
    const { authProvider } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      fullName: 'Jane Doe',
      email: 'jane@example.com',
    });
    await expect(authProvider.getPermissions?.({})).resolves.toMatchObject({ isAdmin: false });
  });

  it('canAccess answers from the rights bitmask', async () => {
    const { authProvider } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    const canAccess = (resource: string, action: string, record?: Record<string, unknown>) =>
      authProvider.canAccess?.({ resource, action, record });
    await expect(canAccess('identity/project', 'list')).resolves.toBe(true);
    await expect(canAccess('identity/project', 'update', { id: P1 })).resolves.toBe(true);
    await expect(
      canAccess('identity/project', 'update', { id: '00000000-0000-4000-8000-000000000000' }),
    ).resolves.toBe(false);
    await expect(canAccess('identity/project', 'create')).resolves.toBe(false);
    await expect(canAccess('identity/project', 'delete', { id: P1 })).resolves.toBe(false);
    await expect(canAccess('identity/user', 'list')).resolves.toBe(false);
    await expect(canAccess('identity/apiClient', 'list')).resolves.toBe(false);
    await expect(canAccess('passes/pass', 'list')).resolves.toBe(true);
    await expect(canAccess('unknown/thing', 'list')).resolves.toBe(false);
  });

  it('canAccess lets an admin do everything on known resources', async () => {
    const { authProvider } = setup({ me: viewer({ isAdmin: true, projects: {} }) });
    await authProvider.login({ email: 'admin@example.com', password: 'secret' });
    for (const resource of ['identity/project', 'identity/user', 'identity/apiClient']) {
      for (const action of ['list', 'edit', 'create', 'delete']) {
        await expect(authProvider.canAccess?.({ resource, action })).resolves.toBe(true);
      }
    }
  });

  it('a viewer that cannot be read leaves no user and no access', async () => {
    const { authProvider } = setup({ me: 'fail' });
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    expect(authProvider.getViewer()).toBeNull();
    await expect(authProvider.getIdentity?.()).rejects.toThrow();
    await expect(authProvider.getPermissions?.({})).resolves.toBeNull();
    await expect(authProvider.canAccess?.({ resource: 'identity/project', action: 'list' })).resolves.toBe(
      false,
    );
  });

  it('a stored token the server no longer accepts fails checkAuth and is forgotten', async () => {
    localStorage.clear();
    const session = createSession(localStorage);
    session.start({ token: 'revoked', expiresIn: 3600 });
    const http = server({ me: 'unauthorized' });
    const authProvider = createAuthProvider({
      coreApi: '/api/core',
      session,
      httpClient: http.client,
      currentPath: () => '/identity/project',
    });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fidentity%2Fproject',
    });
    expect(session.token()).toBeNull();
  });

  it('reloadViewer reads the viewer again (after a project was created)', async () => {
    const { authProvider, http } = setup();
    await authProvider.login({ email: 'jane@example.com', password: 'secret' });
    await authProvider.getPermissions?.({});
    await authProvider.reloadViewer();
    expect(http.calls.filter((call) => call.url.endsWith('/v1/user/me'))).toHaveLength(2);
  });
});
