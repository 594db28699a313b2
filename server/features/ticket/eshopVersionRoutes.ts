import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { ESHOP_VERSIONS, ESHOP_VERSION_MESSAGES } from '../../../domain/ticket/eshopVersions';
import { notFound } from '../../kernel/http/errors';

const VersionSchema = Type.Object({
  version: Type.String(),
  releasedAt: Type.String(),
  description: Type.String(),
});
const MessagesSchema = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()));

/** Static JSON (spec section 7): the e-shop versions list and the default messages of each version. Public. */
export async function eshopVersionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const cache = async (_request: unknown, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', 'public, max-age=3600');
  };
  routes.get(
    '/v1/eshopVersion',
    {
      onSend: cache,
      schema: {
        operationId: 'listEshopVersions',
        summary: 'List the e-shop versions',
        tags: ['eshop'],
        security: [],
        response: { 200: Type.Array(VersionSchema) },
      },
    },
    async () => [...ESHOP_VERSIONS],
  );
  routes.get(
    '/v1/eshopVersion/:version/messages',
    {
      onSend: cache,
      schema: {
        operationId: 'getEshopVersionMessages',
        summary: "Get an e-shop version's default messages",
        tags: ['eshop'],
        security: [],
        params: Type.Object({ version: Type.String({ maxLength: 50 }) }),
        response: { 200: MessagesSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const messages = ESHOP_VERSION_MESSAGES[request.params.version];
      if (!messages) throw notFound('E-shop version');
      return messages;
    },
  );
}
