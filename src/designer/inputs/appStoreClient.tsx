import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import type { AppStoreApp } from '../../../domain/schemas/appStore';
import { createSession } from '../../auth/session';
import { useConfig } from '../../config';
import { createHttpClient, type HttpClient } from '../../dataProviders/httpClient';

/** The App Store search of the core API (the server asks the iTunes Search API). */
export interface AppStoreClient {
  /** GET {core}/v1/appStore/search?term=…: at most 10 apps */
  search: (term: string) => Promise<AppStoreApp[]>;
  /** GET {core}/v1/appStore/app/{id}: rejects with status 404 when the App Store has no such app */
  lookup: (id: number) => Promise<AppStoreApp>;
}

/**
 * @example const appStore = createAppStoreClient(config.coreApi, httpClient); await appStore.search('wallet');
 */
export function createAppStoreClient(coreApi: string, httpClient: HttpClient): AppStoreClient {
  return {
    async search(term) {
      const { json } = await httpClient(`${coreApi}/v1/appStore/search?${new URLSearchParams({ term })}`);
      return json as AppStoreApp[];
    },
    async lookup(id) {
      const { json } = await httpClient(`${coreApi}/v1/appStore/app/${encodeURIComponent(String(id))}`);
      return json as AppStoreApp;
    },
  };
}

const AppStoreClientContext = createContext<AppStoreClient | null>(null);

/** Gives the designer another App Store client (tests, or a console wired differently). */
export const AppStoreClientProvider = ({
  client,
  children,
}: {
  client: AppStoreClient;
  children: ReactNode;
}) => <AppStoreClientContext.Provider value={client}>{children}</AppStoreClientContext.Provider>;

/** The App Store client: the one provided, else one calling the core API with the signed-in session's token. */
export function useAppStoreClient(): AppStoreClient {
  const provided = useContext(AppStoreClientContext);
  const { coreApi } = useConfig();
  const [locale] = useLocaleState();
  return useMemo(() => {
    if (provided) return provided;
    const session = createSession(window.localStorage);
    return createAppStoreClient(
      coreApi,
      createHttpClient(
        () => session.token(),
        () => locale,
      ),
    );
  }, [provided, coreApi, locale]);
}
