import { Box } from '@mui/material';
import { DateField, Labeled, TextField, useTranslate } from 'react-admin';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { CertificateInputs } from './CertificateInputs';
import { CertificateUpload } from './CertificateUpload';
import { CsrDownloadButton } from './CsrDownloadButton';

/** What the uploaded certificate says: pass type id, team id, end of validity. */
const IssuedCertificate = () => (
  <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mt: 2 }}>
    <Labeled source="passTypeId">
      <TextField source="passTypeId" emptyText="—" />
    </Labeled>
    <Labeled source="teamId">
      <TextField source="teamId" emptyText="—" />
    </Labeled>
    <Labeled source="expiration">
      <DateField source="expiration" showTime emptyText="—" />
    </Labeled>
  </Box>
);

/**
 * The certificate's page: the form (name, project, CSR download, upload of the issued certificate and what
 * it says) and, for admins, its writable fields as JSON.
 */
export const CertificateTabs = ({ isAdmin }: { isAdmin: boolean }) => {
  const translate = useTranslate();
  const tabs: FormTab[] = [
    {
      key: 'form',
      label: translate('app.certificate.tabForm'),
      content: (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <CertificateInputs mode="edit" isAdmin={isAdmin} />
          <CsrDownloadButton />
          <CertificateUpload />
          <IssuedCertificate />
        </Box>
      ),
    },
  ];
  if (isAdmin)
    tabs.push({
      key: 'json',
      label: translate('app.certificate.tabJson'),
      content: <JsonTab label={translate('app.certificate.tabJson')} />,
    });
  return <FormTabs tabs={tabs} />;
};
