import { BooleanInput, SelectInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import type { Project } from '../../../domain/schemas/project';
import { mandatory } from '../../common/validators';

export interface ProjectInputsProps {
  parents: readonly Project[];
  /** may the project stay (or become) top-level: admins only */
  allowTopLevel: boolean;
  readOnly?: boolean;
  /** the New project modal asks only for the name and the parent */
  mode: 'create' | 'edit';
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);
const nullToEmpty = (value: unknown) => value ?? '';

/** Name, description, active and parent, shared by the New project modal and the project page. */
export const ProjectInputs = ({ parents, allowTopLevel, readOnly = false, mode }: ProjectInputsProps) => {
  const translate = useTranslate();
  const nameLabel = translate('resources.identity/project.fields.name');
  return (
    <>
      <TextInput source="name" validate={[mandatory(nameLabel), maxLength(200)]} readOnly={readOnly} />
      {mode === 'edit' && (
        <TextInput
          source="description"
          multiline
          minRows={2}
          validate={maxLength(2000)}
          readOnly={readOnly}
        />
      )}
      {mode === 'edit' && <BooleanInput source="active" readOnly={readOnly} />}
      <SelectInput
        source="parentId"
        choices={[...parents]}
        optionText="name"
        optionValue="id"
        emptyText={allowTopLevel ? 'app.project.noParent' : undefined}
        validate={allowTopLevel ? undefined : required()}
        parse={emptyToNull}
        format={nullToEmpty}
        readOnly={readOnly}
      />
    </>
  );
};
