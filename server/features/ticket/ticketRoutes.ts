import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../kernel/appContext';
import { registerResourceRoutes } from '../../kernel/engine/crudRoutes';
import { authenticate } from '../../kernel/http/authenticate';
import { resourcesOfApi } from '../../resources';
import { accountingRoutes } from './accountingRoutes';
import { entryRoutes } from './gate/entryRoutes';
import { eshopVersionRoutes } from './eshopVersionRoutes';
import { orderActionRoutes } from './orderActionRoutes';

export const ticketResources = resourcesOfApi('ticket');

/** The ticket API (at config.ticketApiBase): e-shop versions (public), then resources and accounting behind a token. */
export function ticketApi(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(eshopVersionRoutes);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', authenticate(context));
      await signedIn.register(orderActionRoutes(context));
      await signedIn.register(accountingRoutes(context));
      await signedIn.register(entryRoutes(context));
      for (const definition of ticketResources) registerResourceRoutes(signedIn, context, definition);
    });
  };
}
