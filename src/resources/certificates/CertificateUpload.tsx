import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { Certificate } from '../../../domain/schemas/certificate';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { CertificateFileAction } from './CertificateFileAction';

/**
 * The upload of the certificate Apple issued for the request (DER .cer or PEM), or of a .p12 holding a certificate
 * with its key (its password asked for). Without a file it says 'Please select file'; any answer but 200 is
 * notified with its status and text.
 */
export const CertificateUpload = () => {
  const certificate = useRecordContext<Certificate>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  if (!certificate) return null;
  return (
    <CertificateFileAction
      title="app.certificate.file"
      chooseLabel="app.certificate.chooseFile"
      icon={<UploadFileIcon />}
      actionLabel="app.certificate.upload"
      failure="app.certificate.uploadFailure"
      missingText="app.certificate.selectFile"
      keyed
      send={async (file, password) => {
        const uploaded = await dataProvider.uploadCertificate(certificate.id, file, password);
        notifyResult('success', 'app.certificate.uploaded', {}, 'app.certificate.uploadedText', {
          name: uploaded.name,
          passTypeId: uploaded.passTypeId ?? '',
        });
      }}
    />
  );
};
