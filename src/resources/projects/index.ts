import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const ProjectCreate = lazyScreen(
  () => import('./ProjectCreate'),
  (module) => module.ProjectCreate,
);
const ProjectEdit = lazyScreen(
  () => import('./ProjectEdit'),
  (module) => module.ProjectEdit,
);
const ProjectList = lazyScreen(
  () => import('./ProjectList'),
  (module) => module.ProjectList,
);

export default {
  list: ProjectList,
  edit: ProjectEdit,
  create: ProjectCreate,
  icon: AccountTreeIcon,
  recordRepresentation: recordRepresentationOf('identity/project'),
};
