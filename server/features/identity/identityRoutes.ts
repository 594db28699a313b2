import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { ProjectRightsAnswerSchema, ProjectRightsBodySchema } from '../../../domain/schemas/project';
import { ChangePasswordSchema, UserSchema, ViewerSchema } from '../../../domain/schemas/user';
import type { AppContext } from '../../kernel/appContext';
import { notFound } from '../../kernel/http/errors';
import { nameSchema } from '../../kernel/http/schemaNames';
import { isUuid } from '../../../domain/where';
import { changePassword, findUserByEmail, setProjectRights } from './identityService';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const limitedErrors = { ...errors, 429: ErrorSchema };

/** The viewer, their password, user lookup by e-mail and per-project rights. */
export function identityRoutes(context: AppContext) {
  nameSchema('Viewer', ViewerSchema);
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.get(
      '/v1/user/me',
      {
        schema: {
          operationId: 'getCurrentUser',
          summary: 'Get the signed-in user',
          tags: ['user'],
          response: { 200: ViewerSchema, ...errors },
        },
      },
      (request) => Promise.resolve(request.viewer),
    );

    routes.post(
      '/v1/user/me/changePassword',
      {
        schema: {
          operationId: 'changeOwnPassword',
          summary: 'Change your password',
          tags: ['user'],
          body: ChangePasswordSchema,
          response: { 204: Type.Null(), ...limitedErrors },
        },
      },
      async (request, reply) => {
        const { currentPassword, newPassword } = request.body;
        const session = { id: request.sessionId, address: request.ip };
        await changePassword(context, request.viewer, session, currentPassword, newPassword);
        return reply.status(204).send(null);
      },
    );

    routes.get(
      '/v1/user/byEmail/:email',
      {
        schema: {
          operationId: 'getUserByEmail',
          summary: 'Find a user by email',
          tags: ['user'],
          params: Type.Object({ email: Type.String({ maxLength: 254 }) }),
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) => {
        return findUserByEmail(context, request.viewer, request.params.email);
      },
    );

    routes.post(
      '/v1/project/:projectId/user/:userId/rights',
      {
        schema: {
          operationId: 'setProjectUserRights',
          summary: "Set a member's rights in a project",
          tags: ['project'],
          params: Type.Object({ projectId: Type.String(), userId: Type.String() }),
          body: ProjectRightsBodySchema,
          response: { 200: ProjectRightsAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const { projectId, userId } = request.params;
        if (!isUuid(projectId)) throw notFound('Project');
        if (!isUuid(userId)) throw notFound('User');
        const accessRights = await setProjectRights(
          context,
          request.viewer,
          projectId,
          userId,
          request.body.accessRights,
        );
        return { accessRights };
      },
    );
  };
}
