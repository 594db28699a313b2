import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  AppStoreAppParamsSchema,
  AppStoreAppSchema,
  AppStoreSearchAnswerSchema,
  AppStoreSearchQuerySchema,
} from '../../../domain/schemas/appStore';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../../kernel/appContext';
import { lookupApp, searchApps } from './appStoreSearch';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 502: ErrorSchema, 503: ErrorSchema };

/**
 * The App Store search behind the designer's associated apps: the server asks the iTunes Search API
 * (APP_STORE_SEARCH_URL), so that the console needs no script from another site.
 */
export function appStoreRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const service = () => ({ baseUrl: context.config.appStoreSearchUrl });

    routes.get(
      '/v1/appStore/search',
      {
        schema: {
          operationId: 'searchAppStore',
          summary: 'Search the App Store',
          tags: ['appStore'],
          description: 'Apps of the App Store matching the words (software, at most 10).',
          querystring: AppStoreSearchQuerySchema,
          response: { 200: AppStoreSearchAnswerSchema, ...errors },
        },
      },
      (request) => searchApps(service(), request.query.term),
    );

    routes.get(
      '/v1/appStore/app/:id',
      {
        schema: {
          operationId: 'getAppStoreApp',
          summary: 'Get an App Store app',
          tags: ['appStore'],
          description: 'One app of the App Store by its id; 404 when there is none.',
          params: AppStoreAppParamsSchema,
          response: { 200: AppStoreAppSchema, 404: ErrorSchema, ...errors },
        },
      },
      (request) => lookupApp(service(), request.params.id),
    );
  };
}
