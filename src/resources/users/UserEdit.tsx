import { access } from '../../../domain/consoleAreas';
import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { trimUser } from './userTransforms';
import { UserInputs } from './UserInputs';

/** A user: id, name, e-mail; the admin flag read-only, active read-only for non-admins. */
export const UserEdit = () => {
  const { viewer } = useViewer();
  const isAdmin = viewer ? access.adminOnly(viewer) : false;
  return (
    <ItemEdit canDelete={isAdmin} applyTransform={trimUser}>
      <UserInputs mode="edit" isAdmin={isAdmin} />
    </ItemEdit>
  );
};
