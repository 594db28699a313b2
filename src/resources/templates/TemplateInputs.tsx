import { AutocompleteArrayInput, BooleanInput, TextInput, maxLength, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Project } from '../../../domain/schemas/project';
import { ProjectInput } from '../../common/ProjectInput';
import { mandatory } from '../../common/validators';
import { CertificateInput } from './CertificateInput';
import { languageChoices } from './templateValues';

export interface TemplateInputsProps {
  /** the New dialog asks for name, project and languages only */
  mode: 'create' | 'edit';
  /** the projects offered (create: where the viewer holds TEMPLATE_CREATE) */
  projects?: (project: Project) => boolean;
  isAdmin: boolean;
  /** without TEMPLATE_UPDATE nothing can be changed */
  readOnly?: boolean;
}

const atLeastOne = (field: string) => (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : { message: 'app.form.mandatory', args: { field } };

/**
 * Name, project, languages (and, on the template's page, the certificate; the distributable switch is the
 * designer's),
 * shared by the New template dialog and the General tab. The project of an existing template is
 * read-only except for admins.
 */
export const TemplateInputs = ({ mode, projects, isAdmin, readOnly = false }: TemplateInputsProps) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const label = (field: string) => translate(`resources.passes/template.fields.${field}`);
  const projectReadOnly = readOnly || (mode === 'edit' && !isAdmin);
  return (
    <>
      <TextInput source="name" validate={[mandatory(label('name')), maxLength(200)]} readOnly={readOnly} />
      <ProjectInput
        source="projectId"
        only={projects}
        validate={mandatory(label('projectId'))}
        readOnly={projectReadOnly}
        // a certificate belongs to one project: moving the template leaves it without one
        onChange={() => mode === 'edit' && setValue('certificateId', null, { shouldDirty: true })}
      />
      {mode === 'edit' && <CertificateInput isAdmin={isAdmin} readOnly={readOnly} />}
      <AutocompleteArrayInput
        source="languages"
        choices={[...languageChoices]}
        validate={atLeastOne(label('languages'))}
        readOnly={readOnly}
        filterSelectedOptions
      />
      {mode === 'edit' && (
        <BooleanInput source="trackLinks" readOnly={readOnly} helperText="app.template.trackLinksHelp" />
      )}
    </>
  );
};
