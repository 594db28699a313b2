import { apiClientResource } from '../../../domain/schemas/apiClient';
import type { Viewer } from '../../../domain/schemas/user';
import type { AppContext } from '../../kernel/appContext';
import { badRequest, forbidden, notFound } from '../../kernel/http/errors';
import { apiClientProjectRepository } from './apiClientProjectRepository';
import { apiClientRepository } from './apiClientRepository';
import { mustBeRightsMask, recordRightsChange } from './projectRightsChange';
import { projectRepository } from './projectRepository';

function mustAdminister(viewer: Viewer) {
  if (!viewer.isAdmin)
    throw forbidden({
      en: 'Only administrators manage API clients.',
      cs: 'API klienty spravují jen administrátoři.',
    });
}

async function liveClient(context: AppContext, apiClientId: string) {
  const client = await apiClientRepository.findLiveById(context.db, apiClientId);
  if (!client) throw notFound('API client');
  return client;
}

/** The projects an API client may act on with client_credentials, and its rights on each. Administrators only. */
export async function clientProjectRights(context: AppContext, viewer: Viewer, apiClientId: string) {
  mustAdminister(viewer);
  await liveClient(context, apiClientId);
  return apiClientProjectRepository.rightsOf(context.db, apiClientId);
}

/**
 * Gives an API client these rights on a project (null: none, it leaves the project), as a member's are given; the
 * audit trail records it as the client's field `projects.{projectId}`. A public client may hold none: it cannot use
 * client_credentials.
 *
 * @example await setClientProjectRights(context, viewer, clientId, projectId, Right.PASS_READ)
 */
export async function setClientProjectRights(
  context: AppContext,
  viewer: Viewer,
  apiClientId: string,
  projectId: string,
  accessRights: number | null,
): Promise<number | null> {
  mustAdminister(viewer);
  const client = await liveClient(context, apiClientId);
  if (!(await projectRepository.isLive(context.db, projectId))) throw notFound('Project');
  mustBeRightsMask(accessRights);
  if (accessRights !== null && client.isPublic)
    throw badRequest({
      en: 'A public client cannot hold project rights: it cannot use grant_type=client_credentials.',
      cs: 'Veřejný klient nemůže mít práva k projektům: nemůže použít grant_type=client_credentials.',
    });
  await context.db.transaction().execute(async (trx) => {
    const current = (await apiClientProjectRepository.rightsOf(trx, apiClientId))[projectId];
    if (accessRights === null) await apiClientProjectRepository.remove(trx, apiClientId, projectId);
    else await apiClientProjectRepository.set(trx, apiClientId, projectId, accessRights);
    const shownAs = { resource: apiClientResource.name, id: apiClientId, field: `projects.${projectId}` };
    await recordRightsChange({ ...context, db: trx }, viewer, shownAs, current, accessRights);
  });
  context.viewers.forgetUser(apiClientId);
  return accessRights;
}
