import { BooleanInput, PasswordInput, TextInput } from 'react-admin';

/** The fields of a user, shared by the create and the edit page; admin flag and active only for admins. */
export const UserInputs = ({ mode, isAdmin }: { mode: 'create' | 'edit'; isAdmin: boolean }) => (
  <>
    {mode === 'edit' && <TextInput source="id" readOnly />}
    <TextInput source="displayName" />
    <TextInput source="email" type="email" />
    {mode === 'create' && <PasswordInput source="password" />}
    <BooleanInput source="isAdmin" readOnly={!isAdmin} />
    {mode === 'edit' && <BooleanInput source="active" readOnly={!isAdmin} />}
  </>
);
