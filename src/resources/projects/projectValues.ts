import { access } from '../../../domain/consoleAreas';
import { type RightsHolder } from '../../../domain/rights';
import type { Project, ProjectWrite } from '../../../domain/schemas/project';

/** The writable part of a project (what PUT takes). */
export const toProjectWrite = (project: Project): ProjectWrite => ({
  name: project.name,
  description: project.description,
  active: project.active,
  parentId: project.parentId,
});

/** The project and every project below it (it cannot become their child). */
export function selfAndDescendants(projects: readonly Project[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const project of projects) {
      if (project.parentId && found.has(project.parentId) && !found.has(project.id)) {
        found.add(project.id);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Projects that may be a parent: admins any; others those where they hold PROJECT_CREATE. The current
 * parent stays listed so that it shows; the project itself and its descendants never are.
 */
export function parentChoices(
  projects: readonly Project[],
  viewer: RightsHolder,
  project?: Pick<Project, 'id' | 'parentId'>,
): Project[] {
  const excluded = project ? selfAndDescendants(projects, project.id) : new Set<string>();
  return projects
    .filter((candidate) => !excluded.has(candidate.id))
    .filter(
      (candidate) =>
        access.canCreateTopLevelProject(viewer) ||
        access.canCreateSubProject(viewer, candidate.id) ||
        candidate.id === project?.parentId,
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
