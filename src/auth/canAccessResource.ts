import { Right, access, canAnywhere, type RightsHolder } from '../../domain/rights';

type Rule = (viewer: RightsHolder, record?: Record<string, unknown>) => boolean;
interface ResourceRules {
  /** list, show, edit, export and anything not named below */
  read: Rule;
  create?: Rule;
  /** saving changes; the edit screen itself needs only `read` */
  update?: Rule;
  delete?: Rule;
}

const recordId = (record?: Record<string, unknown>) => (typeof record?.id === 'string' ? record.id : '');

/**
 * Who may do what on each console resource (spec section 6), answered only by the pure functions of
 * domain/rights.ts. Areas that are not resources (menu sections) are listed here too, under their route.
 */
const rules: Readonly<Record<string, ResourceRules>> = {
  'identity/project': {
    read: access.identityProjects,
    create: (viewer) => access.canCreateTopLevelProject(viewer) || canAnywhere(viewer, Right.PROJECT_CREATE),
    update: (viewer, record) =>
      record ? access.canEditProject(viewer, recordId(record)) : canAnywhere(viewer, Right.PROJECT_UPDATE),
    delete: access.adminOnly,
  },
  'identity/user': { read: access.identityUsers, create: access.adminOnly, delete: access.adminOnly },
  'identity/apiClient': { read: access.adminOnly },
  'identity/audit': { read: access.adminOnly },
  'passes/pass': { read: access.passes, create: (viewer) => canAnywhere(viewer, Right.PASS_CREATE) },
  'passes/template': {
    read: access.templates,
    create: (viewer) => canAnywhere(viewer, Right.TEMPLATE_CREATE),
  },
  'passes/image': { read: access.imagesMenu, create: access.manageImages },
  'passes/certificate': { read: access.certificates },
  report: { read: access.reports },
  'ticket/ticketAccounting': { read: access.ticketAccounting },
  'ticket/ticketEshop': { read: access.ticketConfig, create: access.adminOnly },
  'ticket/ticketProduct': { read: access.ticketProducts },
  'ticket/ticketOrder': { read: access.ticketConfig },
  'ticket/ticketOrderItem': { read: access.ticketConfig },
};

/** The rules of a resource, or of the area it belongs to (`report/links` → `report`). */
function rulesOf(resource: string): ResourceRules | undefined {
  return rules[resource] ?? rules[resource.split('/')[0]];
}

/**
 * authProvider.canAccess without the I/O: unknown resources are denied.
 *
 * @example canAccessResource(viewer, 'identity/project', 'create')
 */
export function canAccessResource(
  viewer: RightsHolder,
  resource: string,
  action: string,
  record?: Record<string, unknown>,
): boolean {
  const resourceRules = rulesOf(resource);
  if (!resourceRules) return false;
  if (!resourceRules.read(viewer, record)) return false;
  if (action === 'create' || action === 'update' || action === 'delete') {
    return (resourceRules[action] ?? resourceRules.read)(viewer, record);
  }
  return true;
}
