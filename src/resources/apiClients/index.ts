import KeyIcon from '@mui/icons-material/Key';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const ApiClientCreate = lazyScreen(
  () => import('./ApiClientCreate'),
  (module) => module.ApiClientCreate,
);
const ApiClientEdit = lazyScreen(
  () => import('./ApiClientEdit'),
  (module) => module.ApiClientEdit,
);
const ApiClientList = lazyScreen(
  () => import('./ApiClientList'),
  (module) => module.ApiClientList,
);

export default {
  list: ApiClientList,
  edit: ApiClientEdit,
  create: ApiClientCreate,
  icon: KeyIcon,
  recordRepresentation: recordRepresentationOf('identity/apiClient'),
};
