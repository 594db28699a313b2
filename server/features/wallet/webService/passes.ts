import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { attachment } from '../../../kernel/http/attachment';
import { piecesBody } from '../../../kernel/http/piecesBody';
import { walletWebService } from './walletWebService';
import { deviceRequest } from './registrations';
import { PassParamsSchema, walletErrors } from './walletSchemas';

/** The latest version of a pass, as Wallet fetches it after a push. */
export function passRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.get(
      '/v1/passes/:passTypeIdentifier/:serialNumber',
      {
        schema: {
          operationId: 'getWalletPass',
          summary: 'Get the latest version of a pass (Apple Wallet)',
          tags: ['wallet'],
          description:
            'The signed pass (application/vnd.apple.pkpass) with Last-Modified; 304 when not newer than If-Modified-Since; 410 when deleted; 503 (Retry-After) when it fails its pre-flight checks.',
          params: PassParamsSchema,
          response: {
            200: Type.Unknown({ description: 'the .pkpass archive' }),
            410: ErrorSchema,
            503: ErrorSchema,
            ...walletErrors,
          },
        },
      },
      async (request, reply) => {
        const latest = await walletWebService.latestPass(context, request.params, {
          ...deviceRequest(request),
          ifModifiedSince: request.headers['if-modified-since'],
        });
        if (latest.notModified)
          return reply.status(304).header('last-modified', latest.lastModified.toUTCString()).send();
        const { signed } = latest;
        return reply
          .header('content-type', 'application/vnd.apple.pkpass')
          .header('content-disposition', attachment(signed.fileName))
          .header('last-modified', signed.lastModified.toUTCString())
          .header('cache-control', 'no-cache')
          .header('content-length', signed.archive.size)
          .send(piecesBody(signed.archive.pieces));
      },
    );
  };
}
