import { useMemo } from 'react';
import { Right, can } from '../../domain/rights';
import { byName } from '../common/ProjectInput';
import { useProjectRegister } from '../common/useProjectRegister';
import { useViewer } from '../common/useViewer';

/** The projects whose reports the viewer may read (admins: all, others: where they hold PASS_READ), by name. */
export function useReportProjects() {
  const { viewer } = useViewer();
  const { projects, byId, isPending } = useProjectRegister();
  const readable = useMemo(
    () => (viewer ? byName(projects.filter((project) => can(viewer, Right.PASS_READ, project.id))) : []),
    [projects, viewer],
  );
  return { projects: readable, byId, isPending: isPending || !viewer };
}
