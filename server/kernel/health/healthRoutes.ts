import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { checkHealth } from './healthService';

const HealthySchema = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });
const UnhealthySchema = Type.Object({
  status: Type.Literal('unavailable'),
  database: Type.Literal('unavailable'),
  reason: Type.String(),
});

/**
 * GET /health for load balancers and monitors: 200 after a real database round trip, 503 with the reason when the
 * database cannot answer. No sign-in, no secret, one cheap query.
 *
 * @example await app.register(healthRoute(context))
 */
export function healthRoute(context: { db: Db }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/health',
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Check the server and its database',
          tags: ['health'],
          description:
            'Whether the server can work: 200 after a round trip to its database, 503 with the reason when the database cannot answer. No sign-in.',
          security: [],
          response: { 200: HealthySchema, 503: UnhealthySchema },
        },
      },
      async (request, reply) => {
        const report = await checkHealth(context.db, request.log);
        reply.header('cache-control', 'no-store');
        if (report.status === 'ok') return report;
        return reply.status(503).send(report);
      },
    );
  };
}
