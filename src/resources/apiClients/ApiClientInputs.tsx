import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { isValidClientId } from '../../../domain/schemas/apiClient';
import type { FormRules } from '../../common/validation/useFormValidator';

/**
 * A chosen client id follows the API's rule (none chosen: the server makes one).
 *
 * @example <ItemCreate rules={useClientIdRule()}>…</ItemCreate>
 */
export function useClientIdRule(): FormRules {
  const translate = useTranslate();
  return ({ clientId }) =>
    typeof clientId === 'string' && clientId.trim() !== '' && !isValidClientId(clientId.trim())
      ? [{ path: '/clientId', message: translate('app.apiClient.clientIdRule') }]
      : [];
}

/**
 * Name, client id and kind (public: no secret) when created; afterwards the client id and kind are read-only and
 * the client can be turned off.
 */
export const ApiClientInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  return (
    <>
      <TextInput source="name" />
      {mode === 'create' ? (
        <>
          <TextInput source="clientId" helperText="app.apiClient.clientIdHelp" />
          <BooleanInput source="isPublic" helperText="app.apiClient.publicHelp" />
        </>
      ) : (
        <>
          <TextInput source="clientId" readOnly />
          <BooleanInput source="isPublic" readOnly />
          <BooleanInput source="active" />
        </>
      )}
    </>
  );
};
