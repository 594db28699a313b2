import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../../domain/schemas/user';
import { userName } from './userTransforms';
import { lazyScreen } from '../../common/lazyScreen';

const UserCreate = lazyScreen(
  () => import('./UserCreate'),
  (module) => module.UserCreate,
);
const UserEdit = lazyScreen(
  () => import('./UserEdit'),
  (module) => module.UserEdit,
);
const UserList = lazyScreen(
  () => import('./UserList'),
  (module) => module.UserList,
);

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (user: User) => userName(user),
};
