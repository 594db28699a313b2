import { AutocompleteArrayInput, BooleanInput, TextInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Project } from '../../../domain/schemas/project';
import { ProjectInput } from '../../common/ProjectInput';
import { CertificateInput } from './CertificateInput';
import { languageChoices } from '../../common/languageChoices';

export interface TemplateInputsProps {
  /** the New dialog asks for name, project and languages only */
  mode: 'create' | 'edit';
  /** the projects offered (create: where the viewer holds TEMPLATE_CREATE) */
  projects?: (project: Project) => boolean;
  isAdmin: boolean;
  /** without TEMPLATE_UPDATE nothing can be changed */
  readOnly?: boolean;
}

/**
 * Name, project, languages (and, on the template's page, the certificate; the distributable switch is the
 * designer's),
 * shared by the New template dialog and the General tab. The project of an existing template is
 * read-only except for admins.
 */
export const TemplateInputs = ({ mode, projects, isAdmin, readOnly = false }: TemplateInputsProps) => {
  const { setValue } = useFormContext();
  const projectReadOnly = readOnly || (mode === 'edit' && !isAdmin);
  return (
    <>
      <TextInput source="name" readOnly={readOnly} />
      <ProjectInput
        source="projectId"
        only={projects}
        readOnly={projectReadOnly}
        // a certificate belongs to one project: moving the template leaves it without one
        onChange={() => mode === 'edit' && setValue('certificateId', null, { shouldDirty: true })}
      />
      {mode === 'edit' && <CertificateInput isAdmin={isAdmin} readOnly={readOnly} />}
      <AutocompleteArrayInput
        source="languages"
        choices={languageChoices}
        readOnly={readOnly}
        filterSelectedOptions
      />
      {mode === 'edit' && (
        <BooleanInput source="trackLinks" readOnly={readOnly} helperText="app.template.trackLinksHelp" />
      )}
    </>
  );
};
