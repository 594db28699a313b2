import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../appContext';
import { registerResourceRoutes } from '../../engine/crudRoutes';
import { authenticate } from '../../http/authenticate';
import { resourcesOfApi } from '../../resources';
import { appStoreRoutes } from './appStore';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { certificateRoutes } from './certificate';
import { demoRoutes } from './demo';
import { googleWalletRoutes } from './googleWallet';
import { identityRoutes } from './identity';
import { imageUploadRoutes } from './image';
import { jobRetryRoutes } from './jobRetry';
import { oauth2Routes } from './oauth2';
import { preflightRoutes } from './preflight';
import { pushResultRoutes } from './pushResults';
import { reportRoutes } from './report';
import { stampRoutes } from './stamp';
import { templatePushRoutes } from './templatePush';

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
