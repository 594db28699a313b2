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

/**
 * Who may do one thing to a row, said in rights (spec section 6); resources declare one per action
 * (domain/resource.ts), and both the server and the console answer from it.
 * - `admin`: administrators only
 * - `member`: members of the row's project, whatever their rights
 * - `anyOf`: at least one of the rights on the row's project
 * - `allOf`: every one of the rights on the same project
 * - `nobody`: not through the API at all; the reason says where such rows come from
 */
export type RightsRule =
  | { admin: true }
  | { member: true }
  | { anyOf: readonly RightName[] }
  | { allOf: readonly RightName[] }
  | { nobody: string };

/** Does the viewer hold the rule on this project? Admins hold every rule but `nobody`. */
export function holdsOn(
  viewer: RightsHolder,
  rule: RightsRule,
  projectId: string | null | undefined,
): boolean {
  if ('nobody' in rule) return false;
  if (viewer.isAdmin) return true;
  if ('admin' in rule || !projectId) return false;
  const mask = viewer.projects[projectId];
  if (mask === undefined) return false;
  if ('member' in rule) return true;
  if ('anyOf' in rule) return rule.anyOf.some((name) => hasRight(mask, Right[name]));
  return rule.allOf.every((name) => hasRight(mask, Right[name]));
}

/** The projects on which a non-admin viewer holds the rule (admins: use `isAdmin` first, they hold it everywhere). */
export function projectsHolding(viewer: RightsHolder, rule: RightsRule): string[] {
  return Object.keys(viewer.projects).filter((projectId) => holdsOn(viewer, rule, projectId));
}

/** Does the viewer hold the rule on some project (a right counts globally if held on any project)? */
export function holdsSomewhere(viewer: RightsHolder, rule: RightsRule): boolean {
  if ('nobody' in rule) return false;
  return viewer.isAdmin || projectsHolding(viewer, rule).length > 0;
}

/**
 * What the viewer may do with the rows of one project by a resource's declared rules (domain/resources), as the
 * server asks them: create (in that project), update and delete; administrators everything.
 *
 * @example rowRights(viewer, templateResource.access, template.projectId).update
 */
export function rowRights(
  viewer: RightsHolder | null,
  rules: { create: RightsRule; update: RightsRule; delete: RightsRule },
  projectId: string | null | undefined,
) {
  const holds = (rule: RightsRule) => (viewer ? holdsOn(viewer, rule, projectId) : false);
  return {
    create: holds(rules.create),
    update: holds(rules.update),
    delete: holds(rules.delete),
    isAdmin: viewer?.isAdmin === true,
  };
}

/**
 * The rule in words, for messages: "the PASS_UPDATE right", "the TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ rights".
 *
 * @example `Editing a pass needs ${ruleInWords({ anyOf: ['PASS_UPDATE'] })} on its project.`
 */
export function ruleInWords(rule: RightsRule): string {
  if ('nobody' in rule) return rule.nobody;
  if ('admin' in rule) return 'administrator rights';
  if ('member' in rule) return 'membership';
  const names = 'anyOf' in rule ? rule.anyOf : rule.allOf;
  if (names.length === 1) return `the ${names[0]} right`;
  const joiner = 'anyOf' in rule ? ' or ' : ' and ';
  return `the ${names.slice(0, -1).join(', ')}${joiner}${names[names.length - 1]} rights`;
}
