import { LinearProgress } from '@mui/material';
import { useGetOne, useParams, useRecordContext } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import type { Project } from '../../../domain/schemas/project';
import { ItemEdit } from '../../common/ItemEdit';
import { useProjectRegister, useRefreshProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import { ProjectInputs, useParentRule } from './ProjectInputs';
import { parentChoices } from './projectValues';
import { ProjectUserRights } from './rights/ProjectUserRights';

const ProjectDetailInputs = ({ readOnly }: { readOnly: boolean }) => {
  const project = useRecordContext<Project>();
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  if (!viewer || !project || isPending) return <LinearProgress sx={{ my: 2 }} />;
  const allowTopLevel = access.canCreateTopLevelProject(viewer) || project.parentId === null;
  const parents = parentChoices(projects, viewer, project);
  // A parent the viewer cannot see still shows, by its id.
  if (project.parentId && !parents.some((parent) => parent.id === project.parentId)) {
    parents.unshift({ ...project, id: project.parentId, name: project.parentId, parentId: null });
  }
  return <ProjectInputs mode="edit" parents={parents} allowTopLevel={allowTopLevel} readOnly={readOnly} />;
};

/**
 * A project: its details (editable with PROJECT_UPDATE on it) and, for holders of USER_UPDATE on it,
 * the rights of its users.
 */
export const ProjectEdit = () => {
  const { id = '' } = useParams<{ id: string }>();
  const { viewer } = useViewer();
  const refreshRegister = useRefreshProjectRegister();
  const canEdit = viewer ? access.canEditProject(viewer, id) : false;
  const canManageUsers = viewer ? access.canManageUsersOnProject(viewer, id) : false;
  // the same query as the page's own read
  const { data: project } = useGetOne<Project>('identity/project', { id });
  const parentRule = useParentRule(
    (viewer ? access.canCreateTopLevelProject(viewer) : false) || project?.parentId === null,
  );
  return (
    <ItemEdit
      canSave={canEdit}
      rules={parentRule}
      canDelete={viewer ? access.adminOnly(viewer) : false}
      onSaved={() => void refreshRegister()}
      after={canManageUsers ? <ProjectUserRights /> : null}
    >
      <ProjectDetailInputs readOnly={!canEdit} />
    </ItemEdit>
  );
};
