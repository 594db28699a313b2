import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../appContext';
import { registerResourceRoutes } from '../../engine/crudRoutes';
import { authenticate } from '../../http/authenticate';
import { apiClientDefinition } from '../../resources/apiClient';
import { projectDefinition } from '../../resources/project';
import { userDefinition } from '../../resources/user';
import { authRoutes } from './auth';
import { identityRoutes } from './identity';
import { oauth2Routes } from './oauth2';

export const coreResources = [projectDefinition, userDefinition, apiClientDefinition];

/** The core API: sign-in (public), then everything else behind a valid token. */
export function coreApi(context: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(authRoutes(context));
    await app.register(oauth2Routes(context));
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', authenticate(context));
      await signedIn.register(identityRoutes(context));
      for (const definition of coreResources) registerResourceRoutes(signedIn, context, definition);
    });
  };
}
