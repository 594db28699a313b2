import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { BarcodeScanner, barcodeScanAvailable } from '../common/BarcodeScanner';

/** The code of a card: typed (Enter or Find), or scanned with the camera where the browser can read barcodes. */
export const CodeForm = ({ onCode, disabled }: { onCode: (code: string) => void; disabled: boolean }) => {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const scanned = useCallback(
    (value: string) => {
      setScanning(false);
      setCode(value);
      onCode(value);
    },
    [onCode],
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim()) onCode(code.trim());
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={translate('app.stamp.code')}
          helperText={translate('app.stamp.codeHint')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
          fullWidth
          size="small"
          inputProps={{
            'aria-label': translate('app.stamp.code'),
            autoComplete: 'off',
            enterKeyHint: 'search',
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || !code.trim()}
          startIcon={<SearchIcon />}
        >
          {translate('app.stamp.find')}
        </Button>
      </Box>
      {barcodeScanAvailable() ? (
        <>
          <Button
            variant="outlined"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => setScanning((now) => !now)}
            disabled={disabled}
          >
            {translate(scanning ? 'app.stamp.stopScan' : 'app.stamp.scan')}
          </Button>
          {scanning && <BarcodeScanner onCode={scanned} failureMessage="app.stamp.cameraFailed" />}
        </>
      ) : (
        <Alert severity="info" role="status">
          {translate('app.stamp.noScanner')}
        </Alert>
      )}
    </Box>
  );
};
