import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ConsoleConfigSchema, type ConsoleConfig } from '../../../domain/schemas/config';
import type { ServerConfig } from '../../kernel/config';

export function consoleConfigOf(config: ServerConfig): ConsoleConfig {
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
    simulatedPayments: config.paymentGateway === 'simulated',
  };
}

/** GET /config.json: the console's runtime configuration. */
export function consoleConfigRoute(config: ServerConfig) {
  const body = consoleConfigOf(config);
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/config.json',
        { schema: { hide: true, response: { 200: ConsoleConfigSchema } } },
        async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return body;
        },
      );
  };
}
