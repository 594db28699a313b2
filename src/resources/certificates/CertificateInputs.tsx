import { TextInput, maxLength, required, useTranslate } from 'react-admin';
import { ProjectInput } from '../../common/ProjectInput';
import { mandatory } from '../../common/validators';

/**
 * Name and project, shared by the New page and the certificate's page. Once the certificate exists only
 * admins may move it to another project.
 */
export const CertificateInputs = ({ mode, isAdmin }: { mode: 'create' | 'edit'; isAdmin: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="name"
        validate={[mandatory(translate('resources.passes/certificate.fields.name')), maxLength(200)]}
      />
      <ProjectInput source="projectId" validate={required()} readOnly={mode === 'edit' && !isAdmin} />
    </>
  );
};
