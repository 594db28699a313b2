import { BooleanInput, PasswordInput, TextInput, email, maxLength, minLength, required } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/password';

/** The fields of a user, shared by the create and the edit page; admin flag and active only for admins. */
export const UserInputs = ({ mode, isAdmin }: { mode: 'create' | 'edit'; isAdmin: boolean }) => (
  <>
    {mode === 'edit' && <TextInput source="id" readOnly />}
    <TextInput source="displayName" validate={maxLength(200)} />
    <TextInput source="email" type="email" validate={[required(), email(), maxLength(254)]} />
    {mode === 'create' && (
      <PasswordInput
        source="password"
        validate={[required(), minLength(PASSWORD_MIN), maxLength(PASSWORD_MAX)]}
      />
    )}
    <BooleanInput source="isAdmin" readOnly={!isAdmin} />
    {mode === 'edit' && <BooleanInput source="active" readOnly={!isAdmin} />}
  </>
);
