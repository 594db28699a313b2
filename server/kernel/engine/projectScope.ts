import { sql, type RawBuilder } from 'kysely';
import type { ProjectScope, ReadScope } from './resourceDefinition';

/**
 * The rows whose column ("projectId", or "id" of the projects themselves) is among the project ids, or no row at
 * all.
 *
 * @example projectScope('projectId', projectsHolding(viewer, { anyOf: ['PASS_READ'] }))
 */
export function projectScope(column: 'projectId' | 'id', projectIds: readonly string[]): ReadScope {
  return projectIds.length ? { column, projectIds } : 'none';
}

/** The one way a scope of projects becomes SQL. */
export function projectScopeSql(scope: ProjectScope): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(scope.column)} in (${sql.join(scope.projectIds.map((id) => sql`${id}::uuid`))})`;
}

/** Is the scope's project set a project scope (not a SQL condition)? */
export const isProjectScope = (scope: ReadScope): scope is ProjectScope =>
  typeof scope === 'object' && 'projectIds' in scope;
