import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** The secret of a new API client, shown once, with a copy button. */
export const ClientSecretDialog = ({
  clientId,
  secret,
  onClose,
}: {
  clientId: string;
  secret: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.apiClient.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{translate('app.apiClient.secretText')}</Alert>
          <TextField
            label={translate('resources.identity/apiClient.fields.clientId')}
            value={clientId}
            slotProps={{ input: { readOnly: true } }}
          />
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              label={translate('resources.identity/apiClient.fields.clientSecret')}
              value={secret}
              fullWidth
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            />
            <Tooltip title={translate(copied ? 'app.action.copied' : 'app.action.copy')}>
              <IconButton aria-label={translate('app.action.copy')} onClick={() => void copy()}>
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('app.apiClient.secretDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
