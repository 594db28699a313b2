import { BooleanInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { isValidClientId } from '../../../domain/schemas/apiClient';
import { mandatory } from '../../common/validators';

const chosenClientId = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !isValidClientId(value.trim())
    ? 'app.apiClient.clientIdRule'
    : undefined;

/**
 * Name, client id and kind (public: no secret) when created; afterwards the client id and kind are read-only and
 * the client can be turned off.
 */
export const ApiClientInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  const nameLabel = translate('resources.identity/apiClient.fields.name');
  // mandatory first: a blank name gets the spec's message; required() only marks the label.
  return (
    <>
      <TextInput source="name" validate={[mandatory(nameLabel), required(), maxLength(200)]} />
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
};
