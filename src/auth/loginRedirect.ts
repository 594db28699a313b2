const LOGIN = '/login';

const isLoginPath = (path: string) => path === LOGIN || path.startsWith(`${LOGIN}?`);

/**
 * `/login`, with a redirect back to the path unless it is the root; a path that already is the login page
 * (with its redirect) is kept as it is.
 *
 * @example loginPath('/passes/template/7') // '/login?redirect=%2Fpasses%2Ftemplate%2F7'
 */
export function loginPath(path: string): string {
  if (isLoginPath(path)) return path;
  if (!path || path === '/') return LOGIN;
  return `${LOGIN}?redirect=${encodeURIComponent(path)}`;
}

// Any base of another origin would do: only a path that stays on it is a path of this console.
const PROBE_ORIGIN = 'http://console.invalid';

/**
 * Where to go after signing in: the `redirect` query when it is a path of this console (one leading `/`,
 * no backslash or control character a browser would read as another host); otherwise undefined, and
 * react-admin returns to the page that sent to the login (or home). Anything else would be an open
 * redirect.
 *
 * @example redirectTarget('?redirect=%2Fidentity%2Fuser') // '/identity/user'
 */
export function redirectTarget(search: string): string | undefined {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(redirect)) return undefined;
  const url = new URL(redirect, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN || isLoginPath(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
