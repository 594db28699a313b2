import { LinearProgress } from '@mui/material';
import { ItemCreate } from '../../common/ItemCreate';
import { byName } from '../../common/ProjectInput';
import { useProjectRegister } from '../../common/useProjectRegister';
import { CertificateInputs } from './CertificateInputs';

/** A new certificate: a name and a project (the first of the list unless chosen); the server makes the key and CSR. */
export const CertificateCreate = () => {
  const { projects, isPending } = useProjectRegister();
  if (isPending) return <LinearProgress sx={{ my: 2 }} />;
  return (
    <ItemCreate defaultValues={{ name: '', projectId: byName(projects)[0]?.id ?? '' }}>
      <CertificateInputs mode="create" isAdmin />
    </ItemCreate>
  );
};
