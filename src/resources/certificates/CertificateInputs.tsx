import { TextInput } from 'react-admin';
import { ProjectInput } from '../../common/ProjectInput';

/**
 * Name and project, shared by the New page and the certificate's page. Once the certificate exists only
 * admins may move it to another project.
 */
export const CertificateInputs = ({ mode, isAdmin }: { mode: 'create' | 'edit'; isAdmin: boolean }) => {
  return (
    <>
      <TextInput source="name" />
      <ProjectInput source="projectId" readOnly={mode === 'edit' && !isAdmin} />
    </>
  );
};
