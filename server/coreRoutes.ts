import type { FastifyInstance } from 'fastify';
import type { AppContext } from './kernel/appContext';
import { registerResourceRoutes } from './kernel/engine/crudRoutes';
import { authenticate } from './kernel/http/authenticate';
import { auditRoutes } from './kernel/audit/auditRoutes';
import { jobRetryRoutes } from './kernel/jobs/jobRetryRoutes';
import { resourcesOfApi } from './resources';
import { authRoutes, identityRoutes, oauth2Routes } from './features/identity';
import { appStoreRoutes, certificateRoutes, imageUploadRoutes, preflightRoutes } from './features/passes';
import { googleWalletRoutes, pushResultRoutes, templatePushRoutes } from './features/wallet';
import { reportRoutes } from './features/reports';
import { stampRoutes } from './features/loyalty';
import { demoRoutes } from './features/demo';

export const coreResources = resourcesOfApi('core');

/** The core API: sign-in (public), then everything else behind a valid token. */
export function coreApi(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(authRoutes(context));
    await app.register(oauth2Routes(context));
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', authenticate(context));
      await signedIn.register(identityRoutes(context));
      await signedIn.register(imageUploadRoutes(context));
      await signedIn.register(certificateRoutes(context));
      await signedIn.register(appStoreRoutes(context));
      await signedIn.register(templatePushRoutes(context));
      await signedIn.register(pushResultRoutes(context));
      await signedIn.register(googleWalletRoutes(context));
      await signedIn.register(preflightRoutes(context));
      await signedIn.register(reportRoutes(context));
      await signedIn.register(auditRoutes(context));
      await signedIn.register(stampRoutes(context));
      await signedIn.register(jobRetryRoutes(context));
      await signedIn.register(demoRoutes(context));
      for (const definition of coreResources) registerResourceRoutes(signedIn, context, definition);
    });
  };
}
