import { Right, can, canAnywhere, type RightsHolder } from '../../../domain/rights';

/**
 * What the viewer may do with the passes of a project (spec section 6): PASS_UPDATE saves, PASS_DELETE
 * deletes; New needs PASS_CREATE on some project (and on the chosen template's project).
 *
 * @example passRights(viewer, pass.projectId).update
 */
export function passRights(viewer: RightsHolder | null, projectId: string | null | undefined) {
  const has = (right: number) => (viewer ? can(viewer, right, projectId) : false);
  return {
    create: viewer ? canAnywhere(viewer, Right.PASS_CREATE) : false,
    update: has(Right.PASS_UPDATE),
    delete: has(Right.PASS_DELETE),
    isAdmin: viewer?.isAdmin === true,
  };
}
