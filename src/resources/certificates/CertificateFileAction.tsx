import { Button as MuiButton, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, useEditContext, useTranslate } from 'react-admin';
import type { Certificate } from '../../../domain/schemas/certificate';
import { useNotifyResult } from '../../common/useNotifyResult';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

/** The certificate files Apple issues: DER .cer, or PEM. */
const CERTIFICATE_FILES =
  '.cer,.crt,.der,.pem,application/pkix-cert,application/x-x509-ca-cert,application/x-pem-file';
/** A certificate exported with its key (Keychain Access, OpenSSL): PKCS #12. */
const KEYED_FILES = '.p12,.pfx,application/x-pkcs12';
const isKeyed = (file: File | null) => file !== null && /\.(p12|pfx)$/i.test(file.name);

/**
 * A certificate file chosen and sent with one button (the upload of the issued .cer, a renewal): `send` calls the
 * server and notifies its success; a failure is notified with its status and text, and the record is read again
 * after a success. With `missingText`, the button is enabled without a file and says so; else it waits for one.
 * With `keyed`, a .p12 is accepted too, and its password asked for once one is chosen.
 *
 * @example <CertificateFileAction title="app.certificate.file" chooseLabel="app.certificate.chooseFile" icon={<UploadFileIcon />} actionLabel="app.certificate.upload" failure="app.certificate.uploadFailure" send={upload} />
 */
export const CertificateFileAction = ({
  title,
  help,
  chooseLabel,
  icon,
  actionLabel,
  failure,
  missingText,
  keyed,
  send,
}: {
  title: string;
  help?: string;
  chooseLabel: string;
  icon: ReactNode;
  actionLabel: string;
  failure: string;
  missingText?: string;
  keyed?: boolean;
  send: (file: File, password: string) => Promise<void>;
}) => {
  const { refetch } = useEditContext<Certificate>();
  const notifyResult = useNotifyResult();
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setRunning(true);
    try {
      await send(file, isKeyed(file) ? password : '');
      setFile(null);
      setPassword('');
      await refetch?.();
    } catch (error) {
      notifyResult('error', failure, { status: errorStatus(error) ?? '' }, errorMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ mt: help ? 3 : 2 }}>
      <Typography variant="subtitle2">{translate(title)}</Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {translate(help)}
        </Typography>
      )}
      <Stack direction="row" spacing={2} alignItems="center">
        <MuiButton component="label" variant="outlined" startIcon={icon}>
          {translate(chooseLabel)}
          <input
            hidden
            type="file"
            aria-label={translate(chooseLabel)}
            accept={keyed ? `${CERTIFICATE_FILES},${KEYED_FILES}` : CERTIFICATE_FILES}
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
        {keyed && isKeyed(file) && (
          <TextField
            size="small"
            type="password"
            autoComplete="off"
            label={translate('app.certificate.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <Button
          label={actionLabel}
          variant="contained"
          disabled={running || (!file && !missingText)}
          onClick={() => void run()}
        />
      </Stack>
      {missing && missingText && <FormHelperText error>{translate(missingText)}</FormHelperText>}
    </Stack>
  );
};
