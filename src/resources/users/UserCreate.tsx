import { ItemCreate } from '../../common/ItemCreate';
import { trimUser } from './userTransforms';
import { UserInputs } from './UserInputs';

/** A new user (admins only): name, e-mail, initial password, admin flag. */
export const UserCreate = () => (
  <ItemCreate defaultValues={{ isAdmin: false }} transform={trimUser}>
    <UserInputs mode="create" isAdmin />
  </ItemCreate>
);
