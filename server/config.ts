import path from 'node:path';

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** public addresses, as the console and passes see them */
  coreApiBase: string;
  ticketApiBase: string;
  passBase: string;
  docsUrl: string;
  issueUrl: string;
  supportEmail: string;
  environment: string;
  environmentColor: string;
  version: string;
  buildTime: string;
  /** tile address of the designer's location map ({z}/{x}/{y}); empty: no map, only the inputs */
  mapTileUrl: string;
  /** the iTunes Search API or a service answering the same way: the designer's associated app search */
  appStoreSearchUrl: string;
  firstAdminEmail: string | undefined;
  firstAdminPassword: string | undefined;
  firstOauthClientId: string | undefined;
  firstOauthClientSecret: string | undefined;
  /** secret that signs access tokens; generated under dataDir when unset */
  tokenSecret: string | undefined;
  tokenTtlSeconds: number;
  /** base64 of 32 bytes: encrypts certificates' private keys at rest; generated under dataDir when unset */
  certificateKeySecret: string | undefined;
  bodyLimitBytes: number;
  consoleDir: string;
  logLevel: string;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
}

function httpUrl(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined || value === '') return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http or https address, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http or https address, got "${value}".`);
  return value;
}

/** @example loadConfig({ PORT: '8080' }) */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(__dirname, '..', '..', '..');
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    coreApiBase: env.CORE_API_BASE ?? '/api/core',
    ticketApiBase: env.TICKET_API_BASE ?? '/api/ticket',
    passBase: env.PASS_BASE ?? '/p',
    docsUrl: env.DOCS_URL ?? '/api/docs',
    issueUrl: env.ISSUE_URL ?? 'https://github.com/passbase/passbase/issues',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@localhost',
    environment: env.ENVIRONMENT ?? 'local',
    environmentColor: env.ENVIRONMENT_COLOR ?? '#2e7d32',
    version: '1.7.4',
    buildTime: env.BUILD_TIME ?? new Date().toISOString(),
    mapTileUrl: env.MAP_TILE_URL ?? '',
    appStoreSearchUrl: httpUrl(env.APP_STORE_SEARCH_URL, 'https://itunes.apple.com', 'APP_STORE_SEARCH_URL'),
    firstAdminEmail: env.FIRST_ADMIN_EMAIL || undefined,
    firstAdminPassword: env.FIRST_ADMIN_PASSWORD || undefined,
    firstOauthClientId: env.FIRST_OAUTH_CLIENT_ID || undefined,
    firstOauthClientSecret: env.FIRST_OAUTH_CLIENT_SECRET || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlSeconds: integer(env.TOKEN_TTL_SECONDS, 3600, 'TOKEN_TTL_SECONDS'),
    certificateKeySecret: env.CERTIFICATE_KEY_SECRET || undefined,
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    consoleDir: path.resolve(env.CONSOLE_DIR ?? path.join(root, 'dist', 'console')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
