import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { access, holdsOn, holdsSomewhere, type RightsHolder, type RightsRule } from '../../domain/rights';

type Record_ = Record<string, unknown>;

/**
 * The areas of the console that are not resources, and who sees them (domain/rights.ts): a route, or the first
 * part of the routes of an area (`report/links` → `report`).
 */
const AREAS: Readonly<Record<string, (viewer: RightsHolder) => boolean>> = {
  report: access.reports,
  'ticket/ticketAccounting': access.ticketAccounting,
  'identity/audit': access.adminOnly,
};

const byRoute = new Map(RESOURCES.map((descriptor) => [descriptor.route, descriptor]));

/** The rule of an action: its own for writes; the screens (list, show, edit, export…) need `screen ?? read`. */
function ruleOf(descriptor: ResourceDescriptor, action: string): RightsRule {
  const { access: rules } = descriptor;
  if (action === 'create' || action === 'update' || action === 'delete') return rules[action];
  return rules.screen ?? rules.read;
}

/**
 * The project whose rule the action on a record needs, as its declaration says (a new project: its parent);
 * undefined for rows of no project, or when the record does not say.
 */
function projectOf(descriptor: ResourceDescriptor, action: string, record: Record_): string | undefined {
  if (descriptor.project === 'none') return undefined;
  const field = descriptor.project === 'projectId' ? 'projectId' : action === 'create' ? 'parentId' : 'id';
  const value = record[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * authProvider.canAccess without the I/O, answered from the resources' declarations (domain/resources.ts) as the
 * server answers: the action's rule on the record's project when a record is given, otherwise held on some
 * project. Areas that are not resources answer by their own rule; unknown routes are denied.
 *
 * @example canAccessResource(viewer, 'identity/project', 'update', { id: projectId })
 */
export function canAccessResource(
  viewer: RightsHolder,
  resource: string,
  action: string,
  record?: Record_,
): boolean {
  const descriptor = byRoute.get(resource);
  if (!descriptor) {
    const area = AREAS[resource] ?? AREAS[resource.split('/')[0]];
    return area ? area(viewer) : false;
  }
  const rule = ruleOf(descriptor, action);
  const projectId = record ? projectOf(descriptor, action, record) : undefined;
  return projectId === undefined ? holdsSomewhere(viewer, rule) : holdsOn(viewer, rule, projectId);
}
