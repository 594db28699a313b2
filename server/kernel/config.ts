import path from 'node:path';
import { trustedProxies, type TrustedProxies } from './http/trustedProxies';
import { DEFAULT_STAMP_MAX_COUNT } from '../../domain/schemas/stamp';

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections the pool of this instance opens at most (one more listens for changes) */
  databasePoolSize: number;
  /** public addresses, as the console and passes see them */
  coreApiBase: string;
  ticketApiBase: string;
  passBase: string;
  /** requests per minute and address on the public links (/p); 0 turns the limit off */
  publicRateLimit: number;
  /** requests per minute per user or API client on the core and ticket APIs; 0 turns the limit off */
  apiRateLimit: number;
  /** Apple Wallet web service base (pass.json webServiceURL); relative bases are made absolute with publicUrl */
  walletBase: string;
  /** the server's public address, e.g. https://passes.example.com; default http://localhost:{port} */
  publicUrl: string;
  /** path of Apple's WWDR intermediate certificate (DER or PEM) that signed passes include; unset: no signing */
  wwdrCertFile: string | undefined;
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
  /** lifetime of an OAuth2 refresh token (each refresh gives a new one); 0: the token endpoint issues none */
  refreshTokenTtlSeconds: number;
  /** how the OAuth2 token endpoint answers errors: RFC 6749 statuses, or status 200 as Yourpass's clients expect */
  oauth2Compat: OAuth2Compat;
  /** base64 of 32 bytes: encrypts certificates' private keys at rest; generated under dataDir when unset */
  certificateKeySecret: string | undefined;
  bodyLimitBytes: number;
  /** the largest CSV file a pass import takes (413 above it) */
  importMaxBytes: number;
  /** who may tell a client's address (X-Forwarded-For): nobody, the nearest N proxies, or these addresses */
  trustProxy: TrustedProxies;
  /** the longest a client may take to send a whole request (headers and body), and its headers alone, ms */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** how long an idle kept-alive connection stays open, ms */
  keepAliveTimeoutMs: number;
  consoleDir: string;
  logLevel: string;
  /** APNs address: production, sandbox (https://api.sandbox.push.apple.com) or a test server */
  apnsHost: string;
  /** PEM file of the CAs trusted for APNs instead of the system's (a test server); unset: the system's */
  apnsCaFile: string | undefined;
  /** pushes in flight at once, all certificates together */
  apnsConcurrency: number;
  /** how long a push waits for APNs' answer before it is retried, ms */
  apnsTimeoutMs: number;
  /** requests a minute per address to /wallet; 0: no limit */
  walletRateLimit: number;
  /** PDF and pkpass renders at once (each holds its images in memory); the others wait their turn */
  renderConcurrency: number;
  /** Save to Google Wallet: the global service account and issuer, and per-project overrides */
  googleWallet: GoogleWalletConfig;
  /** SMTP server of order emails (smtp://user:pass@host:587, smtps://...); unset: .eml files under dataDir/mail */
  smtpUrl: string | undefined;
  /** sender of order emails */
  mailFrom: string;
  /** the payment gateway of the public checkout; only 'simulated' (a local stand-in bank) ships */
  paymentGateway: 'simulated';
  /** requests a minute per address to the public checkout API; 0: no limit */
  checkoutRateLimit: number;
  /** days the invoice link of an order email opens the invoice; after that it answers 410 */
  invoiceLinkDays: number;
  /** an order still unpaid this long after it was placed moves to the payment state timeout; 0: never */
  orderPaymentTimeoutMinutes: number;
  /** the most stamps one stamp call at the till may give (STAMP_MAX_COUNT) */
  stampMaxCount: number;
  /** Apple Wallet log messages older than this are deleted */
  walletLogRetentionDays: number;
  /** days APNs' answers to pushes and the push campaigns that ended are kept */
  pushRetentionDays: number;
  /** at most this many Apple Wallet log messages are kept (the oldest are deleted first) */
  walletLogMaxRows: number;
  /** Apple Wallet log messages accepted a minute by this instance, all callers together; 0: no limit */
  walletLogMaxPerMinute: number;
  /** entries of the audit trail older than this many days are deleted by the maintenance; 0: kept forever */
  auditRetentionDays: number;
  /** false only in the benchmark (AUDIT_TRAIL=off), to measure what the audit trail costs */
  auditTrail: boolean;
  /** how often the maintenance (retention, order timeouts) runs; it also runs once at start; 0: only at start */
  maintenanceIntervalSeconds: number;
  /** origins (https://shop.example.com) whose browser pages may call the APIs, or ['*'] for any; empty: none */
  corsOrigins: string[];
  /** jobs of the queue (order emails, pushes) this process runs at once */
  jobConcurrency: number;
  /** how often an idle worker looks for due jobs (a job enqueued by this process wakes it at once) */
  jobPollMs: number;
  /** how long a claimed job stays locked without its worker renewing it: a killed worker's jobs run again after it */
  jobLockSeconds: number;
  /** the wait before a failed job's second attempt, doubling with each failure up to jobRetryMaxMs */
  jobRetryBaseMs: number;
  jobRetryMaxMs: number;
  /** attempts of a job before it stays failed */
  jobMaxAttempts: number;
  /** done jobs are deleted by the maintenance after this many hours */
  jobRetentionHours: number;
  /** how long a webhook delivery waits for its receiver's answer before the attempt counts as failed */
  webhookTimeoutMs: number;
  /** true: webhook URLs may be plain http and reach private, loopback and link-local addresses (local receivers) */
  webhookAllowPrivate: boolean;
  /** how long a webhook delivery is retried after its event before it fails for good */
  webhookRetryWindowSeconds: number;
  /** the wait before a failed delivery's second attempt, doubling with each failure up to an hour */
  webhookRetryBaseMs: number;
  /** webhook deliveries older than this many days are deleted by the maintenance */
  webhookRetentionDays: number;
}

