import { BooleanInput, TextInput, maxLength, required } from 'react-admin';
import { isValidClientId } from '../../../domain/schemas/apiClient';

const notBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined;

const chosenClientId = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !isValidClientId(value.trim())
    ? 'app.apiClient.clientIdRule'
    : undefined;

/**
 * Name, client id and kind (public: no secret) when created; afterwards the client id and kind are read-only and
 * the client can be turned off.
 */
export const ApiClientInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TextInput source="name" validate={[required(), notBlank, maxLength(200)]} />
    {mode === 'create' ? (
      <>
        <TextInput source="clientId" validate={chosenClientId} helperText="app.apiClient.clientIdHelp" />
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
