import { BooleanInput, PasswordInput, TextInput } from 'react-admin';

/**
 * The fields of a user, shared by the create and the edit page: an admin sets the admin flag on creating the user,
 * the detail shows it read-only (spec section 7); active only for admins.
 */
export const UserInputs = ({ mode, isAdmin }: { mode: 'create' | 'edit'; isAdmin: boolean }) => (
  <>
    {mode === 'edit' && <TextInput source="id" readOnly />}
    <TextInput source="displayName" />
    <TextInput source="email" type="email" />
    {mode === 'create' && <PasswordInput source="password" />}
    <BooleanInput source="isAdmin" readOnly={mode === 'edit' || !isAdmin} />
    {mode === 'edit' && <BooleanInput source="active" readOnly={!isAdmin} />}
  </>
);
