import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../../domain/schemas/user';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { userName } from './userTransforms';

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (user: User) => userName(user),
};
