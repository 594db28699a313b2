import KeyIcon from '@mui/icons-material/Key';
import { ApiClientCreate } from './ApiClientCreate';
import { ApiClientEdit } from './ApiClientEdit';
import { ApiClientList } from './ApiClientList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: ApiClientList,
  edit: ApiClientEdit,
  create: ApiClientCreate,
  icon: KeyIcon,
  recordRepresentation: recordRepresentationOf('identity/apiClient'),
};
