import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../kernel/appContext';
import { registerResourceRoutes } from '../../kernel/engine/crudRoutes';
import type { ResourceDefinition } from '../../kernel/engine/resourceDefinition';
import { authenticate } from '../../kernel/http/authenticate';
import { installApiRateLimit } from '../../kernel/http/apiRateLimit';
import { installIdempotency } from '../../kernel/http/idempotency';
import { accountingRoutes } from './accountingRoutes';
import { entryRoutes } from './gate/entryRoutes';
import { eshopVersionRoutes } from './eshopVersionRoutes';
import { orderActionRoutes } from './orderActionRoutes';
import { gatewayTestRoute } from './gateways/gatewayTestRoute';
import { refundRoutes } from './refunds/refundRoutes';

/** The ticket API (at config.ticketApiBase): e-shop versions (public), then resources and accounting behind a token. */
export function ticketApi(context: AppContext, resources: readonly ResourceDefinition[]) {
  return async (app: FastifyInstance) => {
    await app.register(eshopVersionRoutes);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', authenticate(context));
      installApiRateLimit(signedIn, context);
      installIdempotency(signedIn, context);
      await signedIn.register(orderActionRoutes(context));
      await signedIn.register(refundRoutes(context));
      await signedIn.register(accountingRoutes(context));
      await signedIn.register(entryRoutes(context));
      await signedIn.register(gatewayTestRoute(context));
      for (const definition of resources) registerResourceRoutes(signedIn, context, definition);
    });
  };
}
