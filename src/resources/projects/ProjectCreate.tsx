import { ProjectCreateDialog } from './ProjectCreateDialog';
import { ProjectList } from './ProjectList';

/** /identity/project/new: the list with the New project modal over it. */
export const ProjectCreate = () => (
  <>
    <ProjectList />
    <ProjectCreateDialog />
  </>
);
