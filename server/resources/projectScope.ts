import { sql } from 'kysely';
import { projectsWith } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import type { ReadScope } from '../engine/resourceDefinition';

/**
 * The rows of the projects where the viewer holds at least one of the rights, as a condition on "projectId".
 *
 * @example readScope: (viewer) => projectScope(viewer, [Right.PASS_READ])
 */
export function projectScope(viewer: Viewer, rights: readonly number[]): ReadScope {
  if (viewer.isAdmin) return 'all';
  const ids = [...new Set(rights.flatMap((right) => projectsWith(viewer, right)))];
  return ids.length ? sql<boolean>`"projectId" in (${sql.join(ids.map((id) => sql`${id}::uuid`))})` : 'none';
}
