import { Box } from '@mui/material';
import { DateField, Labeled, TextField } from 'react-admin';
import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { CertificateUpload } from './CertificateUpload';
import { CsrDownloadButton } from './CsrDownloadButton';

/** The request to send to Apple, the upload of what Apple issued, and what it says: pass type id, team id, end. */
const CertificateFile = () => (
  <>
    <CsrDownloadButton />
    <CertificateUpload />
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
  </>
);

/** The certificates' own pieces: the CSR, the upload and what the certificate says; a row's raw view. */
export const certificateWidgets: Widgets = {
  fields: { certificateFile: CertificateFile, rawView: RawViewButton },
};
