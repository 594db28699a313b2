import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ConsoleConfigSchema, type ConsoleConfig } from '../../../domain/schemas/config';
import type { ServerConfig } from '../../kernel/config';

/** The console's configuration; `simulatedPayments`: does an e-shop sell through the simulated bank now? */
export function consoleConfigOf(config: ServerConfig, simulatedPayments: boolean): ConsoleConfig {
  return {
    coreApi: config.coreApiBase,
    ticketApi: config.ticketApiBase,
    passBase: config.passBase,
    docsUrl: config.docsUrl,
    issueUrl: config.issueUrl,
    supportEmail: config.supportEmail,
    environment: config.environment,
    environmentColor: config.environmentColor,
    version: config.version,
    buildTime: config.buildTime,
    mapTileUrl: config.mapTileUrl,
    simulatedPayments,
  };
}

/**
 * GET /config.json: the console's runtime configuration, read at each console start; `simulatedPayments` asks whether
 * an e-shop sells through the simulated bank (the console then warns above its ticket screens).
 */
export function consoleConfigRoute(config: ServerConfig, simulatedPayments: () => Promise<boolean>) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/config.json',
        { schema: { hide: true, response: { 200: ConsoleConfigSchema } } },
        async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return consoleConfigOf(config, await simulatedPayments());
        },
      );
  };
}
