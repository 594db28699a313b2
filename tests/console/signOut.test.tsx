import { QueryClient } from '@tanstack/react-query';
import { fireEvent, getConfig, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { App } from '../../src/App';
import { createSession } from '../../src/auth/session';
import { createAuthProvider } from '../../src/authProvider';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import type { ConsoleServices } from '../../src/services';
import { fakeHttp, type RecordedCall } from './fakeHttp';
import { admin, memoryDataProvider, testConfig } from './harness';

/**
 * The real App (browser routes, the real auth provider over a fake server), counting the logouts it asks
 * for and the history entries it writes: once signed out, the console shows /login and stays there.
 */
function openApp(path: string, session: 'signed in' | 'signed out' | 'expired') {
  const storage = window.localStorage;
  storage.clear();
  if (session !== 'signed out') {
    const expiresAt = Date.now() + (session === 'expired' ? -60_000 : 3_600_000);
    storage.setItem('passbase.session', JSON.stringify({ token: 't1', expiresAt, userId: admin.id }));
  }
  const http = fakeHttp((call: RecordedCall) => {
    if (call.url.endsWith('/auth/logout')) return { status: 204 };
    if (call.url.endsWith('/auth/login')) return { json: { token: 't2', expiresIn: 3600 } };
    if (call.url.endsWith('/v1/user/me')) return { json: admin };
    return { status: 404 };
  });
  const authProvider = createAuthProvider({
    coreApi: testConfig.coreApi,
    session: createSession(storage),
    httpClient: http.client,
  });
  const logout = jest.spyOn(authProvider, 'logout');
  const services = {
    authProvider,
    dataProvider: memoryDataProvider().dataProvider,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    i18nProvider: createI18nProvider(),
  } as unknown as ConsoleServices;
  window.history.replaceState(null, '', path);
  const pushState = jest.spyOn(window.history, 'pushState');
  render(
    <StrictMode>
      <App config={testConfig} services={services} />
    </StrictMode>,
  );
  return { logout, pushState };
}

/**
 * Lets the console run on its own for a while, as in a browser: outside act() (which would flush every
 * update at once), with React's scheduler deciding when router transitions render, as waitFor does.
 */
const settle = (ms: number) =>
  getConfig().asyncWrapper(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('signing out', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends a signed-out visitor of a page to /login once, keeping the page to come back to', async () => {
    const { logout, pushState } = openApp('/identity/project', 'signed out');
    await settle(1000);
    expect(logout.mock.calls.length).toBeLessThanOrEqual(2);
    expect(pushState.mock.calls.length).toBeLessThanOrEqual(2);
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?redirect=%2Fidentity%2Fproject');
    expect(window.history.state?.usr).toEqual({ nextPathname: '/identity/project', nextSearch: '' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out from the user menu and then stays still on /login', async () => {
    const { logout, pushState } = openApp('/', 'signed in');
    fireEvent.click(await screen.findByText('Victor Viewer'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /logout/i }));
    await settle(1000);
    expect(logout.mock.calls.length).toBeLessThanOrEqual(3);
    expect(pushState.mock.calls.length).toBeLessThanOrEqual(3);
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-out deep link to /login?redirect=<path>, with its query', async () => {
    openApp('/passes/pass?page=2', 'signed out');
    await settle(1000);
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/passes/pass?page=2');
  });

  it('sends an expired session to /login?redirect=<path>', async () => {
    const { logout } = openApp('/identity/user', 'expired');
    await settle(1000);
    expect(logout).toHaveBeenCalled();
    expect(window.location.search).toBe('?redirect=%2Fidentity%2Fuser');
  });

  it('follows the redirect after signing in', async () => {
    openApp('/login?redirect=%2Fabout', 'signed out');
    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/about'));
  });

  it('ignores a redirect to another site and goes home after signing in', async () => {
    openApp('/login?redirect=https%3A%2F%2Fevil.example%2Fphish', 'signed out');
    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.search).toBe('');
    expect(window.location.host).toBe('localhost');
  });
});

async function signIn() {
  fireEvent.change(await screen.findByLabelText(/e-mail/i), { target: { value: 'victor@example.com' } });
  fireEvent.change(screen.getByLabelText(/password/i), { target: { value: 'secret-Pass1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}
