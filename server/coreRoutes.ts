import type { FastifyInstance } from 'fastify';
import type { AppContext } from './kernel/appContext';
import { registerResourceRoutes } from './kernel/engine/crudRoutes';
import { authenticate } from './kernel/http/authenticate';
import { installApiRateLimit } from './kernel/http/apiRateLimit';
import { installIdempotency } from './kernel/http/idempotency';
import { auditRoutes } from './kernel/audit/auditRoutes';
import { jobRetryRoutes } from './kernel/jobs/jobRetryRoutes';
import { resourcesOfApi } from './resources';
import { apiClientRoutes, authRoutes, identityRoutes, oauth2Routes } from './features/identity';
import {
  appStoreRoutes,
  certificateRoutes,
  imageUploadRoutes,
  passImportRoutes,
  preflightRoutes,
} from './features/passes';
import {
  googleWalletRoutes,
  pushCampaignRoutes,
  pushResultRoutes,
  templatePushRoutes,
} from './features/wallet';
import { reportRoutes } from './features/reports';
import { stampRoutes } from './features/loyalty';
import { demoRoutes } from './features/demo';
import { webhookRoutes } from './features/webhooks';

export const coreResources = resourcesOfApi('core');

/** The core API: sign-in (public), then everything else behind a valid token. */
export function coreApi(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(authRoutes(context));
    await app.register(oauth2Routes(context));
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', authenticate(context));
      installApiRateLimit(signedIn, context);
      installIdempotency(signedIn, context);
      await signedIn.register(identityRoutes(context));
      await signedIn.register(apiClientRoutes(context));
      await signedIn.register(imageUploadRoutes(context));
      await signedIn.register(passImportRoutes(context));
      await signedIn.register(certificateRoutes(context));
      await signedIn.register(appStoreRoutes(context));
      await signedIn.register(templatePushRoutes(context));
      await signedIn.register(pushResultRoutes(context));
      await signedIn.register(pushCampaignRoutes(context));
      await signedIn.register(googleWalletRoutes(context));
      await signedIn.register(preflightRoutes(context));
      await signedIn.register(reportRoutes(context));
      await signedIn.register(auditRoutes(context));
      await signedIn.register(stampRoutes(context));
      await signedIn.register(jobRetryRoutes(context));
      await signedIn.register(webhookRoutes(context));
      await signedIn.register(demoRoutes(context));
      for (const definition of coreResources) registerResourceRoutes(signedIn, context, definition);
    });
  };
}
