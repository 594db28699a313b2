import { BooleanInput, TextInput, maxLength, required } from 'react-admin';

const notBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined;

/** Name (and, once it exists, the client id read-only and the active flag). */
export const ApiClientInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <>
    <TextInput source="name" validate={[required(), notBlank, maxLength(200)]} />
    {mode === 'edit' && <TextInput source="clientId" readOnly />}
    {mode === 'edit' && <BooleanInput source="active" />}
  </>
);
