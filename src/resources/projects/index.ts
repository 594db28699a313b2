import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { Project } from '../../../domain/schemas/project';
import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectList } from './ProjectList';

export default {
  list: ProjectList,
  edit: ProjectEdit,
  create: ProjectCreate,
  icon: AccountTreeIcon,
  recordRepresentation: (project: Project) => project.name,
};
