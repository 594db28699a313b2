import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { LoginSchema, TokenSchema } from '../../../domain/schemas/auth';
import type { AppContext } from '../../kernel/appContext';
import { authenticate } from '../../kernel/http/authenticate';
import { HttpError } from '../../kernel/http/errors';
import { nameSchema } from '../../kernel/http/schemaNames';
import {
  INVALID_CREDENTIALS,
  checkCredentials,
  endSession,
  refreshSession,
  startSession,
} from './authService';

const tags = ['auth'];

/** POST /auth/login, /auth/refresh, /auth/logout. */
export function authRoutes(context: AppContext) {
  nameSchema('Login', LoginSchema);
  nameSchema('Token', TokenSchema);
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.post(
      '/auth/login',
      {
        schema: {
          operationId: 'signIn',
          summary: 'Sign in with email and password',
          tags,
          body: LoginSchema,
          response: { 200: TokenSchema, 401: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request) => {
        const userId = await checkCredentials(context, request.body.email, request.body.password, request.ip);
        if (!userId) throw new HttpError(401, INVALID_CREDENTIALS);
        return startSession(context, userId);
      },
    );
    routes.post(
      '/auth/refresh',
      {
        preHandler: authenticate(context),
        schema: {
          operationId: 'refreshSession',
          summary: 'Renew the session token',
          tags,
          response: { 200: TokenSchema, 401: ErrorSchema },
        },
      },
      async (request) => {
        const token = await refreshSession(context, request.viewer.id, request.sessionId);
        if (!token)
          throw new HttpError(401, {
            en: 'Your session has ended. Please sign in again.',
            cs: 'Vaše relace skončila. Přihlaste se prosím znovu.',
          });
        return token;
      },
    );
    routes.post(
      '/auth/logout',
      {
        preHandler: authenticate(context),
        schema: {
          operationId: 'signOut',
          summary: 'Sign out',
          tags,
          response: { 204: Type.Null(), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        await endSession(context, request.sessionId);
        return reply.status(204).send(null);
      },
    );
  };
}
