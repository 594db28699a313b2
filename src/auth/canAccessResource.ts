import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { access } from '../../domain/consoleAreas';
import { holdsOn, holdsSomewhere, type RightsHolder, type RightsRule } from '../../domain/rights';

type Entity = Record<string, unknown>;

/**
 * The areas of the console that are not resources, and who sees them (domain/rights.ts): a route, or the first
 * part of the routes of an area (`report/links` → `report`).
 */
const AREAS: Readonly<Record<string, (viewer: RightsHolder) => boolean>> = {
  report: access.reports,
  'ticket/ticketAccounting': access.ticketAccounting,
  'ticket/validation': access.ticketValidation,
  'identity/audit': access.adminOnly,
  stamp: access.stampCard,
};

const byRoute = new Map(RESOURCES.map((descriptor) => [descriptor.route, descriptor]));

/**
 * The rules an action needs, as the server asks them: the screens (list, show, edit, export…) `screen ?? read`;
 * creating its rule; changing and deleting their rule on a row the viewer reads, i.e. the read rule too.
 */
function rulesOf(descriptor: ResourceDescriptor, action: string): RightsRule[] {
  const { access: rules } = descriptor;
  if (action === 'create') return [rules.create];
  if (action === 'update' || action === 'delete') return [rules.read, rules[action]];
  return [rules.screen ?? rules.read];
}

/** Do all the rules hold on the project, or, without one, together on some project (administrators: anywhere)? */
function holdAll(viewer: RightsHolder, rules: RightsRule[], projectId: string | undefined): boolean {
  if (projectId !== undefined) return rules.every((rule) => holdsOn(viewer, rule, projectId));
  if (viewer.isAdmin) return rules.every((rule) => holdsSomewhere(viewer, rule));
  return Object.keys(viewer.projects).some((id) => rules.every((rule) => holdsOn(viewer, rule, id)));
}

/**
 * The project whose rule the action on a record needs, as its declaration says (a new project: its parent);
 * undefined for rows of no project, or when the record does not say.
 */
function projectOf(descriptor: ResourceDescriptor, action: string, record: Entity): string | undefined {
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
  record?: Entity,
): boolean {
  const descriptor = byRoute.get(resource);
  if (!descriptor) {
    const area = AREAS[resource] ?? AREAS[resource.split('/')[0]];
    return area ? area(viewer) : false;
  }
  const projectId = record ? projectOf(descriptor, action, record) : undefined;
  return holdAll(viewer, rulesOf(descriptor, action), projectId);
}
