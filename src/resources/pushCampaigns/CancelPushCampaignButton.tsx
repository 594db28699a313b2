import CancelIcon from '@mui/icons-material/Cancel';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { Right, can } from '../../../domain/rights';
import type { PushCampaign } from '../../../domain/schemas/pushCampaign';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useViewer } from '../../common/useViewer';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

/** Cancel (TEMPLATE_UPDATE on the campaign's project): a running campaign sends no more; none once it ended. */
export const CancelPushCampaignButton = () => {
  const campaign = useRecordContext<PushCampaign>();
  const { viewer } = useViewer();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!campaign?.id || campaign.status !== 'running') return null;
  if (!viewer || !can(viewer, Right.TEMPLATE_UPDATE, campaign.projectId)) return null;

  const cancel = async () => {
    setBusy(true);
    try {
      await dataProvider.cancelPushCampaign(campaign.id);
      notifyResult('success', 'app.pushCampaign.cancelled');
      refresh();
    } catch (error) {
      notifyResult('error', 'app.pushCampaign.cancelFailure', { error: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="app.pushCampaign.cancel" disabled={busy} onClick={() => void cancel()}>
      <CancelIcon />
    </Button>
  );
};
