import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import './http/fastifyTypes';
import type { AppContext } from './appContext';
import { GuessThrottle } from './auth/guessThrottle';
import { secretFromEnvOrFile } from './auth/secrets';
import { createKeyVault } from './certificates/keyVault';
import { createTokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { installBodyParsing } from './http/bodyParsing';
import { installErrorHandler } from './http/errors';
import { installSecurityHeaders, securityHeadersOf } from './http/securityHeaders';
import { installValidation } from './http/validation';
import { installConsoleApp } from './routes/consoleApp';
import { consoleConfigRoute } from './routes/consoleConfig';
import { coreApi } from './routes/core';
import { publicRoutes } from './routes/public';
import { ticketApi } from './routes/ticket';
import { walletRoutes } from './routes/wallet';
import { CHECKOUT_PREFIX, checkoutRoutes } from './ticket/checkout/routes';
import { createViewerService } from './services/viewerService';
import { localDirectoryStorage } from './storage/fileStorage';
import { createPassPackager } from './wallet/passPackager';
import { createGoogleWallet } from './wallet/google/googleWallet';

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
  return {
    config,
    db: database.db,
    databaseKind: database.kind,
    tokens: createTokenService(tokenSecret, config.tokenTtlSeconds),
    viewers: createViewerService(database.db),
    limits: { passwords: new GuessThrottle(), clientSecrets: new GuessThrottle() },
    storage,
    certificateKeys,
    passes: createPassPackager({ config, db: database.db, storage, certificateKeys }),
    googleWallet: createGoogleWallet({ config, db: database.db }),
  };
}

/**
 * The whole HTTP surface on one Fastify instance: console, /config.json, core API, API docs.
 *
 * @example const app = await buildApp(createContext(config, database)); await app.listen({ port: 8080 })
 */
export async function buildApp(
  context: AppContext,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: options.logger ? { level: config.logLevel, redact: ['req.headers.authorization'] } : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === 'true',
    ajv: { customOptions: { coerceTypes: 'array' } },
    return503OnClosing: true,
  });
  installValidation(app);
  installBodyParsing(app);
  installErrorHandler(app);
  const securityHeaders = securityHeadersOf(config);
  installSecurityHeaders(app, securityHeaders);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Wallet pass platform API',
        version: config.version,
        description:
          'Core API. Lists take where (JSON: {"field": value | {"$eq"|"$in"|"$inUuid"|"$like"|"$gt"|"$lt"|"gtOrEq"|"$day": value}}), page, limit (max 1000), order, orderBy, count.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: securityHeaders.docsPolicy });
  await app.register(consoleConfigRoute(config));
  await app.register(coreApi(context), { prefix: '/api/core' });
  await app.register(ticketApi(context), { prefix: config.ticketApiBase });
  await app.register(checkoutRoutes(context), { prefix: CHECKOUT_PREFIX });
  await app.register(publicRoutes(context), { prefix: '/p' });
  await app.register(walletRoutes(context), { prefix: '/wallet' });
  await installConsoleApp(app, config.consoleDir, securityHeaders.console);
  return app;
}
