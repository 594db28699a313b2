import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext } from 'react-admin';
import type { Certificate } from '../../../domain/schemas/certificate';
import { saveFile } from '../../common/saveFile';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

/** Downloads the certificate request (with the viewer's token) as {certificate name}.pem, to send to Apple. */
export const CsrDownloadButton = () => {
  const certificate = useRecordContext<Certificate>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const [running, setRunning] = useState(false);
  if (!certificate) return null;

  const download = async () => {
    setRunning(true);
    try {
      const pem = await dataProvider.getCertificateRequest(certificate.id);
      saveFile(pem, `${certificate.name}.pem`, 'application/x-pem-file');
    } catch (error) {
      notifyResult('error', 'app.certificate.csrFailure', {}, errorMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button
      label="app.certificate.csrDownload"
      variant="outlined"
      disabled={running}
      onClick={() => void download()}
      sx={{ alignSelf: 'flex-start' }}
    >
      <DownloadIcon />
    </Button>
  );
};
