import { createContext, useContext, type ReactNode } from 'react';
import type { ConsoleConfig } from '../domain/schemas/config';

const ConfigContext = createContext<ConsoleConfig | null>(null);

export const ConfigProvider = ({ config, children }: { config: ConsoleConfig; children: ReactNode }) => (
  <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>
);

/** The runtime configuration read from /config.json at start-up. */
export function useConfig(): ConsoleConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>.');
  return config;
}

const REQUIRED: ReadonlyArray<keyof ConsoleConfig> = ['coreApi', 'ticketApi', 'passBase', 'version'];

/** Fetches /config.json; rejects with a readable message when it is missing or incomplete. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ConsoleConfig> {
  const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}.`);
  const config = (await response.json()) as ConsoleConfig;
  const missing = REQUIRED.filter((key) => typeof config[key] !== 'string');
  if (missing.length) throw new Error(`/config.json lacks ${missing.join(', ')}.`);
  return config;
}
