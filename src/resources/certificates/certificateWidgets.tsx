import { Box } from '@mui/material';
import { Labeled, TextField } from 'react-admin';
import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { CertificateExpiry } from './CertificateExpiryChip';
import { CertificateRenew } from './CertificateRenew';
import { CertificateUpload } from './CertificateUpload';
import { CsrDownloadButton } from './CsrDownloadButton';

/**
 * The request to send to Apple, the upload of what Apple issued, what it says (pass type id, team id, its expiry
 * and state) and, once it has a file, its renewal.
 */
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
        <CertificateExpiry />
      </Labeled>
    </Box>
    <CertificateRenew />
  </>
);

/** The certificates' own pieces: the CSR, the upload, what the certificate says and its renewal; its expiry column; a row's raw view. */
export const certificateWidgets: Widgets = {
  fields: { certificateFile: CertificateFile, certificateExpiry: CertificateExpiry, rawView: RawViewButton },
};