export type OAuth2Compat = 'standard' | 'yourpass';

/** Save to Google Wallet settings; key files are read when first needed, never logged. */
export interface GoogleWalletConfig {
  /** path of the service-account JSON key file (client_email, private_key); unset: not configured */
  serviceAccountFile: string | undefined;
  issuerId: string | undefined;
  /** the sites allowed to show the Save to Google Wallet button (JWT `origins`) */
  origins: string[];
  apiBase: string;
  oauthTokenUrl: string;
  /** path of a JSON file mapping projectId to { serviceAccountFile, issuerId } */
  projectKeysFile: string | undefined;
  /** Google's root signing keys of save and delete callbacks (JSON `{keys: [...]}`, as Tink fetches them) */
  callbackKeysUrl: string;
  /** the sender ids a callback may be signed for (Google's documentation names GooglePayPasses and GoogleWalletPasses) */
  callbackSenderIds: string[];
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}".`);
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

function oauth2Compat(value: string | undefined): OAuth2Compat {
  if (value === undefined || value === '' || value === 'standard') return 'standard';
  if (value === 'yourpass') return 'yourpass';
  throw new Error(`OAUTH2_COMPAT must be "standard" (the default) or "yourpass", got "${value}".`);
}

/** An origin as browsers send it (https://shop.example.com), or undefined when the text has more (a path, a query). */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !/[?#]$/.test(text);
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** CORS_ORIGINS: `*`, or origins (scheme, host and port, no path), comma-separated. */
function corsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const origin = entry === '*' ? entry : originOf(entry.replace(/\/+$/, ''));
    if (!origin)
      throw new Error(
        `CORS_ORIGINS must list * or origins such as https://shop.example.com (no path), got "${entry}".`,
      );
    return origin;
  });
}

/**
 * How long a client may take: REQUEST_TIMEOUT_SECONDS (default 30) to send a whole request, HEADERS_TIMEOUT_SECONDS
 * (default 10, at most the request's) its headers, KEEP_ALIVE_TIMEOUT_SECONDS (default 60) an idle kept-alive
 * connection stays. A slow client is cut off; answering takes as long as it takes.
 */
function timeouts(env: NodeJS.ProcessEnv) {
  const seconds = (name: string, fallback: number) => {
    const value = integer(env[name], fallback, name);
    if (value < 1) throw new Error(`${name} must be at least 1 second, got "${env[name]}".`);
    return value * 1000;
  };
  const requestTimeoutMs = seconds('REQUEST_TIMEOUT_SECONDS', 30);
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(seconds('HEADERS_TIMEOUT_SECONDS', 10), requestTimeoutMs),
    keepAliveTimeoutMs: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', 60),
  };
}

