import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button as MuiButton, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useEditContext, useRecordContext, useTranslate } from 'react-admin';
import type { Certificate } from '../../../domain/schemas/certificate';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

/**
 * The upload of the certificate Apple issued for the request (DER .cer or PEM). Without a file it says
 * 'Please select file'; any answer but 200 is notified with its status and text.
 */
export const CertificateUpload = () => {
  const certificate = useRecordContext<Certificate>();
  const { refetch } = useEditContext<Certificate>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [running, setRunning] = useState(false);
  if (!certificate) return null;

  const upload = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setRunning(true);
    try {
      const uploaded = await dataProvider.uploadCertificate(certificate.id, file);
      notifyResult('success', 'app.certificate.uploaded', {}, 'app.certificate.uploadedText', {
        name: uploaded.name,
        passTypeId: uploaded.passTypeId ?? '',
      });
      setFile(null);
      await refetch?.();
    } catch (error) {
      const status = errorStatus(error) ?? '';
      notifyResult('error', 'app.certificate.uploadFailure', { status }, errorMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{translate('app.certificate.file')}</Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('app.certificate.chooseFile')}
          <input
            hidden
            type="file"
            accept=".cer,.crt,.der,.pem,application/pkix-cert,application/x-x509-ca-cert,application/x-pem-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
              event.target.value = '';
            }}
          />
        </MuiButton>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : translate('app.certificate.noFile')}
        </Typography>
        <Button
          label="app.certificate.upload"
          variant="contained"
          disabled={running}
          onClick={() => void upload()}
        />
      </Stack>
      {missing && <FormHelperText error>{translate('app.certificate.selectFile')}</FormHelperText>}
    </Stack>
  );
};
