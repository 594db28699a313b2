import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../kernel/appContext';
import { pushServiceOf } from '../push/pushService';
import { pushResignedTemplates } from '../resignedTemplatePushes';
import { logRoutes } from './log';
import { passRoutes } from './passes';
import { registrationRoutes } from './registrations';

/**
 * Apple Wallet's web service, the `webServiceURL` of every pass (mounted at /wallet), rate-limited per address;
 * also starts the push service (its jobs' handlers) with the pushes after a certificate renewal, and closes its APNs
 * sessions with the server.
 *
 * @example await app.register(walletRoutes(context), { prefix: '/wallet' })
 */
export function walletRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const push = pushServiceOf(context);
    pushResignedTemplates(context, push);
    app.addHook('onClose', () => push.close());
    if (context.config.walletRateLimit > 0)
      await app.register(rateLimit, { max: context.config.walletRateLimit, timeWindow: '1 minute' });
    await app.register(registrationRoutes(context));
    await app.register(passRoutes(context));
    await app.register(logRoutes(context));
  };
}
