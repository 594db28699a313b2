import { sql } from 'kysely';
import type { ReadScope } from '../engine/resourceDefinition';

/**
 * The one way a scope of projects becomes SQL: the rows whose column ("projectId", or "id" of the projects
 * themselves) is among the project ids, or no row at all.
 *
 * @example projectScope('projectId', projectsHolding(viewer, { anyOf: ['PASS_READ'] }))
 */
export function projectScope(column: 'projectId' | 'id', projectIds: readonly string[]): ReadScope {
  return projectIds.length
    ? sql<boolean>`${sql.ref(column)} in (${sql.join(projectIds.map((id) => sql`${id}::uuid`))})`
    : 'none';
}
