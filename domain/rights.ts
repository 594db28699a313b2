/**
 * The rights bitmask of a user on one project (spec section 6), and the questions asked of it.
 * A viewer holds a map projectId -> bitmask; membership alone (PROJECT_ACCESS, 0) lets one see the project.
 *
 * @example can(viewer, Right.PASS_READ, projectId)
 */
export const Right = {
  PROJECT_ACCESS: 0,
  PASS_CREATE: 1,
  PASS_READ: 2,
  PASS_UPDATE: 4,
  PASS_DELETE: 8,
  TEMPLATE_CREATE: 16,
  TEMPLATE_READ: 32,
  TEMPLATE_UPDATE: 64,
  TEMPLATE_DELETE: 128,
  TICKET_ACCOUNTING: 256,
  TICKET_ENTRY: 512,
  TICKET_ESHOP_READ: 1024,
  IMAGE_MANAGE: 2048,
  STAMP_MANAGE: 4096,
  USER_UPDATE: 8192,
  PROJECT_CREATE: 16384,
  PROJECT_UPDATE: 32768,
  TICKET_PRODUCT_MANAGE: 65536,
} as const;

export type RightName = keyof typeof Right;
export type RightValue = (typeof Right)[RightName];

/** Every right that is a real bit (PROJECT_ACCESS is membership, not a bit). */
export const RIGHT_BITS: ReadonlyArray<{ name: RightName; value: number }> = (
  Object.entries(Right) as Array<[RightName, number]>
)
  .filter(([, value]) => value > 0)
  .map(([name, value]) => ({ name, value }));

/** The sum of every right: what a project's owner usually gets. */
export const ALL_RIGHTS = RIGHT_BITS.reduce((sum, bit) => sum | bit.value, 0);

export interface RightsHolder {
  isAdmin: boolean;
  /** projectId -> rights bitmask; a key present with 0 means member without further rights. */
  projects: Record<string, number>;
}

/** Bitwise operators see only the low 32 bits: a mask above ALL_RIGHTS (2^32 + 1, say) has bits that are not rights. */
export function isValidRightsMask(mask: number): boolean {
  return Number.isInteger(mask) && mask >= 0 && mask <= ALL_RIGHTS && (mask & ~ALL_RIGHTS) === 0;
}

/** Does the mask contain the right? PROJECT_ACCESS (0) is contained in every mask. */
export function hasRight(mask: number, right: number): boolean {
  return (mask & right) === right;
}

export function can(viewer: RightsHolder, right: number, projectId: string | null | undefined): boolean {
  if (viewer.isAdmin) return true;
  if (!projectId) return false;
  const mask = viewer.projects[projectId];
  return mask !== undefined && hasRight(mask, right);
}

/** A right counts globally if it is held on any project. */
export function canAnywhere(viewer: RightsHolder, right: number): boolean {
  if (viewer.isAdmin) return true;
  return Object.values(viewer.projects).some((mask) => hasRight(mask, right));
}

export function canAnyOf(viewer: RightsHolder, rights: readonly number[]): boolean {
  return rights.some((right) => canAnywhere(viewer, right));
}

/** The projects on which the viewer holds the right (admins: every project, so callers use `isAdmin` first). */
export function projectsWith(viewer: RightsHolder, right: number): string[] {
  return Object.entries(viewer.projects)
    .filter(([, mask]) => hasRight(mask, right))
    .map(([projectId]) => projectId);
}

export function rightNames(mask: number): RightName[] {
  return RIGHT_BITS.filter((bit) => hasRight(mask, bit.value)).map((bit) => bit.name);
}

/** The areas of the console and who may see them (spec section 6). */
export const access = {
  passes: (v: RightsHolder) => canAnywhere(v, Right.PASS_READ),
  reports: (v: RightsHolder) => canAnywhere(v, Right.PASS_READ),
  templates: (v: RightsHolder) => canAnywhere(v, Right.TEMPLATE_READ),
  passMenu: (v: RightsHolder) => canAnyOf(v, [Right.PASS_READ, Right.TEMPLATE_READ]),
  certificates: (v: RightsHolder) => v.isAdmin,
  imagesMenu: (v: RightsHolder) =>
    canAnyOf(v, [
      Right.IMAGE_MANAGE,
      Right.TEMPLATE_CREATE,
      Right.TEMPLATE_READ,
      Right.TEMPLATE_UPDATE,
      Right.TEMPLATE_DELETE,
    ]),
  manageImages: (v: RightsHolder) => canAnywhere(v, Right.IMAGE_MANAGE),
  identityProjects: (v: RightsHolder) =>
    canAnyOf(v, [Right.PROJECT_CREATE, Right.PROJECT_UPDATE, Right.USER_UPDATE]),
  identityUsers: (v: RightsHolder) => canAnywhere(v, Right.USER_UPDATE),
  ticketAccounting: (v: RightsHolder) => canAnywhere(v, Right.TICKET_ACCOUNTING),
  ticketConfig: (v: RightsHolder) => canAnywhere(v, Right.TICKET_ESHOP_READ),
  ticketProducts: (v: RightsHolder) =>
    v.isAdmin || (canAnywhere(v, Right.TICKET_PRODUCT_MANAGE) && canAnywhere(v, Right.TICKET_ESHOP_READ)),
  ticketValidation: (v: RightsHolder) => v.isAdmin,
  stampCard: (v: RightsHolder) => canAnywhere(v, Right.STAMP_MANAGE),
  canEditProject: (v: RightsHolder, projectId: string) => can(v, Right.PROJECT_UPDATE, projectId),
  canCreateSubProject: (v: RightsHolder, projectId: string) => can(v, Right.PROJECT_CREATE, projectId),
  canManageUsersOnProject: (v: RightsHolder, projectId: string) => can(v, Right.USER_UPDATE, projectId),
  canCreateTopLevelProject: (v: RightsHolder) => v.isAdmin,
  /** Administration proper: API clients, creating and deleting users, admin flags, deleting projects. */
  adminOnly: (v: RightsHolder) => v.isAdmin,
} as const;
