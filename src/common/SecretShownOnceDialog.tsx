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
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import type { AfterCreateProps } from './generated/widgets';

/** A read-only field shown above the secret, such as the client id that goes with it. */
export interface ShownOnceField {
  label: string;
  value: string;
}

/**
 * A secret the server answers only once (a new client's secret, a webhook's signing secret): a warning, any read-only
 * fields that go with it, the secret with a copy button, and a button that closes the dialog.
 *
 * @example
 * <SecretShownOnceDialog title={t('secretTitle')} warning={t('secretText')} doneLabel={t('secretDone')}
 *   secretLabel={t('secret')} secret={secret} onClose={done} />
 */
export const SecretShownOnceDialog = ({
  title,
  warning,
  doneLabel,
  secretLabel,
  secret,
  fields = [],
  onClose,
}: {
  title: string;
  warning: string;
  doneLabel: string;
  secretLabel: string;
  secret: string;
  fields?: readonly ShownOnceField[];
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
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{warning}</Alert>
          {fields.map((field) => (
            <TextField
              key={field.label}
              label={field.label}
              value={field.value}
              slotProps={{ input: { readOnly: true } }}
            />
          ))}
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              label={secretLabel}
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
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * An after-create step that shows a new record's secret once, read from its field `field` by `ShowSecret`, and goes
 * on at once when the answer carried none (a public client).
 *
 * @example afterCreate: { webhookSecret: secretOnceAfterCreate('secret', ({ secret, done }) => <WebhookSecretDialog secret={secret} onClose={done} />) }
 */
export function secretOnceAfterCreate(
  field: string,
  ShowSecret: ComponentType<AfterCreateProps & { secret: string }>,
) {
  return function SecretOnce({ record, done }: AfterCreateProps) {
    const value: unknown = record[field];
    const secret = typeof value === 'string' ? value : '';
    useEffect(() => {
      if (!secret) done();
    }, [secret, done]);
    return secret ? <ShowSecret record={record} done={done} secret={secret} /> : null;
  };
}
