import type { RaRecord } from 'react-admin';
import { createCoreDataProvider, type CoreDataProvider } from './coreDataProvider';
import type { ApiDataProvider } from './createDataProvider';
import { createBlobFetcher, type HttpClient } from './httpClient';
import { isTicketResource } from './resourceRegistry';
import { createTicketDataProvider, type TicketCalls } from './ticketDataProvider';

/** What the console's screens call: both APIs' own calls, and the generic ones routed by resource. */
export type ConsoleDataProvider = CoreDataProvider & TicketCalls;

/** The generic calls of `api(resource)`: each resource goes to the API that serves it. */
function routeByResource(api: (resource: string) => ApiDataProvider): ApiDataProvider {
  return {
    preloadList: (resource, request) => api(resource).preloadList(resource, request),
    getList: (resource, params) => api(resource).getList(resource, params),
    getOne: (resource, params) => api(resource).getOne(resource, params),
    getMany: (resource, params) => api(resource).getMany(resource, params),
    getManyReference: (resource, params) => api(resource).getManyReference(resource, params),
    create: (resource, params) => api(resource).create(resource, params),
    update: (resource, params) => api(resource).update(resource, params),
    updateMany: (resource, params) => api(resource).updateMany(resource, params),
    delete: (resource, params) => api(resource).delete(resource, params),
    deleteMany: (resource, params) => api(resource).deleteMany(resource, params),
    getCompleteList: <RecordType extends RaRecord>(
      resource: string,
      filter?: Record<string, unknown>,
      onPage?: (rowsRead: number) => void,
    ) => api(resource).getCompleteList<RecordType>(resource, filter, onPage),
    batch: (resource, items) => api(resource).batch(resource, items),
    history: (resource, params) => api(resource).history(resource, params),
  };
}

/**
 * The console's one data provider: `ticket/...` routes go to the ticket API, every other to the core API
 * (resourceRegistry.ts); both are made by the same factory over their own base URL.
 *
 * @example createConsoleDataProvider(config, createHttpClient(() => session.token()), () => session.token())
 */
export function createConsoleDataProvider(
  config: { coreApi: string; ticketApi: string },
  httpClient: HttpClient,
  getToken: () => string | null,
  getLanguage?: () => string,
): ConsoleDataProvider {
  const core = createCoreDataProvider(config.coreApi, httpClient);
  const ticket = createTicketDataProvider(
    config.ticketApi,
    httpClient,
    createBlobFetcher(getToken, getLanguage),
  );
  return {
    ...core,
    ...ticket,
    ...routeByResource((resource) => (isTicketResource(resource) ? ticket : core)),
  };
}
