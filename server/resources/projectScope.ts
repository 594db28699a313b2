import { sql } from 'kysely';
import { can } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import type { ReadScope } from '../engine/resourceDefinition';

/** The one way a scope of projects becomes SQL: the column among the project ids, or no row at all. */
function amongProjects(column: 'projectId' | 'id', ids: readonly string[]): ReadScope {
  return ids.length
    ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`
    : 'none';
}

/** The viewer's projects where `holds` is true of the viewer's rights there. */
const projectsWhere = (viewer: Viewer, holds: (projectId: string) => boolean) =>
  Object.keys(viewer.projects).filter(holds);

/**
 * The rows of the projects where the viewer holds at least one of the rights, as a condition on "projectId".
 *
 * @example readScope: (viewer) => projectScope(viewer, [Right.PASS_READ])
 */
export function projectScope(viewer: Viewer, rights: readonly number[]): ReadScope {
  if (viewer.isAdmin) return 'all';
  return amongProjects(
    'projectId',
    projectsWhere(viewer, (id) => rights.some((right) => can(viewer, right, id))),
  );
}

/**
 * The rows of the projects where the viewer holds every one of the rights on the same project, as a condition on
 * "projectId" (products need TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ there).
 *
 * @example readScope: (viewer) => projectScopeAll(viewer, [Right.TICKET_PRODUCT_MANAGE, Right.TICKET_ESHOP_READ])
 */
export function projectScopeAll(viewer: Viewer, rights: readonly number[]): ReadScope {
  if (viewer.isAdmin) return 'all';
  return amongProjects(
    'projectId',
    projectsWhere(viewer, (id) => rights.every((right) => can(viewer, right, id))),
  );
}

/** The projects themselves that the viewer is a member of (with any rights), as a condition on their "id". */
export function memberProjectScope(viewer: Viewer): ReadScope {
  if (viewer.isAdmin) return 'all';
  return amongProjects('id', Object.keys(viewer.projects));
}
