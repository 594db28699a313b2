import type { ConsoleConfig } from '../domain/schemas/config';
import { createSession } from './auth/session';
import { loginPath } from './auth/loginRedirect';
import { createAuthProvider } from './authProvider';
import { createHttpClient } from './dataProviders/httpClient';
import { createConsoleDataProvider } from './dataProviders/consoleDataProvider';
import { createI18nProvider } from './i18n/i18nProvider';
import { createQueryClient } from './queryClient';
import { resourceNames } from './resources';

/**
 * Everything the console needs, wired once from /config.json: one session and one HTTP client shared by
 * the auth provider and the data provider.
 *
 * @example const services = createServices(await loadConfig());
 */
export function createServices(config: ConsoleConfig, storage: Storage = window.localStorage) {
  const session = createSession(storage);
  const i18nProvider = createI18nProvider();
  // the API answers its messages in the console's language
  const language = () => i18nProvider.getLocale();
  const httpClient = createHttpClient(() => session.token(), language);
  const authProvider = createAuthProvider({
    coreApi: config.coreApi,
    session,
    httpClient,
    onSessionEnd: () =>
      window.location.assign(loginPath(`${window.location.pathname}${window.location.search}`)),
  });
  return {
    authProvider,
    dataProvider: createConsoleDataProvider(config, httpClient, () => session.token(), language),
    queryClient: createQueryClient(resourceNames),
    i18nProvider,
  };
}

export type ConsoleServices = ReturnType<typeof createServices>;
