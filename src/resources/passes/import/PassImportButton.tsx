import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useCanAccess, useResourceContext } from 'react-admin';
import { Link } from 'react-router';

/** Passes → Import, for a viewer who may create passes: opens the import page (the page loads only then). */
export const PassImportButton = () => {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ action: 'create', resource });
  if (!canAccess) return null;
  return (
    <Button component={Link} to="/passes/import" label="app.passImport.button">
      <UploadFileIcon />
    </Button>
  );
};
