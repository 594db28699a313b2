import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { WebhookDelivery } from '../../../domain/schemas/webhook';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';
import { useWebhookTranslate } from './webhookMessages';

/** Redeliver: a delivered or failed delivery is sent again with the same event; none while it is pending. */
export const RedeliverButton = () => {
  const delivery = useRecordContext<WebhookDelivery>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const text = useWebhookTranslate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!delivery?.id || delivery.status === 'pending') return null;

  const redeliver = async () => {
    setBusy(true);
    try {
      await dataProvider.redeliver(delivery.id);
      notifyResult('success', text('redelivered'));
      refresh();
    } catch (error) {
      notifyResult('error', text('redeliverFailure', { error: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={text('redeliver')}
      disabled={busy}
      onClick={(event) => {
        // a button in a list row: the row's click (open the delivery) is not wanted
        event.stopPropagation();
        void redeliver();
      }}
    >
      <ReplayIcon />
    </Button>
  );
};
