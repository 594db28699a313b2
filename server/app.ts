import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import './kernel/http/fastifyTypes';
import type { AppContext } from './kernel/appContext';
import { GuessThrottle } from './kernel/auth/guessThrottle';
import { guessFailureRetention } from './kernel/auth/guessFailureRetention';
import { secretFromEnvOrFile } from './kernel/auth/secrets';
import { createKeyVault } from './kernel/auth/keyVault';
import { createTokenService } from './kernel/auth/tokens';
import type { ServerConfig } from './kernel/config';
import type { DatabaseHandle } from './kernel/db/database';
import { installBodyParsing } from './kernel/http/bodyParsing';
import { openApiOptions } from './kernel/http/openApiDocument';
import { installCors } from './kernel/http/cors';
import { CORE_API_PREFIX, servedUrl } from './kernel/http/rootAliases';
import { answerClientError, answerFrameworkError, installErrorHandler } from './kernel/http/errors';
import { installSecurityHeaders, securityHeadersOf } from './kernel/http/securityHeaders';
import { installValidation } from './kernel/http/validation';
import { trustProxyOption } from './kernel/http/trustedProxies';
import { loggerOptions } from './kernel/logging/loggerOptions';
import { installConsoleApp, consoleConfigRoute } from './features/console';
import { healthRoute } from './kernel/health/healthRoutes';
import { coreApi } from './coreRoutes';
import { ticketResources } from './resources';
import { installMaintenance, type MaintenanceTask } from './kernel/maintenance';
import { auditRetention } from './kernel/audit/auditRetention';
import { jobRetention } from './kernel/jobs/jobRetention';
import { idempotencyRetention } from './kernel/http/idempotencyRetention';
import { createJobQueue } from './kernel/jobs/jobQueue';
import { installJobWorker } from './kernel/jobs/jobWorker';
import { concurrencyLimit } from './kernel/concurrencyLimit';
import { createRowCache } from './kernel/engine/rowCache';
import { localDirectoryStorage } from './kernel/storage/fileStorage';
import { createViewerService, sessionRetention } from './features/identity';
import { certificateExpiryWarnings, createPassPackager, passImportRetention } from './features/passes';
import { createEventRecorder, IN_PROCESS_BATCH_EVENTS } from './features/reports';
import {
  walletRoutes,
  walletLogRetention,
  pushRetention,
  createGoogleWallet,
  googleCallbackRoutes,
  callbackNonceRetention,
} from './features/wallet';
import { publicRoutes, createPublicPassCache } from './features/distribution';
import {
  ticketApi,
  CHECKOUT_PREFIX,
  checkoutRoutes,
  STOREFRONT_PREFIX,
  storefrontRoutes,
  unpaidOrderTimeouts,
  eshopRepository,
} from './features/ticket';
import { createWebhookEvents, webhookRetention } from './features/webhooks';

/** The maintenance's rules, in the order they run; another retention rule joins here. */
const MAINTENANCE: readonly MaintenanceTask[] = [
  walletLogRetention,
  pushRetention,
  callbackNonceRetention,
  unpaidOrderTimeouts,
  auditRetention,
  jobRetention,
  idempotencyRetention,
  sessionRetention,
  guessFailureRetention,
  webhookRetention,
  passImportRetention,
  certificateExpiryWarnings,
];

export function createContext(config: ServerConfig, database: DatabaseHandle): AppContext {
  const tokenSecret = secretFromEnvOrFile(config.tokenSecret, config.dataDir, 'token-secret');
  const certificateKey = secretFromEnvOrFile(
    config.certificateKeySecret,
    config.dataDir,
    'certificate-key',
    () => crypto.randomBytes(32).toString('base64'),
  );
  const storage = localDirectoryStorage(path.join(config.dataDir, 'files'));
  const certificateKeys = createKeyVault(certificateKey, 'CERTIFICATE_KEY_SECRET');
  const renders = concurrencyLimit(config.renderConcurrency);
  const { db, changes } = database;
  const passes = createPassPackager({ config, db, changes, storage, certificateKeys, renders });
  const jobs = createJobQueue(db, config);
  return {
    config,
    db,
    databaseKind: database.kind,
    tokens: createTokenService(tokenSecret, config.tokenTtlSeconds),
    viewers: createViewerService(db, changes),
    changes,
    rows: createRowCache(db, changes),
    limits: {
      passwords: new GuessThrottle(db, 'password'),
      clientSecrets: new GuessThrottle(db, 'clientSecret'),
    },
    storage,
    certificateKeys,
    renders,
    passes,
    googleWallet: createGoogleWallet({ config, db }),
    jobs,
    integrationEvents: createWebhookEvents({ db, changes, config, jobs }),
    // PGlite runs in this process: its writes hold the event loop, so they come in short transactions
    events: createEventRecorder(
      db,
      database.kind === 'pglite' ? { batchEvents: IN_PROCESS_BATCH_EVENTS } : {},
    ),
    publicPasses: createPublicPassCache({ db, passes, changes }),
  };
}

/**
 * The whole HTTP surface on one Fastify instance: console, /config.json, core API, API docs. `logger` logs to
 * standard output, `logStream` (a test) to that stream; either way without secrets (logging/loggerOptions.ts).
 *
 * @example const app = await buildApp(createContext(config, database)); await app.listen({ port: 8080 })
 */
export async function buildApp(
  context: AppContext,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(config.logLevel, options.logStream) : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    // a client that sends slowly is cut off (Node checks its connections at the interval); answers take their time
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, config.headersTimeoutMs / 4)),
    },
    ajv: { customOptions: { coerceTypes: 'array' } },
    return503OnClosing: true,
    rewriteUrl: (request) => servedUrl(request.url ?? '/'),
    // `/v1/pass/` is `/v1/pass`: integrators' clients often join a base ending in a slash
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  installValidation(app);
  installBodyParsing(app);
  installErrorHandler(app);
  installCors(app, {
    origins: config.corsOrigins,
    apiPrefixes: [CORE_API_PREFIX, config.ticketApiBase, CHECKOUT_PREFIX],
  });
  const securityHeaders = securityHeadersOf(config);
  installSecurityHeaders(app, securityHeaders);

  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: securityHeaders.docsPolicy });
  await app.register(consoleConfigRoute(config, () => eshopRepository.anyOnSimulatedBank(context.db)));
  await app.register(healthRoute(context));
  await app.register(coreApi(context), { prefix: CORE_API_PREFIX });
  await app.register(ticketApi(context, ticketResources), { prefix: config.ticketApiBase });
  await app.register(checkoutRoutes(context), { prefix: CHECKOUT_PREFIX });
  // sells through the checkout made just above; before the console's fallback, which would answer /shop otherwise
  await app.register(storefrontRoutes(context), { prefix: STOREFRONT_PREFIX });
  await app.register(publicRoutes(context), { prefix: '/p' });
  await app.register(walletRoutes(context), { prefix: '/wallet' });
  await app.register(googleCallbackRoutes(context), { prefix: '/wallet/google' });
  await installConsoleApp(app, config.consoleDir, securityHeaders.console);
  installMaintenance(app, context, MAINTENANCE);
  installJobWorker(app, context);
  context.events.logErrorsTo((error, message) => app.log.error({ err: error }, message));
  // after the requests in flight: their events are written before the database closes
  app.addHook('onClose', () => context.events.close());
  // Once ready, the migrations have run: the triggers they made tell which writes move which tables.
  app.addHook('onReady', () => context.changes.learnTriggers(context.db));
  return app;
}
