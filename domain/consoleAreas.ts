import type { ResourceDescriptor } from './resource';
import { Right, can, canAnyOf, canAnywhere, holdsSomewhere, type RightsHolder } from './rights';
import { certificateResource } from './schemas/certificate';
import { imageResource } from './schemas/image';
import { passResource } from './schemas/pass';
import { templateResource } from './schemas/template';

/** Who sees a declared resource's screens: its screen rule (or read rule) held on some project. */
const seesScreensOf = (resource: ResourceDescriptor) => (viewer: RightsHolder) =>
  holdsSomewhere(viewer, resource.access.screen ?? resource.access.read);

/**
 * The areas of the console and who may see them (spec section 6). The screens of declared resources answer from
 * their declarations (domain/resources.ts); the other areas (reports, accounting, ticket validation, stamp card,
 * administration) are ruled here.
 */
export const access = {
  passes: seesScreensOf(passResource),
  reports: (v: RightsHolder) => canAnywhere(v, Right.PASS_READ),
  templates: seesScreensOf(templateResource),
  passMenu: (v: RightsHolder) => canAnyOf(v, [Right.PASS_READ, Right.TEMPLATE_READ]),
  certificates: seesScreensOf(certificateResource),
  imagesMenu: seesScreensOf(imageResource),
  ticketAccounting: (v: RightsHolder) => canAnywhere(v, Right.TICKET_ACCOUNTING),
  // gate staff need not be administrators
  ticketValidation: (v: RightsHolder) => canAnywhere(v, Right.TICKET_ENTRY),
  stampCard: (v: RightsHolder) => canAnywhere(v, Right.STAMP_MANAGE),
  canEditProject: (v: RightsHolder, projectId: string) => can(v, Right.PROJECT_UPDATE, projectId),
  canCreateSubProject: (v: RightsHolder, projectId: string) => can(v, Right.PROJECT_CREATE, projectId),
  canManageUsersOnProject: (v: RightsHolder, projectId: string) => can(v, Right.USER_UPDATE, projectId),
  canCreateTopLevelProject: (v: RightsHolder) => v.isAdmin,
  /** Administration proper: API clients, creating and deleting users, admin flags, deleting projects. */
  adminOnly: (v: RightsHolder) => v.isAdmin,
} as const;
