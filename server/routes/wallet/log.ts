import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../appContext';
import { walletWebService } from '../../services/push/walletWebService';
import { Empty, LogBodySchema, walletErrors } from './walletSchemas';

/** Wallet's own error reports about this service. */
const LOG_BODY_LIMIT = 64 * 1024;

export function logRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.post(
      '/v1/log',
      {
        bodyLimit: LOG_BODY_LIMIT,
        schema: {
          tags: ['wallet'],
          description:
            'Messages Wallet logs about this web service (kept trimmed, at most 50 of 2,000 characters).',
          body: LogBodySchema,
          response: { 200: Empty, ...walletErrors },
        },
      },
      async (request, reply) => {
        await walletWebService.log(context, request.body.logs);
        return reply.status(200).send(null);
      },
    );
  };
}
