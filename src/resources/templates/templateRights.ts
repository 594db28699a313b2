import { Right, can, type RightsHolder } from '../../../domain/rights';

/**
 * What the viewer may do with the templates of a project (spec section 6): TEMPLATE_CREATE duplicates
 * and creates, TEMPLATE_UPDATE edits, saves and pushes, TEMPLATE_DELETE deletes; admins everything.
 *
 * @example templateRights(viewer, template.projectId).update
 */
export function templateRights(viewer: RightsHolder | null, projectId: string | null | undefined) {
  const has = (right: number) => (viewer ? can(viewer, right, projectId) : false);
  return {
    create: has(Right.TEMPLATE_CREATE),
    update: has(Right.TEMPLATE_UPDATE),
    delete: has(Right.TEMPLATE_DELETE),
    isAdmin: viewer?.isAdmin === true,
  };
}
