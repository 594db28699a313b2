import { BooleanInput, SelectInput, TextInput, useTranslate, useTranslateLabel } from 'react-admin';
import type { Project } from '../../../domain/schemas/project';
import type { FormRules } from '../../common/validation/useFormValidator';

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

/**
 * The project's rule beyond its schema: only admins keep or make a project top-level, everyone else names a parent.
 *
 * @example <ItemEdit rules={useParentRule(allowTopLevel)}>…</ItemEdit>
 */
export function useParentRule(allowTopLevel: boolean): FormRules {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const message = translate('app.form.mandatory', {
    field: translateLabel({ source: 'parentId', resource: 'identity/project' }),
  });
  return (values) => (allowTopLevel || values.parentId ? [] : [{ path: '/parentId', message }]);
}

/** Name, description, active and parent, shared by the New project modal and the project page. */
export const ProjectInputs = ({ parents, allowTopLevel, readOnly = false, mode }: ProjectInputsProps) => {
  return (
    <>
      <TextInput source="name" readOnly={readOnly} />
      {mode === 'edit' && <TextInput source="description" multiline minRows={2} readOnly={readOnly} />}
      {mode === 'edit' && <BooleanInput source="active" readOnly={readOnly} />}
      <SelectInput
        source="parentId"
        choices={[...parents]}
        optionText="name"
        optionValue="id"
        emptyText={allowTopLevel ? 'app.project.noParent' : undefined}
        // no "none" choice for those who must name a parent (useParentRule checks it)
        isRequired={!allowTopLevel}
        parse={emptyToNull}
        format={nullToEmpty}
        readOnly={readOnly}
      />
    </>
  );
};
