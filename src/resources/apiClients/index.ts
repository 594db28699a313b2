import KeyIcon from '@mui/icons-material/Key';
import type { ApiClient } from '../../../domain/schemas/apiClient';
import { ApiClientCreate } from './ApiClientCreate';
import { ApiClientEdit } from './ApiClientEdit';
import { ApiClientList } from './ApiClientList';

export default {
  list: ApiClientList,
  edit: ApiClientEdit,
  create: ApiClientCreate,
  icon: KeyIcon,
  recordRepresentation: (client: ApiClient) => client.name,
};
