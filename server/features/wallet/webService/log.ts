import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { perMinuteBudget } from '../../../kernel/perMinuteBudget';
import { WALLET_LOG_LIMITS, walletWebService } from './walletWebService';
import { Empty, LogBodySchema, walletErrors } from './walletSchemas';

/** Wallet's own error reports about this service. */
export function logRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const budget = perMinuteBudget(context.config.walletLogMaxPerMinute);
    routes.post(
      '/v1/log',
      {
        bodyLimit: Math.min(WALLET_LOG_LIMITS.bodyBytes, context.config.bodyLimitBytes),
        schema: {
          operationId: 'logWalletMessages',
          summary: 'Log messages from Apple Wallet',
          tags: ['wallet'],
          description:
            `Messages Wallet logs about this web service: a body of at most ${WALLET_LOG_LIMITS.bodyBytes} bytes ` +
            `(413 beyond) with at most ${WALLET_LOG_LIMITS.messages} messages (400 beyond); each is kept trimmed ` +
            `and cut to ${WALLET_LOG_LIMITS.messageLength} characters. All callers together leave at most ` +
            'WALLET_LOG_MAX_PER_MINUTE messages a minute (429 beyond); old messages are deleted by the maintenance.',
          body: LogBodySchema,
          response: { 200: Empty, ...walletErrors, 413: ErrorSchema },
        },
      },
      async (request, reply) => {
        await walletWebService.log(context, request.body.logs, budget);
        return reply.status(200).send(null);
      },
    );
  };
}
