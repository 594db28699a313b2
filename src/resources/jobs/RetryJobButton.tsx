import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Job } from '../../../domain/schemas/job';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

/** Retry of a failed job (POST /v1/job/{id}/retry); shown only on failed jobs. */
export const RetryJobButton = () => {
  const job = useRecordContext<Job>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (job?.state !== 'failed') return null;

  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.retryJob(job.id);
      notifyResult('success', 'app.job.retried', {
        kind: translate(`app.job.kind.${job.kind}`, { _: job.kind }),
      });
      refresh();
    } catch (error) {
      notifyResult('error', 'app.job.retryFailure', {}, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label="app.job.retry"
      disabled={busy}
      onClick={(event) => {
        // a button in a list row: the row's click (open the job) is not wanted
        event.stopPropagation();
        void retry();
      }}
    >
      <ReplayIcon />
    </Button>
  );
};
