import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectList } from './ProjectList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: ProjectList,
  edit: ProjectEdit,
  create: ProjectCreate,
  icon: AccountTreeIcon,
  recordRepresentation: recordRepresentationOf('identity/project'),
};
