import { useTranslate } from 'react-admin';
import { PASSWORD_MIN } from '../../../domain/password';
import { ItemCreate } from '../../common/ItemCreate';
import type { FormRules } from '../../common/validation/useFormValidator';
import { trimUser } from './userTransforms';
import { UserInputs } from './UserInputs';

/** The console asks more of an initial password than the API does (spec section 5: at least 8 characters). */
function usePasswordRule(): FormRules {
  const translate = useTranslate();
  const message = translate('app.form.correctValue', {
    reason: translate('app.form.reason.minLength', { limit: PASSWORD_MIN }),
  });
  return ({ password }) =>
    typeof password === 'string' && password.length > 0 && password.length < PASSWORD_MIN
      ? [{ path: '/password', message }]
      : [];
}

/** A new user (admins only): name, e-mail, initial password, admin flag. */
export const UserCreate = () => (
  <ItemCreate defaultValues={{ isAdmin: false }} transform={trimUser} rules={usePasswordRule()}>
    <UserInputs mode="create" isAdmin />
  </ItemCreate>
);
