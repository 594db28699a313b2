import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../../../domain/schemas/common';
import { ApiClientProjectsSchema } from '../../../domain/schemas/apiClient';
import { ProjectRightsAnswerSchema, ProjectRightsBodySchema } from '../../../domain/schemas/project';
import { isUuid } from '../../../domain/where';
import type { AppContext } from '../../kernel/appContext';
import { notFound } from '../../kernel/http/errors';
import { clientProjectRights, setClientProjectRights } from './apiClientRightsService';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** An API client's rights per project, which its client_credentials tokens act with. Administrators only. */
export function apiClientRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.get(
      '/v1/apiClient/:apiClientId/projects',
      {
        schema: {
          tags: ['apiClient'],
          operationId: 'getApiClientProjectRights',
          summary: "An API client's rights per project",
          params: Type.Object({ apiClientId: Type.String() }),
          response: { 200: ApiClientProjectsSchema, ...errors },
        },
      },
      async (request) => {
        const { apiClientId } = request.params;
        if (!isUuid(apiClientId)) throw notFound('API client');
        return { projects: await clientProjectRights(context, request.viewer, apiClientId) };
      },
    );

    routes.post(
      '/v1/apiClient/:apiClientId/project/:projectId/rights',
      {
        schema: {
          tags: ['apiClient'],
          operationId: 'setApiClientProjectRights',
          summary: "Sets an API client's rights on a project (null: none)",
          params: Type.Object({ apiClientId: Type.String(), projectId: Type.String() }),
          body: ProjectRightsBodySchema,
          response: { 200: ProjectRightsAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const { apiClientId, projectId } = request.params;
        if (!isUuid(apiClientId)) throw notFound('API client');
        if (!isUuid(projectId)) throw notFound('Project');
        const accessRights = await setClientProjectRights(
          context,
          request.viewer,
          apiClientId,
          projectId,
          request.body.accessRights,
        );
        return { accessRights };
      },
    );
  };
}
