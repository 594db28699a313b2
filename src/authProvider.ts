import type { AuthProvider, UserIdentity } from 'react-admin';
import type { TokenAnswer } from '../domain/schemas/auth';
import type { Viewer } from '../domain/schemas/user';
import { canAccessResource } from './auth/canAccessResource';
import { loginPath } from './auth/loginRedirect';
import type { Session } from './auth/session';
import { TOKEN_REFRESH_BEFORE_MS } from './constants';
import { errorStatus, type HttpClient } from './dataProviders/httpClient';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export interface AuthProviderOptions {
  coreApi: string;
  session: Session;
  /** the same client as the data provider's: it sends the session's token */
  httpClient: HttpClient;
  /** called when the session ends on its own (a refresh failed); the console then goes to /login */
  onSessionEnd?: () => void;
  /** the browser path, for `/login?redirect=…` */
  currentPath?: () => string;
  now?: () => number;
}

export interface PassbaseAuthProvider extends AuthProvider {
  getViewer: () => Viewer | null;
  /** The signed-in user's id, known before the viewer loads when the session remembers it. */
  currentUserId: () => string | null;
  subscribeViewer: (listener: () => void) => () => void;
  /** Reads the viewer once (every later question shares that answer), e.g. as the console starts. */
  loadViewer: () => Promise<Viewer | null>;
  /** Reads the viewer again, e.g. after a project was created (the creator's rights changed). */
  reloadViewer: () => Promise<Viewer | null>;
}

const browserPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Login, token refresh 30 s before expiry, logout, and the viewer (`/v1/user/me`) behind identity,
 * permissions and canAccess (answered by domain/rights.ts).
 *
 * @example const authProvider = createAuthProvider({ coreApi: '/api/core', session, httpClient });
 */
export function createAuthProvider(options: AuthProviderOptions): PassbaseAuthProvider {
  const { coreApi, session, httpClient, onSessionEnd, currentPath = browserPath, now = Date.now } = options;
  let viewer: Viewer | null = null;
  let viewerRequest: Promise<Viewer | null> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const setViewer = (next: Viewer | null) => {
    // Listeners re-render the console: only tell them of a real change (react-admin calls logout repeatedly
    // while it redirects, and a notice each time would start its redirect again).
    if (next === viewer) return;
    viewer = next;
    if (next) session.setUserId(next.id);
    listeners.forEach((listener) => listener());
  };

  const stopRefresh = () => {
    if (refreshTimer !== undefined) clearTimeout(refreshTimer);
    refreshTimer = undefined;
  };

  const forget = () => {
    stopRefresh();
    session.clear();
    viewerRequest = null;
    setViewer(null);
  };

  const loadViewer = (): Promise<Viewer | null> => {
    if (!session.token()) return Promise.resolve(null);
    viewerRequest ??= httpClient(`${coreApi}/v1/user/me`).then(
      ({ json }) => {
        setViewer(json as Viewer);
        return viewer;
      },
      (error: unknown) => {
        // A viewer that cannot be read leaves no user; the next question asks again.
        // A 401 means the token itself is no longer valid: the session ends.
        viewerRequest = null;
        if (errorStatus(error) === 401) forget();
        else setViewer(null);
        return null;
      },
    );
    return viewerRequest;
  };

  const scheduleRefresh = () => {
    stopRefresh();
    const expiresAt = session.expiresAt();
    if (expiresAt === null) return;
    refreshTimer = setTimeout(refresh, Math.max(0, expiresAt - TOKEN_REFRESH_BEFORE_MS - now()));
  };

  async function refresh() {
    refreshTimer = undefined;
    try {
      const { json } = await httpClient(`${coreApi}/auth/refresh`, { method: 'POST' });
      session.renew(json as TokenAnswer);
      scheduleRefresh();
    } catch {
      forget();
      onSessionEnd?.();
    }
  }

  if (session.token()) scheduleRefresh();
  else session.clear();

  return {
    async login(params: { email: string; password: string }) {
      forget();
      let answer: TokenAnswer;
      try {
        const { json } = await httpClient(`${coreApi}/auth/login`, {
          method: 'POST',
          body: JSON.stringify({ email: params.email, password: params.password }),
        });
        answer = json as TokenAnswer;
      } catch (error) {
        if (errorStatus(error) === 401) throw new Error(INVALID_CREDENTIALS, { cause: error });
        console.error('Sign-in failed', error);
        throw error;
      }
      session.start(answer);
      scheduleRefresh();
      await loadViewer();
    },

    /**
     * A sign-out from the menu goes to bare /login; without a token (a signed-out deep link, an expired
     * session, on which react-admin signs out) the login page brings the visitor back to the path.
     */
    async logout() {
      const hadToken = session.token() !== null;
      stopRefresh();
      if (hadToken) {
        try {
          await httpClient(`${coreApi}/auth/logout`, { method: 'POST' });
        } catch {
          // The token is dropped here whatever the server says.
        }
      }
      forget();
      return hadToken ? undefined : loginPath(currentPath());
    },

    /** Signed in means an unexpired token the server still accepts (the viewer's read did not answer 401). */
    async checkAuth() {
      if (session.token()) await loadViewer();
      if (!session.token()) throw { redirectTo: loginPath(currentPath()), message: false };
    },

    async checkError(error: unknown) {
      if (errorStatus(error) === 401) {
        forget();
        throw { redirectTo: loginPath(currentPath()), message: false };
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const current = await loadViewer();
      if (!current) throw new Error('No signed-in user.');
      return {
        id: current.id,
        fullName: current.displayName || current.name || current.email,
        email: current.email,
      };
    },

    getPermissions: () => loadViewer(),

    async canAccess(params: { resource: string; action: string; record?: Record<string, unknown> }) {
      const current = await loadViewer();
      return current ? canAccessResource(current, params.resource, params.action, params.record) : false;
    },

    loadViewer,
    getViewer: () => viewer,
    currentUserId: () => viewer?.id ?? (session.token() ? session.userId() : null),
    subscribeViewer(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reloadViewer() {
      viewerRequest = null;
      return loadViewer();
    },
  };
}
