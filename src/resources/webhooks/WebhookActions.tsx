import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { Webhook } from '../../../domain/schemas/webhook';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { useWebhookTranslate } from './webhookMessages';

/** A webhook page's buttons: Send test event (to this endpoint only) and Roll secret (the new one shown once). */
export const WebhookActions = () => {
  const webhook = useRecordContext<Webhook>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const text = useWebhookTranslate();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState('');
  if (!webhook?.id || webhook.deletedAt) return null;

  const sendTest = async () => {
    setBusy(true);
    try {
      await dataProvider.sendTestEvent(webhook.id);
      notifyResult('success', text('testSent'));
      refresh();
    } catch (error) {
      notifyResult('error', text('testFailure', { error: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };
  const roll = async () => {
    if (!window.confirm(text('rollConfirm'))) return;
    setBusy(true);
    try {
      const rolled = await dataProvider.rollWebhookSecret(webhook.id);
      setSecret(rolled.secret ?? '');
      notifyResult('success', text('rolled'));
    } catch (error) {
      notifyResult('error', text('rollFailure', { error: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={text('sendTest')} disabled={busy} onClick={() => void sendTest()}>
        <SendIcon />
      </Button>
      <Button label={text('rollSecret')} disabled={busy} onClick={() => void roll()}>
        <KeyIcon />
      </Button>
      {secret && (
        <WebhookSecretDialog
          secret={secret}
          onClose={() => {
            setSecret('');
            refresh();
          }}
        />
      )}
    </>
  );
};