/** GOOGLE_WALLET_CALLBACK_SENDER_IDS: comma-separated; both names Google's documentation uses by default. */
function callbackSenderIds(value: string | undefined): string[] {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.some((id) => !/^[A-Za-z0-9._-]{1,100}$/.test(id)))
    throw new Error(
      `GOOGLE_WALLET_CALLBACK_SENDER_IDS must list sender ids such as GooglePayPasses, comma-separated, got "${value}".`,
    );
  return ids.length ? ids : ['GooglePayPasses', 'GoogleWalletPasses'];
}

function paymentGateway(value: string | undefined): 'simulated' {
  if (value === undefined || value === '' || value === 'simulated') return 'simulated';
  throw new Error(`PAYMENT_GATEWAY must be "simulated" (the only gateway shipped), got "${value}".`);
}

/** @example loadConfig({ PORT: '8080' }) */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const port = integer(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, integer(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE')),
    coreApiBase: env.CORE_API_BASE ?? '/api/core',
    ticketApiBase: env.TICKET_API_BASE ?? '/api/ticket',
    passBase: env.PASS_BASE ?? '/p',
    publicRateLimit: integer(env.PUBLIC_RATE_LIMIT, 300, 'PUBLIC_RATE_LIMIT'),
    apiRateLimit: integer(env.API_RATE_LIMIT, 1200, 'API_RATE_LIMIT'),
    walletBase: env.WALLET_BASE || '/wallet',
    publicUrl: httpUrl(env.PUBLIC_URL, `http://localhost:${port}`, 'PUBLIC_URL').replace(/\/+$/, ''),
    wwdrCertFile: env.WWDR_CERT ? path.resolve(env.WWDR_CERT) : undefined,
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
    refreshTokenTtlSeconds: integer(
      env.REFRESH_TOKEN_TTL_SECONDS,
      30 * 24 * 3600,
      'REFRESH_TOKEN_TTL_SECONDS',
    ),
    oauth2Compat: oauth2Compat(env.OAUTH2_COMPAT),
    certificateKeySecret: env.CERTIFICATE_KEY_SECRET || undefined,
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    importMaxBytes: Math.max(1, integer(env.IMPORT_MAX_BYTES, 100 * 1024 * 1024, 'IMPORT_MAX_BYTES')),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    ...timeouts(env),
    consoleDir: path.resolve(env.CONSOLE_DIR ?? path.join(root, 'dist', 'console')),
    logLevel: env.LOG_LEVEL ?? 'info',
    apnsHost: httpUrl(env.APNS_HOST, 'https://api.push.apple.com', 'APNS_HOST').replace(/\/+$/, ''),
    apnsCaFile: env.APNS_CA_FILE ? path.resolve(env.APNS_CA_FILE) : undefined,
    apnsConcurrency: Math.max(1, integer(env.APNS_CONCURRENCY, 100, 'APNS_CONCURRENCY')),
    apnsTimeoutMs: Math.max(100, integer(env.APNS_TIMEOUT_MS, 15_000, 'APNS_TIMEOUT_MS')),
    walletRateLimit: integer(env.WALLET_RATE_LIMIT, 1200, 'WALLET_RATE_LIMIT'),
    renderConcurrency: Math.max(1, integer(env.RENDER_CONCURRENCY, 4, 'RENDER_CONCURRENCY')),
    googleWallet: {
      serviceAccountFile: env.GOOGLE_WALLET_SERVICE_ACCOUNT
        ? path.resolve(env.GOOGLE_WALLET_SERVICE_ACCOUNT)
        : undefined,
      issuerId: env.GOOGLE_WALLET_ISSUER_ID || undefined,
      origins: (env.GOOGLE_WALLET_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      apiBase: httpUrl(
        env.GOOGLE_WALLET_API_BASE,
        'https://walletobjects.googleapis.com/walletobjects/v1',
        'GOOGLE_WALLET_API_BASE',
      ).replace(/\/+$/, ''),
      oauthTokenUrl: httpUrl(
        env.GOOGLE_OAUTH_TOKEN_URL,
        'https://oauth2.googleapis.com/token',
        'GOOGLE_OAUTH_TOKEN_URL',
      ),
      projectKeysFile: env.GOOGLE_WALLET_PROJECT_KEYS
        ? path.resolve(env.GOOGLE_WALLET_PROJECT_KEYS)
        : undefined,
      callbackKeysUrl: httpUrl(
        env.GOOGLE_WALLET_CALLBACK_KEYS_URL,
        'https://pay.google.com/gp/m/issuer/keys',
        'GOOGLE_WALLET_CALLBACK_KEYS_URL',
      ),
      callbackSenderIds: callbackSenderIds(env.GOOGLE_WALLET_CALLBACK_SENDER_IDS),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Passbase <noreply@localhost>',
    paymentGateway: paymentGateway(env.PAYMENT_GATEWAY),
    checkoutRateLimit: integer(env.CHECKOUT_RATE_LIMIT, 120, 'CHECKOUT_RATE_LIMIT'),
    invoiceLinkDays: Math.max(1, integer(env.INVOICE_LINK_DAYS, 90, 'INVOICE_LINK_DAYS')),
    orderPaymentTimeoutMinutes: integer(
      env.ORDER_PAYMENT_TIMEOUT_MINUTES,
      30,
      'ORDER_PAYMENT_TIMEOUT_MINUTES',
    ),
    stampMaxCount: Math.max(1, integer(env.STAMP_MAX_COUNT, DEFAULT_STAMP_MAX_COUNT, 'STAMP_MAX_COUNT')),
    walletLogRetentionDays: Math.max(
      1,
      integer(env.WALLET_LOG_RETENTION_DAYS, 30, 'WALLET_LOG_RETENTION_DAYS'),
    ),
    pushRetentionDays: Math.max(1, integer(env.PUSH_RETENTION_DAYS, 90, 'PUSH_RETENTION_DAYS')),
    walletLogMaxRows: integer(env.WALLET_LOG_MAX_ROWS, 10_000, 'WALLET_LOG_MAX_ROWS'),
    walletLogMaxPerMinute: integer(env.WALLET_LOG_MAX_PER_MINUTE, 600, 'WALLET_LOG_MAX_PER_MINUTE'),
    auditRetentionDays: integer(env.AUDIT_RETENTION_DAYS, 365, 'AUDIT_RETENTION_DAYS'),
    auditTrail: env.AUDIT_TRAIL !== 'off',
    maintenanceIntervalSeconds: integer(
      env.MAINTENANCE_INTERVAL_SECONDS,
      300,
      'MAINTENANCE_INTERVAL_SECONDS',
    ),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    jobConcurrency: Math.max(1, integer(env.JOB_CONCURRENCY, 4, 'JOB_CONCURRENCY')),
    jobPollMs: Math.max(10, integer(env.JOB_POLL_MS, 1000, 'JOB_POLL_MS')),
    jobLockSeconds: Math.max(5, integer(env.JOB_LOCK_SECONDS, 60, 'JOB_LOCK_SECONDS')),
    jobRetryBaseMs: integer(env.JOB_RETRY_BASE_MS, 10_000, 'JOB_RETRY_BASE_MS'),
    jobRetryMaxMs: integer(env.JOB_RETRY_MAX_MS, 3_600_000, 'JOB_RETRY_MAX_MS'),
    jobMaxAttempts: Math.max(1, integer(env.JOB_MAX_ATTEMPTS, 8, 'JOB_MAX_ATTEMPTS')),
    jobRetentionHours: integer(env.JOB_RETENTION_HOURS, 24, 'JOB_RETENTION_HOURS'),
    webhookTimeoutMs: Math.max(100, integer(env.WEBHOOK_TIMEOUT_MS, 10_000, 'WEBHOOK_TIMEOUT_MS')),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookRetryWindowSeconds: Math.max(
      1,
      integer(env.WEBHOOK_RETRY_WINDOW_SECONDS, 24 * 3600, 'WEBHOOK_RETRY_WINDOW_SECONDS'),
    ),
    webhookRetryBaseMs: Math.max(10, integer(env.WEBHOOK_RETRY_BASE_MS, 10_000, 'WEBHOOK_RETRY_BASE_MS')),
    webhookRetentionDays: Math.max(1, integer(env.WEBHOOK_RETENTION_DAYS, 30, 'WEBHOOK_RETENTION_DAYS')),
  };
}
