import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { Certificate } from '../../../domain/schemas/certificate';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { CertificateFileAction } from './CertificateFileAction';

/**
 * "Renew" on a certificate that has its file: the renewed .cer Apple issued, for this certificate's request or for
 * that of a new certificate of the project. The server moves the templates and pushes their devices; the
 * notification says how many.
 */
export const CertificateRenew = () => {
  const certificate = useRecordContext<Certificate>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  if (!certificate?.hasCertificate) return null;
  return (
    <CertificateFileAction
      title="app.certificate.renewTitle"
      help="app.certificate.renewHelp"
      chooseLabel="app.certificate.chooseRenewal"
      icon={<AutorenewIcon />}
      actionLabel="app.certificate.renew"
      failure="app.certificate.renewFailure"
      send={async (file) => {
        const renewal = await dataProvider.renewCertificate(certificate.id, file);
        notifyResult('success', 'app.certificate.renewed', {}, 'app.certificate.renewedText', {
          name: renewal.certificate.name,
          templates: renewal.templatesMoved,
          devices: renewal.devicesToPush,
        });
      }}
    />
  );
};
