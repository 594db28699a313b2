import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthProvider, useGetOne, useParams, useRecordContext } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import type { Project } from '../../../domain/schemas/project';
import type { PassbaseAuthProvider } from '../../authProvider';
import type { AfterCreateProps, Widgets } from '../../common/generated/widgets';
import { useProjectRegister, useRefreshProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import { ProjectActiveButtons } from './ProjectActiveButtons';
import { ProjectParentInput, useParentCheck } from './ProjectParentInput';
import { parentChoices } from './projectValues';
import { ProjectUserRights } from './rights/ProjectUserRights';

/** The rights of the project's users, for a viewer who may change them there (USER_UPDATE). */
const ProjectRights = () => {
  const project = useRecordContext<Project>();
  const { viewer } = useViewer();
  if (!project || !viewer || !access.canManageUsersOnProject(viewer, project.id)) return null;
  return <ProjectUserRights />;
};

/** The parent check of the page's project (read as the page reads it) or of a new one. */
const useParentCheckOfPage = () => {
  const { id } = useParams<{ id: string }>();
  const { data: project } = useGetOne<Project>(
    'identity/project',
    { id: id ?? '' },
    { enabled: Boolean(id) },
  );
  return useParentCheck(id ? project : undefined);
};

/** A new project is active, under the first project where the viewer may create one unless they may create top-level ones. */
const useNewProjectDefaults = () => {
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  if (!viewer || isPending) return undefined;
  const topLevel = access.canCreateTopLevelProject(viewer);
  return {
    name: '',
    active: true,
    parentId: topLevel ? null : (parentChoices(projects, viewer)[0]?.id ?? null),
  };
};

/** After a project is created its creator's rights changed: the viewer and the projects are read again, then it opens. */
const ProjectCreated = ({ done }: AfterCreateProps) => {
  const authProvider = useAuthProvider<PassbaseAuthProvider>();
  const queryClient = useQueryClient();
  const refreshRegister = useRefreshProjectRegister();
  const started = useRef(false);
  useEffect(() => {
    // once, when the project was created
    if (started.current) return;
    started.current = true;
    void (async () => {
      await authProvider?.reloadViewer();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      void refreshRegister();
      done();
    })();
  }, [authProvider, queryClient, refreshRegister, done]);
  return null;
};

/** The projects' own pieces: the parent picker and its rule, (de)activation of the selected, the users' rights. */
export const projectWidgets: Widgets = {
  fields: {
    projectParent: ProjectParentInput,
    projectActive: ProjectActiveButtons,
    projectRights: ProjectRights,
  },
  checks: { projectParent: useParentCheckOfPage },
  createDefaults: useNewProjectDefaults,
  afterCreate: { projectCreated: ProjectCreated },
  afterSave: { projectRegister: useRefreshProjectRegister },
};
